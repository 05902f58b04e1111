/**
 * A token's look (name and colour): the one gate every door uses, the palette's contrast, and
 * tokens stored before looks existed reading as they are (no migration: a new optional field).
 */
import { describe, expect, it } from "vitest";
import { checkLook } from "../../../lib/state/look-check";
import { menuTag, nameOf, PALETTE, tokenTag } from "../../../lib/state/token-look";
import { withRefreshedAddress } from "../../../lib/state/tokens";
import { codecs } from "../../../lib/storage/items";
import { makeToken } from "../stored-token";

describe("checkLook (the gate)", () => {
  it("trims a name and takes a palette colour or none", () => {
    expect(checkLook({ name: "  Work  ", colour: "#3b82f6" })).toEqual({
      ok: true,
      value: { name: "Work", colour: "#3b82f6" },
    });
    expect(checkLook({ name: "", colour: "" })).toEqual({
      ok: true,
      value: { name: "", colour: "" },
    });
    expect(checkLook({ name: "办公室 🏢", colour: "" }).ok).toBe(true);
  });

  it.each([
    ["x".repeat(41), "token-name"],
    ["tab\there", "token-name"],
    ["line\nbreak", "token-name"],
    ["spoof\u202Egnp.exe", "token-name"],
    [42, "token-name"],
  ])("refuses the name %j", (name, code) => {
    const checked = checkLook({ name, colour: "" });
    expect(checked.ok ? null : checked.refusal.code).toBe(code);
  });

  it("counts characters, not UTF-16 units: 40 emoji pass", () => {
    expect(checkLook({ name: "🏢".repeat(40), colour: "" }).ok).toBe(true);
  });

  it.each(["red", "#ff0000", "#3B82F6", "blue;background:url(x)", null])(
    "refuses the colour %j",
    (colour) => {
      const checked = checkLook({ name: "a", colour });
      expect(checked.ok ? null : checked.refusal.code).toBe("token-colour");
    },
  );
});

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("the palette", () => {
  // theme.css: --bg and --bg-muted, light and dark.
  it.each(["#ffffff", "#f3f4f6", "#111827", "#1f2937"])("keeps 3:1 against %s", (bg) => {
    for (const colour of PALETTE) expect(contrast(colour.hex, bg)).toBeGreaterThanOrEqual(3);
  });

  it("has distinct colours and ids", () => {
    expect(new Set(PALETTE.map((c) => c.hex)).size).toBe(PALETTE.length);
    expect(new Set(PALETTE.map((c) => c.id)).size).toBe(PALETTE.length);
  });
});

describe("tokens stored before looks", () => {
  it("read as they are, with no look and no name taken from the provider's string", () => {
    const old = { ...makeToken({ id: 4, kind: "dynamic-ip", name: "DIP-US-000004" }) };
    delete (old as { look?: unknown }).look;
    const { value, kept } = codecs.tokens.read([old]);
    expect(kept).toEqual([]);
    expect(value[0]?.look).toBeUndefined();
    expect(nameOf(value[0] as never)).toBe("");
    expect(tokenTag(value[0] as never)).toBe("#4");
  });

  it("a hand-added proxy's line name stands until a look is set", () => {
    const manual = makeToken({ id: -2, kind: "manual", name: "from csv" });
    expect(nameOf(manual)).toBe("from csv");
    expect(nameOf({ ...manual, look: { name: "", colour: "" } })).toBe("");
  });

  it("a look that fails the gate never hides its token (the stored schema is loose)", () => {
    const odd = makeToken({ id: 5, look: { name: "a\u0000b", colour: "teal" } });
    const { value, kept } = codecs.tokens.read([odd]);
    expect(kept).toEqual([]);
    // Menus and titles clean what never passed the gate.
    expect(menuTag(value[0] as never)).toBe("#5 ab");
  });

  it("a provider refresh keeps the user's look", () => {
    const token = makeToken({
      id: 6,
      kind: "dynamic-ip",
      look: { name: "Home", colour: "#059669" },
    });
    const fresh = withRefreshedAddress(token, {
      id: 6,
      ip: "203.0.113.60",
      host: "",
      port: 9000,
      username: "u",
      password: "p",
    } as never);
    expect(fresh.look).toEqual({ name: "Home", colour: "#059669" });
    expect(menuTag(fresh)).toBe("🟢 #6 Home");
  });
});

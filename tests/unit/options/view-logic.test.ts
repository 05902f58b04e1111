import { describe, expect, it } from "vitest";
import { exitRoute, tokenLabel } from "../../../lib/options/exit-route";
import { isIpAddress } from "../../../lib/options/ip-address";
import { humanKey, toKvNodes, unwrapEnvelope } from "../../../lib/options/kv-table";
import {
  barPercent,
  flagState,
  GRADE_BANDS,
  gradeForScore,
  locationText,
  scoreBand,
} from "../../../lib/options/quality";
import { createSend } from "../../../lib/protocol/send";
import { DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import { makeToken } from "../stored-token";

describe("quality", () => {
  it.each([
    [100, "A"],
    [85, "A"],
    [84.99, "B"],
    [70, "B"],
    [69, "C"],
    [55, "C"],
    [54.5, "D"],
    [40, "D"],
    [39.99, "F"],
    [0, "F"],
  ])("average %d is grade %s (the spec's bands)", (score, grade) => {
    expect(gradeForScore(score)).toBe(grade);
  });

  it("bands cover 0–100 without gaps", () => {
    expect(GRADE_BANDS.map((b) => b.grade)).toEqual(["A", "B", "C", "D", "F"]);
    for (let i = 1; i < GRADE_BANDS.length; i++) {
      expect(GRADE_BANDS[i]?.max).toBe((GRADE_BANDS[i - 1]?.min ?? 0) - 1);
    }
  });

  it("bars stay within 0–100 whatever the server sends", () => {
    expect([barPercent(-5), barPercent(42.4), barPercent(140), barPercent(Number.NaN)]).toEqual([
      0, 42, 100, 0,
    ]);
    expect(scoreBand(91)).toBe("A");
    expect(scoreBand(12)).toBe("F");
  });

  it("flags and location", () => {
    expect([flagState(true), flagState(false), flagState(undefined)]).toEqual([
      "yes",
      "no",
      "unknown",
    ]);
    expect(locationText({ country: "US", country_name: "United States", city: "Chicago" })).toBe(
      "Chicago, United States (US)",
    );
    expect(locationText({ country: "GB", country_name: "", city: "" })).toBe("GB");
    expect(locationText(undefined)).toBe("");
  });
});

describe("exitRoute", () => {
  const a = makeToken({ id: 1, ip: "127.0.0.2" });
  const fresh = makeToken({ id: 2, ip: "" });
  const status = (over: Partial<ProxyStatus> = {}): ProxyStatus => ({ ...DEFAULT_STATUS, ...over });
  const exit = (ip: string, via: number | null) => ({
    ip,
    country: "",
    countryCode: "",
    city: "",
    checkedAt: 1,
    viaTokenId: via,
  });

  it("direct when no token is active", () => {
    expect(exitRoute("127.0.0.1", status(), { activeTokenId: null }, [a])).toEqual({
      kind: "direct",
    });
  });

  it("through the token when the exit IP is its IP", () => {
    const s = status({ state: "connected", tokenId: 1 });
    expect(exitRoute("127.0.0.2", s, { activeTokenId: 1 }, [a])).toEqual({
      kind: "token",
      token: a,
    });
  });

  it("a static token without an IP yet: the engine's check through it names the exit", () => {
    const s = status({ state: "connected", tokenId: 2, exitIp: exit("127.0.0.9", 2) });
    expect(exitRoute("127.0.0.9", s, { activeTokenId: 2 }, [fresh]).kind).toBe("token");
    const other = status({ state: "connected", tokenId: 2, exitIp: exit("127.0.0.9", null) });
    expect(exitRoute("127.0.0.9", other, { activeTokenId: 2 }, [fresh])).toEqual({
      kind: "token-other-ip",
      token: fresh,
      expected: "",
    });
  });

  it("not the token's IP, an error, or a token gone", () => {
    const s = status({ state: "connected", tokenId: 1 });
    expect(exitRoute("127.0.0.1", s, { activeTokenId: 1 }, [a])).toEqual({
      kind: "token-other-ip",
      token: a,
      expected: "127.0.0.2",
    });
    const failed = status({
      state: "error",
      tokenId: 1,
      error: { failure: { code: "credentials-refused" }, at: 1 },
    });
    expect(exitRoute("127.0.0.1", failed, { activeTokenId: 1 }, [a])).toEqual({
      kind: "error",
      token: a,
      failure: { code: "credentials-refused" },
    });
    expect(exitRoute("127.0.0.1", s, { activeTokenId: 7 }, [a])).toEqual({
      kind: "token-missing",
      tokenId: 7,
    });
  });

  it("an error recorded for another token (a switch under way) is not the active one's", () => {
    const stale = status({
      state: "error",
      tokenId: 2,
      error: { failure: { code: "credentials-refused" }, at: 1 },
    });
    expect(exitRoute("127.0.0.2", stale, { activeTokenId: 1 }, [a, fresh])).toEqual({
      kind: "token",
      token: a,
    });
  });

  it("labels a token by id, the user's name and colour, place and address", () => {
    // The provider's token string is not the user's name.
    expect(tokenLabel(makeToken({ id: 4, name: "DIP-US-000004", ip: "1.2.3.4" }))).toBe(
      "#4 · Los Angeles, United States · 1.2.3.4",
    );
    const named = makeToken({ id: 4, ip: "1.2.3.4", look: { name: "Shop", colour: "#3b82f6" } });
    expect(tokenLabel(named)).toBe("🔵 #4 Shop · Los Angeles, United States · 1.2.3.4");
    expect(tokenLabel({ id: 5, kind: "static-ip", name: "", country: "", city: "", ip: "" })).toBe(
      "#5",
    );
  });
});

describe("isIpAddress", () => {
  it.each([
    ["203.0.113.7", true],
    [" 8.8.8.8 ", true],
    ["255.255.255.255", true],
    ["2001:db8::1", true],
    ["::1", true],
    ["::ffff:192.0.2.1", true],
    ["256.1.1.1", false],
    ["01.2.3.4", false],
    ["1.2.3", false],
    ["example.com", false],
    ["2001:db8::g", false],
    ["1.2.3.4/24", false],
    ["", false],
    ["::1]/x[", false],
  ])("%j → %s", (text, expected) => {
    expect(isIpAddress(text)).toBe(expected);
  });
});

describe("toKvNodes: any JSON as a table, never a crash", () => {
  it("unwraps the provider's envelope", () => {
    expect(unwrapEnvelope({ code: 0, message: "success", data: { plan: "free" } })).toEqual({
      plan: "free",
    });
    expect(unwrapEnvelope({ code: 7, data: { x: 1 } })).toEqual({ code: 7, data: { x: 1 } });
    expect(unwrapEnvelope([1])).toEqual([1]);
  });

  it("nested objects and arrays become groups; values become text", () => {
    expect(
      toKvNodes({ plan: "pro", requests: { used: 2, limit: null }, tags: ["a", true], empty: "" }),
    ).toEqual([
      { kind: "value", key: "plan", text: "pro" },
      {
        kind: "group",
        key: "requests",
        truncated: 0,
        children: [
          { kind: "value", key: "used", text: "2" },
          { kind: "value", key: "limit", text: "—" },
        ],
      },
      {
        kind: "group",
        key: "tags",
        truncated: 0,
        children: [
          { kind: "value", key: "1", text: "a" },
          { kind: "value", key: "2", text: "true" },
        ],
      },
      { kind: "value", key: "empty", text: "—" },
    ]);
  });

  it("scalars, depth, size and cycles are bounded", () => {
    expect(toKvNodes("just text")).toEqual([{ kind: "value", key: "", text: "just text" }]);
    expect(toKvNodes(null)).toEqual([{ kind: "value", key: "", text: "—" }]);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 50; i++) deep = { next: deep };
    expect(JSON.stringify(toKvNodes(deep, { maxDepth: 3 }))).toContain('"text":"…"');
    const big = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const [root] = toKvNodes({ big }, { maxEntries: 10 });
    expect(root).toMatchObject({ kind: "group", truncated: 490 });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => toKvNodes(cyclic)).not.toThrow();
    // The cycle is cut where it closes, not after the depth limit's worth of copies.
    expect(toKvNodes(cyclic)).toEqual([
      { kind: "value", key: "a", text: "1" },
      { kind: "value", key: "self", text: "…" },
    ]);
  });

  it("depth stops exactly at maxDepth; the same object twice is not a cycle", () => {
    expect(toKvNodes({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual([
      { kind: "group", key: "a", truncated: 0, children: [{ kind: "value", key: "b", text: "…" }] },
    ]);
    const shared = { x: 1 };
    const group = (key: string) => ({
      kind: "group",
      key,
      truncated: 0,
      children: [{ kind: "value", key: "x", text: "1" }],
    });
    expect(toKvNodes({ p: shared, q: shared })).toEqual([group("p"), group("q")]);
  });

  it("keys read as words", () => {
    expect(humanKey("requests_per_minute")).toBe("Requests per minute");
    expect(humanKey("periodStart")).toBe("Period start");
    expect(humanKey("traffic-gb")).toBe("Traffic gb");
  });
});

describe("createSend", () => {
  it("passes replies through; an unreachable background becomes a failure code", async () => {
    const answering = createSend(async () => ({ ok: true, data: null }));
    expect(await answering({ type: "checkExitIp" })).toEqual({ ok: true, data: null });
    const unreachable = { ok: false, failure: { code: "background-unreachable" } };
    const down = createSend(async () => {
      throw new Error("Could not establish connection. Receiving end does not exist.");
    });
    expect(await down({ type: "checkExitIp" })).toEqual(unreachable);
    expect(await createSend(async () => undefined)({ type: "checkExitIp" })).toEqual(unreachable);
    expect(await createSend(async () => ({ no: "ok" }))({ type: "checkExitIp" })).toEqual(
      unreachable,
    );
  });
});

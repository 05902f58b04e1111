/** The preview's model: each proxy new or held, each rule with its route, bypass merged, skipped named. */
import { describe, expect, it } from "vitest";
import { foreignFormatOf } from "../../../lib/import/detect";
import { previewOf } from "../../../lib/import/preview";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { foxyExport, omegaBackup } from "./fixtures";

function setupOf(value: unknown) {
  const file = readForeignFile(JSON.stringify(value));
  if (file.kind !== "setup" || !file.read.ok) throw new Error("not read");
  return file.read.setup;
}

describe("previewOf", () => {
  it("names the held proxy's token, each rule's route, the bypass entries and the refusals", () => {
    const model = previewOf(setupOf(foxyExport()), {
      tokens: [{ id: 9, host: "gw2.example.net", port: 1080, username: "lon" }],
      siteRules: [],
      bypassList: ["<local>", "intranet.test"],
    });
    // Spaces is Iceland again: listed once.
    expect(model.proxies.map((p) => [p.name, p.heldId])).toEqual([
      ["Iceland", null],
      ["London", 9],
      ["Old", null],
    ]);
    expect(model.rules.map((r) => [r.what, r.route, r.enabled])).toEqual([
      [
        { kind: "list", name: "Iceland", count: 4, url: null },
        { kind: "proxy", name: "Iceland" },
        true,
      ],
      [{ kind: "list", name: "Bank direct", count: 2, url: null }, { kind: "direct" }, true],
      [
        { kind: "list", name: "London", count: 2, url: null },
        { kind: "proxy", name: "London" },
        true,
      ],
      [{ kind: "list", name: "Old", count: 1, url: null }, { kind: "proxy", name: "Old" }, false],
    ]);
    expect(model.bypassAdded).toEqual(["*.corp.test", "10.0.0.0/8"]);
    expect(model.skipped.map((s) => s.why)).toContain("no-login");
    expect(model.rest).toEqual({ kind: "direct" });
    expect(model.changes).toBe(true);
  });

  it("while the administrator's policy sets the bypass list, its entries are named as not coming, and add no change", () => {
    const setup = setupOf(foxyExport());
    const held = { tokens: [], siteRules: [], bypassList: ["<local>"] };
    const model = previewOf({ ...setup, proxies: [], rules: [] }, { ...held, bypassLocked: true });
    expect(model.bypassAdded).toEqual([]);
    expect(model.bypassLocked).toEqual(["intranet.test", "*.corp.test", "10.0.0.0/8"]);
    expect(model.changes).toBe(false);
    expect(previewOf({ ...setup, proxies: [], rules: [] }, held).changes).toBe(true);
  });

  it("an Omega list kept by URL says so; its header is not counted as a line", () => {
    const model = previewOf(setupOf(omegaBackup()), { tokens: [], siteRules: [], bypassList: [] });
    expect(model.rules.at(-1)?.what).toEqual({
      kind: "list",
      name: "__ruleListOf_auto switch",
      count: 2,
      url: "https://lists.example.org/gfwlist.txt",
    });
  });
});

describe("foreignFormatOf (what Add proxies checks before reading lines)", () => {
  it("tells the two formats from proxy lines", () => {
    expect(foreignFormatOf(JSON.stringify(foxyExport(), null, 2))).toBe("foxyproxy");
    expect(foreignFormatOf(JSON.stringify(omegaBackup()))).toBe("omega");
    expect(foreignFormatOf("1.2.3.4:80:u:p")).toBeNull();
    expect(foreignFormatOf('{"format":"proxy-deck-backup"}')).toBeNull();
    expect(foreignFormatOf("{ broken")).toBeNull();
  });
});

/**
 * A FoxyProxy 7 export (its storage: one entry per proxy with `address`, numeric types, host
 * patterns with `protocols`), read as FoxyProxy 8+ reads it ("Import older export",
 * migrate.js convert7), then routed.
 */
import { describe, expect, it } from "vitest";
import { foreignFormatOf } from "../../../lib/import/detect";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { routesOf } from "./route-table";

const V7 = {
  mode: "patterns",
  sync: false,
  k20d2: {
    title: "second",
    type: 3,
    address: "gw2.example.net",
    port: 1080,
    username: "b",
    password: "pb",
    active: "true",
    index: 1,
    whitePatterns: [{ title: "", pattern: "^r\\d\\.test$", type: 2, protocols: 1, active: true }],
    blackPatterns: [],
  },
  k10a1: {
    title: "first",
    type: 1,
    address: "gw1.example.net",
    port: 3128,
    username: "a",
    password: "pa",
    active: true,
    index: 0,
    whitePatterns: [
      { title: "all", pattern: "*.example.test", type: 1, protocols: 1, active: true },
      { title: "tls", pattern: "secure.test", type: 1, protocols: 4, active: true },
    ],
    blackPatterns: [
      { title: "", pattern: "ads.example.test", type: 1, protocols: 1, active: true },
    ],
  },
};

describe("FoxyProxy 7 export", () => {
  it("is recognised, ordered by index, its patterns converted as convert7 does", () => {
    expect(foreignFormatOf(JSON.stringify(V7))).toBe("foxyproxy");
    const file = readForeignFile(JSON.stringify(V7));
    if (file.kind !== "setup" || !file.read.ok) throw new Error(JSON.stringify(file));
    const { setup } = file.read;
    expect(setup.proxies.map((p) => [p.name, p.type, p.host])).toEqual([
      ["first", "http", "gw1.example.net"],
      ["second", "socks5", "gw2.example.net"],
    ]);
    expect(setup.rules.map((r) => (r.source.type === "list" ? r.source.lines : []))).toEqual([
      ["/://.*\\.example\\.test//i", "/https://secure\\.test//i", "@@/://ads\\.example\\.test//i"],
      ["/.+://r\\d\\.test//i"],
    ]);
    expect(
      routesOf(setup, [
        "http://a.example.test/",
        "http://ads.example.test/x",
        "https://secure.test/",
        "http://secure.test/",
        "http://r1.test/",
      ]),
    ).toEqual({
      "http://a.example.test/": "first",
      "http://ads.example.test/x": "rest",
      "https://secure.test/": "first",
      // The pattern was for https only.
      "http://secure.test/": "rest",
      "http://r1.test/": "second",
    });
  });

  it("a damaged entry says where", () => {
    const broken = { ...V7, k10a1: { ...V7.k10a1, whitePatterns: [{ pattern: 7 }] } };
    expect(readForeignFile(JSON.stringify(broken))).toEqual({
      kind: "setup",
      read: {
        ok: false,
        problem: { kind: "damaged", format: "foxyproxy", where: "k10a1.whitePatterns.0.pattern" },
      },
    });
  });
});

/**
 * Wildcards matched without backtracking: the same answers as the regexes they replace (the
 * oracle below, written out as the router built them before), and the patterns that made
 * those regexes take seconds answered in one pass.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { globMatch, urlGlobMatch } from "../../../lib/routing/glob-match";
import { compileRules } from "../../../lib/routing/router";

/** The regex a glob used to become (matcher.ts before): `*` any run, `?` any one. */
const globRegex = (glob: string, star: string, one: string) =>
  glob
    .replace(/[\\^$.|+()[\]{}/]/g, "\\$&")
    .split("?")
    .join(one)
    .split("*")
    .join(star);

const small = (chars: string, max: number) =>
  fc.array(fc.constantFrom(...chars.split("")), { maxLength: max }).map((a) => a.join(""));

describe("globMatch", () => {
  it("answers as the anchored regex did", () => {
    fc.assert(
      fc.property(small("ab.*?", 7), small("ab.", 9), (pattern, text) => {
        const regex = new RegExp(`^${globRegex(pattern, ".*", ".")}$`);
        expect(globMatch(pattern, text), `${pattern} ~ ${text}`).toBe(regex.test(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it("answers at once where the regexes took seconds", () => {
    expect(globMatch("*a*a*a*a*b", `${"a".repeat(195)}`)).toBe(false);
    expect(globMatch("http://*a*a*b*", `http://x/${"a".repeat(1000)}`)).toBe(false);
    expect(globMatch("w******#", `w${"x".repeat(5_000)}`)).toBe(false);
  });
});

describe("urlGlobMatch", () => {
  it("answers as the URL wildcard's regex did, part by part", () => {
    const url = fc
      .tuple(small("hp", 3), small("a.:", 5), small("/ab?", 6))
      .map(([scheme, authority, path]) => `${scheme}://${authority}${path}`);
    fc.assert(
      fc.property(small("hp*", 3), small("a.*?", 4), small("/ab*?", 5), url, (s, a, p, u) => {
        const path = `/${p}`;
        const regex = new RegExp(
          `^${globRegex(s, "[^:/]*", "[^:/]")}:\\/\\/${globRegex(a, "[^/]*", "[^/]")}${globRegex(path, ".*", ".")}$`,
        );
        expect(urlGlobMatch([s, a, path], u), `${s}://${a}${path} ~ ${u}`).toBe(regex.test(u));
      }),
      { numRuns: 5_000 },
    );
  });

  it("a URL wildcard of seven * on an ordinary address answers at once", () => {
    const router = compileRules([
      {
        id: "r",
        enabled: true,
        source: { type: "pattern", text: "*://*/*?*?*?*?*?*?#" },
        route: { kind: "direct" },
      },
    ]);
    const address =
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLabcdefghijklmnop&index=7&t=42s";
    expect(router.route(address)).toBeNull();
  });
});

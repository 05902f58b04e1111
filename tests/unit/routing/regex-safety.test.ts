/**
 * `/regex/` rules that could backtrack without bound are refused at the one parser every door
 * uses (the editor, list lines, imports, stored rules), and the common safe-to-rewrite form of
 * AutoProxy lists is rewritten to one that matches exactly the same addresses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePattern } from "../../../lib/routing/pattern";
import { safeRegexSource } from "../../../lib/routing/regex-safety";
import { compileRules } from "../../../lib/routing/router";
import { parseListLine } from "../../../lib/routing/rule-list";

/** A line of GFWList's kind: every split of a host at its dots, then google. */
const GFW_LINE = String.raw`^https?:\/\/([^\/]+\.)*google\.(com|co\.jp)\/.*`;

describe("refused: a repetition inside a repetition, or a repeated choice", () => {
  it.each([
    String.raw`/^(.+)+!$/`,
    String.raw`/(a+)+$/`,
    String.raw`/(a*)*b/`,
    String.raw`/(a|ab)*c/`,
    String.raw`/(?:\w+\s?)+$/`,
    String.raw`/((ab)*)*$/`,
    String.raw`/(.*a){3}/`,
  ])("%s", (text) => {
    expect(parsePattern(text)).toEqual({ ok: false, problem: "slow-regex" });
  });

  it("in a rule list by URL too: the line is refused, with its reason", () => {
    expect(parseListLine(String.raw`/^(.+)+!$/`, "autoproxy")).toMatchObject({
      ok: false,
      problem: "slow-regex",
    });
  });
});

describe("kept: what splits one way only", () => {
  it.each([
    String.raw`/^https?:\/\/([a-z0-9-]+\.)+example\.com\//`,
    String.raw`/^https?:\/\/[^\/]+\.example\.com\/.*/`,
    String.raw`/video\.(?:mp4|webm)$/i`,
    String.raw`/(ab)?c+d*/`,
  ])("%s", (text) => {
    const parsed = parsePattern(text);
    expect(parsed).toMatchObject({ ok: true, pattern: { kind: "regex" } });
    if (parsed.ok && parsed.pattern.kind === "regex")
      expect(`/${parsed.pattern.source}/${parsed.pattern.flags}`).toBe(text);
  });
});

describe("rewritten: `(X+y)*` with y among X's characters", () => {
  it("GFWList's form becomes one optional segment", () => {
    expect(safeRegexSource(GFW_LINE, "")).toEqual({
      ok: true,
      source: String.raw`^https?:\/\/([^\/]+\.)?google\.(com|co\.jp)\/.*`,
    });
    expect(safeRegexSource(String.raw`(\w+_)+x`, "")).toEqual({
      ok: true,
      source: String.raw`(\w+_)x`,
    });
  });

  it("matches exactly the addresses the original matches", () => {
    const original = new RegExp(GFW_LINE);
    const rewritten = new RegExp((safeRegexSource(GFW_LINE, "") as { source: string }).source);
    // Short hosts only: the original is exponential in their dots.
    const label = fc.stringMatching(/^[a-z.]{0,6}$/);
    const host = fc
      .array(fc.oneof(label, fc.constantFrom("google", "com", "co", "jp", "")), { maxLength: 5 })
      .map((parts) => parts.join("."));
    fc.assert(
      fc.property(
        host,
        fc.constantFrom("http", "https"),
        fc.constantFrom("/", "/x", ""),
        (h, s, p) => {
          const url = `${s}://${h}${p}`;
          expect(rewritten.test(url), url).toBe(original.test(url));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("the rule routes as before, and answers at once where the original would not", () => {
    const router = compileRules([
      {
        id: "r",
        enabled: true,
        source: { type: "pattern", text: `/${GFW_LINE}/` },
        route: { kind: "direct" },
      },
    ]);
    expect(router.route("https://mail.google.com/")).not.toBeNull();
    expect(router.route("https://a.b.c.google.co.jp/x")).not.toBeNull();
    expect(router.route("https://google.org/")).toBeNull();
    // 40 dots and no google: 2^40 splits for the original, one pass here.
    expect(router.route(`https://${"a.".repeat(40)}example.com/`)).toBeNull();
  });
});

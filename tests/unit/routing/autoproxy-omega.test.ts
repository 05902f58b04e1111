/**
 * An AutoProxy list means here what it means in SwitchyOmega. The cases come from omega-pac's
 * own tests (test/rule_list.coffee, test/conditions.coffee) and its parser (src/rule_list.coffee);
 * each is checked against a port of omega-pac (omega-autoproxy.ts) as well as against the router,
 * and random keyword lines must get the same answer from both.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRuleList } from "../../../lib/routing/rule-list";
import { listMatches } from "./list-matches";
import { omegaListMatches } from "./omega-autoproxy";

const HEADER = "[AutoProxy 0.2.9]\n";

describe("keyword lines, as omega-pac reads them", () => {
  it.each([
    // test/conditions.coffee, KeywordCondition: a substring of an http: URL, never https:.
    ["example.com", "http://www.example.com/", true],
    ["example.com", "http://www.example.net/", false],
    ["example.com", "https://example.com/", false],
    ["example.com", "http://other.test/?u=example.com", true],
    // A keyword without `*` is looked up with indexOf: `?` is itself, not one character.
    ["exam???.com", "http://www.example.com/", false],
    ["exam???.com", "http://x.test/?q=exam???.com", true],
    ["watch?v=", "http://x.test/watch?v=1", true],
    ["watch?v=", "http://x.test/watch/v=1", false],
    // test/rule_list.coffee: `example*.com` is the URL wildcard `http://*example*.com*`, so
    // `*` stands for any characters (dots and dashes too), `?` for one (test/conditions.coffee,
    // '*exam???.com*'), and the text starts after `http://`.
    ["example*.com", "http://www.example.com/", true],
    ["example*.com", "http://example-cdn.static.com/x", true],
    ["example*.com", "https://www.example.com/", false],
    ["*exam???.com", "http://www.example.com/", true],
    ["http://*.example.com", "http://www.example.com/", false],
    ["http://*.example.com", "http://other.test/?u=http://www.example.com/", true],
    ["h*.example.com/", "http://www.example.com/", false],
    // 'should not support regex meta chars': `.*example.com.*` needs a dot before example.
    [".*example.com.*", "http://example.com/", false],
    [".*example.com.*", "http://www.example.com.evil.test/", true],
    // omega-pac skips only `!` and `[` lines (rule_list.coffee): `;` starts a keyword.
    [";jsessionid=", "http://x.test/a;jsessionid=1", true],
    ["[::1]", "http://[::1]/", false],
    ["! example.com", "http://example.com/", false],
  ])("%s on %s → %s", (line, url, expected) => {
    expect(omegaListMatches(HEADER + line, url)).toBe(expected);
    expect(listMatches(HEADER + line, url)).toBe(expected);
  });

  it.each([
    // An `@@` keyword is tested the same way, path and all (`$` and `|` are text to omega-pac).
    ["@@example.com/free/", "http://www.example.com/free/x", false],
    ["@@example.com/free/", "https://www.example.com/free/x", true],
    ["@@example.com/a$b", "http://example.com/a$b", false],
    ["@@example.com/a|b", "http://example.com/a|b", false],
    ["@@example.com/a|b", "http://example.com/a", true],
    ["@@*.example.com/free", "http://www.example.com/free", false],
    ["@@*.example.com/free", "http://example.com/free", true],
    ["@@http://*.example.com/", "http://www.example.com/", true],
    ["@@exam?le.com", "http://example.com/", true],
  ])("||example.com with %s, on %s → %s", (exception, url, expected) => {
    const text = `${HEADER}||example.com\n${exception}`;
    expect(parseRuleList(text).lines[2]?.outcome).toBe("imported");
    expect(omegaListMatches(text, url)).toBe(expected);
    expect(listMatches(text, url)).toBe(expected);
  });

  it("random keyword lines and @@ keywords answer as in omega-pac", () => {
    const piece = fc.constantFrom(
      ...["a", "b", ".", "-", "/", "?", "*", "=", "h", "ttp", "http:", "//", ":", "x.y"],
      ...[";", "$", "|", "^", "[", "!", "#", "%2F"],
    );
    const keyword = fc
      .array(piece, { minLength: 1, maxLength: 5 })
      .map((pieces) => pieces.join(""))
      // `/…/` and `|…` lines are other forms; `*` beside `|` is refused (see rule-list.ts).
      .filter((text) => !/^[/|]/.test(text) && !(text.includes("*") && text.includes("|")));
    const line = fc.oneof(
      keyword,
      keyword.map((text) => `@@${text}`),
    );
    const url = fc
      .tuple(
        fc.constantFrom("http", "https"),
        fc.constantFrom("a.b", "x.y", "a-b.x.y"),
        fc.constantFrom("/", "/a/b", "/x.y?q=a-b", "/?u=http://a.b/x", "/;a=b", "/a$b|c^"),
      )
      .map(([scheme, host, path]) => `${scheme}://${host}${path}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 3 }), url, (lines, target) => {
        const text = HEADER + lines.join("\n");
        expect(listMatches(text, target)).toBe(omegaListMatches(text, target));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("the [AutoProxy] header", () => {
  it("is a comment, as in omega-pac: no line imported, nothing to add", () => {
    expect(parseRuleList("[AutoProxy 0.2.9]\n")).toEqual({
      lines: [{ number: 1, text: "[AutoProxy 0.2.9]", outcome: "comment", header: true }],
      // Stored all the same: it is how the stored list knows its bare lines are keywords.
      accepted: ["[AutoProxy 0.2.9]"],
      unrouted: "only-comments",
    });
    expect(omegaListMatches("[AutoProxy 0.2.9]", "http://x.test/[AutoProxy%200.2.9]")).toBe(false);
  });

  it("says why a list routes nothing", () => {
    expect(parseRuleList("! only\n# comments\n").unrouted).toBe("only-comments");
    expect(parseRuleList(`${HEADER}@@||a.example\n@@b.example`).unrouted).toBe("only-exceptions");
    expect(parseRuleList(`${HEADER}||bad host\n||x.test$image`).unrouted).toBe("all-rejected");
    expect(parseRuleList(`${HEADER}@@||a.example\nb.example`).unrouted).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { Pattern } from "../../../lib/routing/pattern";
import {
  decodeBase64List,
  type ListDialect,
  listDialect,
  parseListLine,
  parseRuleList,
} from "../../../lib/routing/rule-list";
import { MAX_LIST_LINES } from "../../../lib/routing/rules";
import { listMatches } from "./list-matches";

const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/.{64}/g, "$&\n");
};

const AUTOPROXY = "[AutoProxy 0.2.9]\n";

describe("parseListLine", () => {
  it.each<[string, ListDialect, boolean, Pattern]>([
    ["||example.com", "autoproxy", false, { kind: "domain", domain: "example.com" }],
    ["||Example.com^", "autoproxy", false, { kind: "domain", domain: "example.com" }],
    ["||*.example.com", "autoproxy", false, { kind: "host-wildcard", host: "*.*.example.com" }],
    [
      "||192.0.2.1",
      "autoproxy",
      false,
      { kind: "cidr", version: 4, address: "192.0.2.1", prefix: 32 },
    ],
    [
      "||example.com/path",
      "autoproxy",
      false,
      { kind: "url-wildcard", scheme: "*", authority: "*.example.com", path: "/path*" },
    ],
    [
      "||example.com:8080",
      "autoproxy",
      false,
      { kind: "url-wildcard", scheme: "*", authority: "*.example.com:8080", path: "/*" },
    ],
    [
      "|HTTP://Example.com/A",
      "autoproxy",
      false,
      { kind: "url-start", text: "http://example.com/A", end: false },
    ],
    [
      "|http://example.com/|",
      "autoproxy",
      false,
      { kind: "url-start", text: "http://example.com/", end: true },
    ],
    ["@@||example.com", "autoproxy", true, { kind: "domain", domain: "example.com" }],
    [
      "@@|http://a.test",
      "patterns",
      true,
      { kind: "url-start", text: "http://a.test", end: false },
    ],
    [
      "/^https?:\\/\\/x\\./",
      "autoproxy",
      false,
      { kind: "regex", source: "^https?:\\/\\/x\\.", flags: "" },
    ],
    ["example.com", "autoproxy", false, { kind: "keyword", text: "example.com" }],
    [".example.com/ads", "autoproxy", false, { kind: "keyword", text: ".example.com/ads" }],
    ["ex*ample", "autoproxy", false, { kind: "keyword", text: "ex*ample" }],
    // To omega-pac a keyword is any text: only `!` and `[` start a comment there.
    [";jsessionid=", "autoproxy", false, { kind: "keyword", text: ";jsessionid=" }],
    ["@@example.com/a$b", "autoproxy", true, { kind: "keyword", text: "example.com/a$b" }],
    ["a|b", "autoproxy", false, { kind: "keyword", text: "a|b" }],
    ["example.com", "patterns", false, { kind: "domain", domain: "example.com" }],
    ["*.example.com", "patterns", false, { kind: "host-wildcard", host: "*.example.com" }],
    ["10.0.0.0/8", "patterns", false, { kind: "cidr", version: 4, address: "10.0.0.0", prefix: 8 }],
  ])("%s (%s)", (text, dialect, exception, pattern) => {
    expect(parseListLine(text, dialect)).toEqual({ ok: true, line: { exception, pattern } });
  });

  it.each<[string, ListDialect]>([
    ["! comment", "autoproxy"],
    ["[AutoProxy 0.2.9]", "autoproxy"],
    // omega-pac skips every AutoProxy line that starts with `[`, a bracketed IPv6 one too.
    ["[::1]", "autoproxy"],
    ["# never in a URL", "autoproxy"],
    ["; comment", "patterns"],
    ["[Section]", "patterns"],
  ])("%j (%s) is a comment: read, routing nothing", (text, dialect) => {
    expect(parseListLine(text, dialect)).toEqual({ ok: true, line: null });
  });

  it.each<[string, ListDialect, string]>([
    ["", "autoproxy", "empty"],
    ["@@", "autoproxy", "empty"],
    ["||example.com$third-party", "autoproxy", "unsupported"],
    ["example.com##.ad", "autoproxy", "unsupported"],
    ["||", "autoproxy", "bad-host"],
    ["||/path", "autoproxy", "bad-host"],
    ["||exa mple.com", "autoproxy", "spaces"],
    ["|", "autoproxy", "bad-wildcard"],
    ["a*|b", "autoproxy", "bad-wildcard"],
    ["a|b", "patterns", "bad-wildcard"],
    ["/(/", "autoproxy", "bad-regex"],
    ["example.com/path", "patterns", "bad-host"],
    [`||${"a".repeat(2000)}`, "autoproxy", "too-long"],
  ])("%j (%s) → %s", (text, dialect, problem) => {
    expect(parseListLine(text, dialect)).toEqual({ ok: false, problem });
  });

  it("knows a stored list's dialect by its first line", () => {
    expect(listDialect("[AutoProxy 0.2.9]")).toBe("autoproxy");
    expect(listDialect("[autoproxy]")).toBe("autoproxy");
    expect(listDialect("||example.com")).toBe("patterns");
    expect(listDialect("[SwitchyOmega Conditions]")).toBe("patterns");
  });
});

describe("what list lines match", () => {
  it.each([
    // ||host: the host and its subdomains, on a dot boundary.
    ["||example.com", "https://example.com/", true],
    ["||example.com", "https://a.example.com/x", true],
    ["||example.com", "https://notexample.com/", false],
    ["||example.com", "https://example.com.evil.test/", false],
    ["||example.com", "http://evil.test/?example.com", false],
    ["||example.com/path", "https://a.example.com/path/x", true],
    ["||example.com/path", "https://a.example.com/other", false],
    // |: the URL's start, as AutoProxy anchors it; a final | anchors the end.
    ["|http://example.com", "http://example.com/x", true],
    ["|http://example.com", "http://example.com.evil.test/", true],
    ["|http://example.com", "https://example.com/", false],
    ["|https://*.example.com/", "https://a.example.com/", true],
    ["|http://example.com/|", "http://example.com/", true],
    ["|http://example.com/|", "http://example.com/x", false],
    // Keywords: a substring of a plain-http URL only (SwitchyOmega's reading), with * wildcards.
    ["example.com", "http://www.example.com/", true],
    ["example.com", "http://other.test/?u=example.com", true],
    ["example.com", "https://www.example.com/", false],
    ["ex*ple.com", "http://www.example.com/", true],
    ["ex*ple.com", "https://www.example.com/", false],
    ["abc", "http://x.test/abc", true],
    ["abc", "http://x.test/ab", false],
    ["日本", "http://x.test/日本", false],
    ["%E6%97%A5", "http://x.test/日本", true],
    ["/^https:\\/\\/[^/]*example\\./", "https://www.example.org/", true],
  ])("%s on %s → %s", (line, url, expected) => {
    expect(listMatches(AUTOPROXY + line, url)).toBe(expected);
  });

  it("finds the one keyword of thousands that occurs, however often its pieces repeat", () => {
    const keywords = Array.from({ length: 3_000 }, (_, i) => `.k${i}.example/`);
    const text = `${AUTOPROXY}${keywords.join("\n")}\n`;
    expect(listMatches(text, "http://a.k2999.example/.k2999.example/?.k299.exampl")).toBe(true);
    expect(listMatches(text, "http://a.k3000.example/.k30000.example/")).toBe(false);
    expect(listMatches(text, "https://a.k2999.example/")).toBe(false);
  });

  it("a plain list (no header) reads bare lines as the editor does", () => {
    expect(listMatches("example.com", "https://www.example.com/")).toBe(true);
    expect(listMatches("example.com", "http://other.test/?u=example.com")).toBe(false);
  });
});

describe("parseRuleList", () => {
  it("judges every line, keeps the header (a comment) and @@, and numbers lines as written", () => {
    const text = [
      "[AutoProxy 0.2.9]",
      "! Checksum: x",
      "",
      "||example.com",
      "@@||www.example.com",
      "||bad host",
      "||example.org$image",
      "keyword",
    ].join("\r\n");
    expect(parseRuleList(text)).toEqual({
      lines: [
        { number: 1, text: "[AutoProxy 0.2.9]", outcome: "comment", header: true },
        { number: 2, text: "! Checksum: x", outcome: "comment" },
        {
          number: 4,
          text: "||example.com",
          outcome: "imported",
          meaning: { exception: false, pattern: { kind: "domain", domain: "example.com" } },
        },
        {
          number: 5,
          text: "@@||www.example.com",
          outcome: "imported",
          meaning: { exception: true, pattern: { kind: "domain", domain: "www.example.com" } },
        },
        { number: 6, text: "||bad host", outcome: "rejected", problem: "spaces" },
        { number: 7, text: "||example.org$image", outcome: "rejected", problem: "unsupported" },
        {
          number: 8,
          text: "keyword",
          outcome: "imported",
          meaning: { exception: false, pattern: { kind: "keyword", text: "keyword" } },
        },
      ],
      accepted: ["[AutoProxy 0.2.9]", "||example.com", "@@||www.example.com", "keyword"],
      unrouted: null,
    });
  });

  it("reads plain pattern lists with #, ; and [..] comments", () => {
    const result = parseRuleList(
      "\uFEFF# mine\n; also\n[Section]\nexample.com\n*.cdn.test\nbad host\n[::1]\n",
    );
    expect(result.accepted).toEqual(["example.com", "*.cdn.test", "[::1]"]);
    expect(result.lines.map((l) => l.outcome)).toEqual([
      "comment",
      "comment",
      "comment",
      "imported",
      "imported",
      "rejected",
      "imported",
    ]);
  });

  it("refuses SwitchyOmega's `!` exclusions instead of dropping them", () => {
    const result = parseRuleList("[SwitchyOmega Conditions]\n!*.internal.test\n*.example.com\n");
    expect(result.accepted).toEqual(["*.example.com"]);
    expect(result.lines[1]).toEqual({
      number: 2,
      text: "!*.internal.test",
      outcome: "rejected",
      problem: "unsupported",
    });
  });

  it("decodes a whole-file base64 list (gfwlist) first", () => {
    const plain = `${AUTOPROXY}! 中文 comment\n||example.com\n|http://foo.test\n@@||ok.example.com\n`;
    const result = parseRuleList(base64(plain));
    expect(result.accepted).toEqual([
      "[AutoProxy 0.2.9]",
      "||example.com",
      "|http://foo.test",
      "@@||ok.example.com",
    ]);
    expect(result.lines[1]).toMatchObject({ text: "! 中文 comment", outcome: "comment" });
    expect(listMatches(base64(plain), "https://a.example.com/")).toBe(true);
    expect(listMatches(base64(plain), "https://ok.example.com/")).toBe(false);
  });

  it("leaves text that only looks like base64 alone", () => {
    expect(decodeBase64List("abcd\nefgh")).toBeNull();
    expect(decodeBase64List(btoa("\u0000\u0001binary\u0002\n\u00ff\u00fe"))).toBeNull();
    expect(decodeBase64List(btoa("helloworld"))).toBeNull();
    expect(decodeBase64List(btoa("[AutoProxy]"))).toBe("[AutoProxy]");
    expect(parseRuleList("abcd\nefgh").accepted).toEqual(["abcd", "efgh"]);
    const garbage = parseRuleList(btoa("\u0000\u0001binary\u0002\n\u00ff\u00fe"));
    expect(garbage.accepted).toEqual([]);
    expect(garbage.lines).toMatchObject([{ number: 1, outcome: "rejected" }]);
  });

  it(`stops at ${MAX_LIST_LINES} accepted lines and says where`, () => {
    const text = Array.from({ length: MAX_LIST_LINES + 5 }, (_, i) => `||h${i}.test`).join("\n");
    const result = parseRuleList(text);
    expect(result.accepted).toHaveLength(MAX_LIST_LINES);
    expect(result.lines.at(-1)).toEqual({
      number: MAX_LIST_LINES + 1,
      text: `||h${MAX_LIST_LINES}.test`,
      outcome: "rejected",
      problem: "too-many",
    });
  });

  it("stores only lines the router reads back the same way", () => {
    const text = `${AUTOPROXY}||a.test\n@@/x/\n|http://b.test|\nkey*word\n/(/\n`;
    const { accepted } = parseRuleList(text);
    const dialect = listDialect(accepted[0] ?? "");
    expect(accepted.slice(1).map((line) => parseListLine(line, dialect).ok)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});

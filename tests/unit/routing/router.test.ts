import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRules, requestOf } from "../../../lib/routing/router";
import type { Route, SiteRule } from "../../../lib/routing/rules";

const token = (tokenId: number): Route => ({ kind: "token", tokenId });

const pattern = (id: string, text: string, over: Partial<SiteRule> = {}): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route: token(Number(id.replace(/\D/g, "")) || 1),
  ...over,
});

const list = (id: string, lines: string[], over: Partial<SiteRule> = {}): SiteRule => ({
  id,
  enabled: true,
  source: { type: "list", name: id, lines },
  route: { kind: "direct" },
  ...over,
});

const winner = (rules: SiteRule[], url: string, container?: string) =>
  compileRules(rules).route(url, container)?.ruleId ?? null;

describe("first match wins, across every kind of pattern", () => {
  const rules = [
    pattern("r1", "/\\/first\\//"),
    pattern("r2", "shop.example.com"),
    pattern("r3", "192.0.2.0/24"),
    pattern("r4", "*://*.example.com/api/*"),
    pattern("r5", "example.com"),
    pattern("r6", "*.example.*"),
    pattern("r7", "2001:db8::/32"),
    pattern("r8", "*"),
  ];
  it.each([
    ["https://shop.example.com/first/", "r1"],
    ["https://shop.example.com/api/x", "r2"],
    ["https://www.example.com/api/x", "r4"],
    ["https://www.example.com/", "r5"],
    ["https://www.example.org/", "r6"],
    ["http://192.0.2.9/first/", "r1"],
    ["http://192.0.2.9/", "r3"],
    ["http://[2001:db8::1]/", "r7"],
    ["http://[2001:db8::1]/first/", "r1"],
    ["https://other.test/", "r8"],
  ])("%s → %s", (url, id) => {
    expect(winner(rules, url)).toBe(id);
  });

  it("a later rule wins when an earlier one of the same host fails its check", () => {
    const rules = [
      pattern("r1", "http://example.com/only/*"),
      pattern("r2", "foo*.example.com"),
      pattern("r3", "example.com"),
    ];
    expect(winner(rules, "http://example.com/only/x")).toBe("r1");
    expect(winner(rules, "http://example.com/else")).toBe("r3");
    expect(winner(rules, "http://foo1.example.com/only/x")).toBe("r2");
  });

  it("tells apart host suffixes whose hashes collide", () => {
    // The suffix map files "-c" and "ka" under one hash (router.ts, suffixHash).
    const rules = [pattern("r1", "-c"), pattern("r2", "ka")];
    expect(winner(rules, "http://ka/")).toBe("r2");
    expect(winner(rules, "http://x.-c/")).toBe("r1");
    expect(winner([pattern("r1", "-c")], "http://x.ka/")).toBeNull();
  });

  it("answers with the rule's own id and route; null when nothing matches or no URL", () => {
    const rules = [pattern("r1", "example.com", { route: { kind: "block" } })];
    expect(compileRules(rules).route("https://example.com/")).toEqual({
      ruleId: "r1",
      route: { kind: "block" },
    });
    expect(compileRules(rules).route("https://example.org/")).toBeNull();
    expect(compileRules(rules).route("not a url")).toBeNull();
    expect(compileRules([]).route("https://example.com/")).toBeNull();
  });
});

describe("rules that do not take part", () => {
  it("skips disabled rules", () => {
    const rules = [pattern("r1", "example.com", { enabled: false }), pattern("r2", "*")];
    expect(winner(rules, "https://example.com/")).toBe("r2");
    expect(winner([rules[0] as SiteRule], "https://example.com/")).toBeNull();
  });

  it("skips a container's rule for requests from elsewhere", () => {
    const rules = [
      pattern("r1", "example.com", { container: "firefox-container-1" }),
      pattern("r2", "example.com"),
    ];
    expect(winner(rules, "https://example.com/", "firefox-container-1")).toBe("r1");
    expect(winner(rules, "https://example.com/", "firefox-container-2")).toBe("r2");
    expect(winner(rules, "https://example.com/")).toBe("r2");
    expect(winner(rules, "https://example.com/", "firefox-default")).toBe("r2");
  });

  it("skips stored patterns and list lines that no longer parse, without throwing", () => {
    const rules = [
      pattern("r1", "exa mple.com"),
      pattern("r2", "/(/"),
      list("r3", ["||bad host", "/(/", "@@", "||example.com"]),
      pattern("r4", "*"),
    ];
    expect(() => compileRules(rules)).not.toThrow();
    expect(winner(rules, "https://example.com/")).toBe("r3");
    expect(winner(rules, "https://exa/")).toBe("r4");
  });
});

describe("rule lists", () => {
  it("an @@ exception beats its list's proxy lines wherever it stands", () => {
    const lists = [
      list("r1", ["||example.com", "@@||www.example.com"]),
      list("r1", ["@@||www.example.com", "||example.com"]),
    ];
    for (const rule of lists) {
      const rules = [rule, pattern("r2", "*")];
      expect(winner(rules, "https://example.com/")).toBe("r1");
      expect(winner(rules, "https://a.example.com/")).toBe("r1");
      expect(winner(rules, "https://www.example.com/")).toBe("r2");
      expect(winner(rules, "https://x.www.example.com/")).toBe("r2");
    }
  });

  it("exceptions of every kind, and only for their own list", () => {
    const rules = [
      list("r1", [
        "||example.com",
        "192.0.2.0/24",
        "@@192.0.2.7",
        "@@|http://example.com/free",
        "@@/\\?nocache/",
      ]),
      list("r2", ["||example.com", "192.0.2.0/24"]),
    ];
    expect(winner(rules, "http://example.com/paid")).toBe("r1");
    expect(winner(rules, "http://example.com/free/x")).toBe("r2");
    expect(winner(rules, "https://example.com/?nocache")).toBe("r2");
    expect(winner(rules, "http://192.0.2.8/")).toBe("r1");
    expect(winner(rules, "http://192.0.2.7/")).toBe("r2");
  });

  it("a list of exceptions only never matches", () => {
    expect(winner([list("r1", ["@@||example.com"])], "https://example.com/")).toBeNull();
    expect(winner([list("r1", ["@@||example.com"])], "https://example.org/")).toBeNull();
  });

  it("reads bare lines as keywords only under an [AutoProxy] header", () => {
    const auto = [list("r1", ["[AutoProxy 0.2.9]", "example.com"])];
    const plain = [list("r1", ["example.com"])];
    expect(winner(auto, "http://example.org/?example.com")).toBe("r1");
    expect(winner(auto, "https://example.com/")).toBeNull();
    expect(winner(plain, "https://example.com/")).toBe("r1");
    expect(winner(plain, "http://example.org/?example.com")).toBeNull();
  });
});

describe("requestOf: the URL as the rules see it", () => {
  it.each([
    ["HTTP://User:pw@Example.COM.:80/A/b?Q=1#frag", "http://example.com./A/b?Q=1", "example.com"],
    ["https://[2001:DB8::1]:8443/x", "https://[2001:db8::1]:8443/x", "2001:db8::1"],
    ["http://0x7f.1/", "http://127.0.0.1/", "127.0.0.1"],
  ])("%s", (url, text, host) => {
    expect(requestOf(url)).toMatchObject({ url: text, host });
  });
});

describe("10,000 rules", () => {
  it("compile into lookups and still answer in list order", () => {
    const rules: SiteRule[] = [];
    for (let i = 0; i < 10_000; i++) {
      const kind = i % 4;
      const text =
        kind === 0
          ? `site${i}.example`
          : kind === 1
            ? `*.cdn${i}.example`
            : kind === 2
              ? `10.${(i >> 8) & 255}.${i & 255}.0/24`
              : `*://*.app${i}.example/api/*`;
      rules.push(pattern(`r${i + 1}`, text));
    }
    rules.push(pattern("r10001", "*"));
    const router = compileRules(rules);
    expect(router.route("https://www.site9996.example/")?.ruleId).toBe("r9997");
    expect(router.route("https://cdn9997.example/")?.ruleId).toBe("r9998");
    expect(router.route("http://10.39.14.1/")?.ruleId).toBe(`r${(39 << 8) + 14 + 1}`);
    expect(router.route("https://x.app9999.example/api/v1")?.ruleId).toBe("r10000");
    expect(router.route("https://x.app9999.example/web")?.ruleId).toBe("r10001");
  });
});

describe("the lookups agree with trying each rule in turn", () => {
  // A small world of names, so random rules and URLs meet often.
  const host = fc
    .array(fc.constantFrom("a", "ex", "com"), { minLength: 1, maxLength: 2 })
    .map((parts) => parts.join("."));
  const text = fc.oneof(
    host,
    host.map((h) => `*.${h}`),
    host.map((h) => `**.${h}`),
    host.map((h) => `?${h}`),
    host.map((h) => `http://*.${h}/p*`),
    host.map((h) => `*://${h}:8080/*`),
    fc.nat(3).map((n) => `10.0.0.${n}/${31 + (n % 2)}`),
    fc.constantFrom("/\\/p/", "/a\\.com/", "*", "[::1]"),
  );
  const rule = fc.record({
    enabled: fc.boolean(),
    container: fc.oneof(
      { arbitrary: fc.constantFrom("c1", "c2"), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 3 },
    ),
    lines: fc.oneof(
      {
        arbitrary: fc.array(
          fc.oneof(
            host.map((h) => `||${h}`),
            host.map((h) => `@@||${h}`),
            text,
          ),
          { maxLength: 4 },
        ),
        weight: 1,
      },
      { arbitrary: fc.constant(undefined), weight: 2 },
    ),
    text,
  });
  const url = fc.oneof(
    fc
      .tuple(
        fc.constantFrom("http", "https"),
        host,
        fc.constantFrom("", ":8080"),
        fc.constantFrom("/", "/p/q"),
      )
      .map(([s, h, port, path]) => `${s}://${h}${port}${path}`),
    fc.nat(3).map((n) => `http://10.0.0.${n}/p`),
    fc.constant("http://[::1]/"),
  );

  it("for random rules and URLs", () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 12 }),
        url,
        fc.option(fc.constantFrom("c1", "c2"), { nil: undefined }),
        (specs, target, container) => {
          const rules = specs.map((s, i) =>
            s.lines
              ? list(`r${i}`, s.lines, { enabled: s.enabled, container: s.container })
              : pattern(`r${i}`, s.text, { enabled: s.enabled, container: s.container }),
          );
          const oneByOne =
            rules.find((r) => compileRules([r]).route(target, container) !== null)?.id ?? null;
          expect(winner(rules, target, container)).toBe(oneByOne);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

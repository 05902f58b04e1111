/**
 * The generated PAC script, evaluated as Chrome's PAC runtime would (a bare JavaScript context:
 * the script uses no PAC helper functions), must answer what the router answers.
 */
import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pacScript } from "../../../lib/routing/pac";
import { parsePattern } from "../../../lib/routing/pattern";
import { compileRules, requestOf } from "../../../lib/routing/router";
import { parseListLine } from "../../../lib/routing/rule-list";
import type { Route, SiteRule } from "../../../lib/routing/rules";

const DEFAULT = "PROXY default.test:1";
const resolve = (route: Route) =>
  route.kind === "token"
    ? `PROXY t${route.tokenId}.test:8000`
    : route.kind === "direct"
      ? "DIRECT"
      : "PROXY 127.0.0.1:9";

type FindProxy = (url: string, host: string) => string;

function evaluate(script: string): FindProxy {
  const context = vm.createContext({});
  vm.runInContext(script, context, { timeout: 5_000 });
  const find = (context as { FindProxyForURL?: unknown }).FindProxyForURL;
  if (typeof find !== "function") throw new Error("no FindProxyForURL");
  return (url, host) => find(url, host);
}

/** Chrome's view: no login or fragment, and of https:// only the origin. */
function chromeArgs(url: string): [string, string] {
  const req = requestOf(url);
  if (!req) throw new Error(`bad URL ${url}`);
  const seen = req.scheme === "https" ? req.url.replace(/^(https:\/\/[^/]*).*$/, "$1/") : req.url;
  return [seen, req.host];
}

/** What the router says Chrome should get for the URL Chrome hands the script. */
function routerAnswer(rules: SiteRule[], url: string): string {
  const match = compileRules(rules).route(chromeArgs(url)[0]);
  return match ? resolve(match.route) : DEFAULT;
}

let nextToken = 1;
const rule = (source: SiteRule["source"], over: Partial<SiteRule> = {}): SiteRule => {
  const tokenId = nextToken++;
  return { id: `r${tokenId}`, enabled: true, source, route: { kind: "token", tokenId }, ...over };
};
const pattern = (text: string, over: Partial<SiteRule> = {}) =>
  rule({ type: "pattern", text }, over);
const list = (lines: string[], over: Partial<SiteRule> = {}) =>
  rule({ type: "list", name: "l", lines }, over);

describe("the PAC script answers as the router does", () => {
  const rules: SiteRule[] = [
    pattern("/\\/first\\//"),
    pattern("shop.example.com"),
    pattern("192.0.2.0/24"),
    pattern("*://*.example.com/api/*"),
    list([
      "[AutoProxy 0.2.9]",
      "||example.net",
      "@@||free.example.net",
      "tracker",
      "|http://start.test/",
    ]),
    pattern("example.com", { route: { kind: "direct" } }),
    pattern("**.sub.test", { route: { kind: "block" } }),
    pattern("cdn?.*.org"),
    pattern("2001:db8::/32"),
    pattern("[::1]"),
    pattern("disabled.test", { enabled: false }),
    pattern("container.test", { container: "firefox-container-1" }),
  ];
  const find = evaluate(pacScript(rules, resolve, DEFAULT));

  it.each([
    "http://shop.example.com/first/",
    "https://shop.example.com/first/",
    "https://shop.example.com/api/x",
    "http://www.example.com/api/x",
    "https://www.example.com/api/x",
    "https://www.example.com/",
    "https://notexample.com/",
    "https://example.com.evil.test/",
    "http://192.0.2.9:8080/",
    "http://192.0.3.9/",
    "https://a.example.net/",
    "https://free.example.net/",
    "https://x.free.example.net/",
    "http://other.test/tracker.js",
    "https://tracker.test/",
    "https://other.test/tracker.js",
    "http://start.test/x",
    "https://sub.test/",
    "https://a.sub.test/",
    "https://cdn1.x.org/",
    "https://cdn12.x.org/",
    "http://[2001:db8::9]/",
    "http://[2001:db9::9]/",
    "http://[::1]:3000/",
    "https://disabled.test/",
    "https://container.test/",
    "https://EXAMPLE.com./",
  ])("%s", (url) => {
    expect(find(...chromeArgs(url))).toBe(routerAnswer(rules, url));
  });

  it("takes the host as Chrome gives it: any case, brackets, a trailing dot", () => {
    expect(find("https://www.example.com/", "WWW.Example.COM.")).toBe("DIRECT");
    expect(find("http://[::1]:3000/", "[::1]")).toBe(resolve({ kind: "token", tokenId: 10 }));
  });

  it("cannot see an https:// path (Chrome hides it), while Firefox's router can", () => {
    const pathRules = [pattern("*://example.com/private/*")];
    const pathFind = evaluate(pacScript(pathRules, resolve, DEFAULT));
    const [token] = pathRules;
    expect(compileRules(pathRules).route("https://example.com/private/x")?.ruleId).toBe(token?.id);
    expect(pathFind(...chromeArgs("https://example.com/private/x"))).toBe(DEFAULT);
    expect(pathFind(...chromeArgs("http://example.com/private/x"))).toBe(
      resolve(token?.route ?? { kind: "direct" }),
    );
  });

  it("leaves container rules out", () => {
    const script = pacScript([pattern("example.com", { container: "c1" })], resolve, DEFAULT);
    expect(evaluate(script)("https://example.com/", "example.com")).toBe(DEFAULT);
  });
});

describe("hostile patterns and results stay data", () => {
  const hostile = [
    "/\"'\\\\<\\/script><!--]}\\);throw\\(1\\);\\/\\//",
    "http://example.com/\"');}*</script>*",
    "http://example.com/日本\\u2028*",
    "*.example.com",
  ];
  const rules = [
    ...hostile.map((text) => pattern(text)),
    list(["[AutoProxy]", '"</script>', "'}]);throw(1);//", "@@\\\\"]),
  ];
  const evil = (route: Route) => `PROXY "evil'\u2028\u2029</script>\\${resolve(route)}`;
  const script = pacScript(rules, evil, "DIRECT\u2028</script>");

  it("are all valid, so they all reach the script", () => {
    expect(hostile.map((text) => parsePattern(text).ok)).toEqual(hostile.map(() => true));
    const lines = rules.at(-1)?.source;
    const listLines = lines?.type === "list" ? lines.lines.slice(1) : [];
    expect(listLines.map((line) => parseListLine(line, "autoproxy").ok)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("is pure ASCII with no way out of a string or a <script>", () => {
    expect(script).toMatch(/^[\x20-\x7e\n]*$/);
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toMatch(/[\u2028\u2029]/);
  });

  it("names like __proto__ are only names", () => {
    const named = [pattern("__proto__"), pattern("valueof")];
    const find = evaluate(pacScript(named, resolve, DEFAULT));
    for (const url of ["http://__proto__/", "http://a.valueof/", "http://constructor/"]) {
      expect(find(...chromeArgs(url))).toBe(routerAnswer(named, url));
    }
    expect(find(...chromeArgs("http://length/"))).toBe(DEFAULT);
    expect(find(...chromeArgs("http://constructor/"))).toBe(DEFAULT);
  });

  it("still evaluates and returns the results verbatim", () => {
    const find = evaluate(script);
    expect(find("http://x.test/\"'\\</script><!--]});throw(1);//", "x.test")).toBe(
      evil(rules[0]?.route ?? { kind: "direct" }),
    );
    expect(find("http://www.example.com/", "www.example.com")).toBe(
      evil(rules[3]?.route ?? { kind: "direct" }),
    );
    expect(find('http://other.test/"</script>', "other.test")).toBe(
      evil(rules[4]?.route ?? { kind: "direct" }),
    );
    expect(find("http://other.test/\\\\", "other.test")).toBe("DIRECT\u2028</script>");
    expect(find("http://other.test/", "other.test")).toBe("DIRECT\u2028</script>");
  });
});

/** `arb` in `weight` draws of `weight + without`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight: number, without: number) =>
  fc.oneof({ arbitrary: arb, weight }, { arbitrary: fc.constant(undefined), weight: without });

describe("PAC and router agree on random rules and http URLs", () => {
  // A small world of names, so random rules and URLs meet often.
  const host = fc
    .array(fc.constantFrom("a", "ex", "com"), { minLength: 1, maxLength: 2 })
    .map((parts) => parts.join("."));
  const text = fc.oneof(
    host,
    host.map((h) => `*.${h}`),
    host.map((h) => `**.${h}`),
    host.map((h) => `${h.replace(/^./, "?")}`),
    host.map((h) => `http://*.${h}/p*`),
    host.map((h) => `*://${h}:8080/*`),
    fc.nat(3).map((n) => `10.0.0.${n}/${31 + (n % 2)}`),
    fc.nat(3).map((n) => `2001:db8::${n}/${127 + (n % 2)}`),
    fc.constantFrom("/\\/p/", "/A\\.COM/i", "*", "[::1]"),
  );
  const listLine = fc.oneof(
    host.map((h) => `||${h}`),
    host.map((h) => `@@||${h}`),
    host.map((h) => `|http://${h}`),
    host.map((h) => `@@${h}`),
    fc.constantFrom("p/q", "ex*com", "@@/q$/", "@@10.0.0.1"),
    text,
  );
  const spec = fc.record({
    enabled: fc.boolean(),
    container: sometimes(fc.constant("c1"), 1, 4),
    route: fc.constantFrom<Route>({ kind: "direct" }, { kind: "block" }),
    list: sometimes(
      fc.record({ autoproxy: fc.boolean(), lines: fc.array(listLine, { maxLength: 5 }) }),
      1,
      2,
    ),
    text,
  });
  const url = fc.oneof(
    fc
      .tuple(host, fc.constantFrom("", ":8080"), fc.constantFrom("/", "/p/q", "/x?q"))
      .map(([h, port, path]) => `http://${h}${port}${path}`),
    fc.tuple(host, host).map(([h, other]) => `http://${h}/?u=http://${other}/p`),
    fc.nat(3).map((n) => `http://10.0.0.${n}/p`),
    fc.nat(3).map((n) => `http://[2001:db8::${n}]/`),
    fc.constant("http://[::1]/q"),
  );

  it("for every URL, the same rule's result", () => {
    fc.assert(
      fc.property(
        fc.array(spec, { maxLength: 10 }),
        fc.array(url, { minLength: 1, maxLength: 8 }),
        (specs, urls) => {
          const rules = specs.map((s, i): SiteRule => {
            const source: SiteRule["source"] = s.list
              ? {
                  type: "list",
                  name: "l",
                  lines: s.list.autoproxy ? ["[AutoProxy]", ...s.list.lines] : s.list.lines,
                }
              : { type: "pattern", text: s.text };
            const route: Route = i % 3 === 0 ? s.route : { kind: "token", tokenId: i + 1 };
            return { id: `r${i}`, enabled: s.enabled, source, route, container: s.container };
          });
          const find = evaluate(pacScript(rules, resolve, DEFAULT));
          for (const target of urls) {
            expect(find(...chromeArgs(target))).toBe(routerAnswer(rules, target));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

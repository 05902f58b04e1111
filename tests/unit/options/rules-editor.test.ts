import { describe, expect, it } from "vitest";
import { CHROME_ABILITIES, FIREFOX_ABILITIES } from "../../../lib/base/browser-abilities";
import { placeholderNames } from "../../../lib/i18n/plural";
import { rulesStrings, rulesTranslate } from "../../../lib/i18n/rules-strings";
import {
  firstRoute,
  moveRule,
  newRule,
  problemSentence,
  routeFromValue,
  routeHealth,
  routeOfUrl,
  routeOptions,
  routeText,
  routeValue,
  sharedGatewayRules,
  sourceText,
  tokenRouteLabel,
  urlToTest,
} from "../../../lib/options/rules-editor";
import type { PatternProblem } from "../../../lib/routing/pattern";
import type { Route, SiteRule } from "../../../lib/routing/rules";
import { catalogOf } from "../catalogs";
import { makeToken } from "../stored-token";

const t = rulesTranslate("en");
const zh = rulesTranslate("zh_CN");
const NOW = 1_800_000_000_000;

const rule = (id: string, text: string, route: Route, enabled = true): SiteRule => ({
  id,
  enabled,
  source: { type: "pattern", text },
  route,
});

describe("moveRule", () => {
  it("moves one place up or down and leaves the rest in order", () => {
    expect(moveRule(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveRule(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveRule(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
  });

  it("changes nothing past either end, and never mutates its input", () => {
    const list = ["a", "b"];
    expect(moveRule(list, 0, -1)).toEqual(["a", "b"]);
    expect(moveRule(list, 1, 1)).toEqual(["a", "b"]);
    expect(moveRule(list, 5, -1)).toEqual(["a", "b"]);
    expect(list).toEqual(["a", "b"]);
  });
});

describe("route values", () => {
  it("round-trips every route through a select value", () => {
    const routes: Route[] = [
      { kind: "direct" },
      { kind: "block" },
      { kind: "token", tokenId: 42 },
      { kind: "token", tokenId: -3 },
    ];
    for (const route of routes) expect(routeFromValue(routeValue(route))).toEqual(route);
  });

  it("refuses values no route has", () => {
    for (const value of ["", "token:", "token:0", "token:1.5", "token:abc", "proxy", "token:01"]) {
      expect(routeFromValue(value), value).toBeNull();
    }
  });
});

describe("route labels and health", () => {
  const a = makeToken({
    id: 1,
    look: { name: "Work", colour: "#e5484d" },
    host: "gw.example.net",
    port: 8000,
  });
  const b = makeToken({ id: 2, host: "", ip: "", country: "", countryCode: "DE" });
  const old = makeToken({ id: 3, expiresAt: NOW - 1 });

  it("names a token by its colour, id and name, host:port, and its country", () => {
    expect(tokenRouteLabel(a)).toBe("🔴 #1 Work · gw.example.net:8000 · United States");
    const { look: _none, ...unnamed } = a;
    expect(tokenRouteLabel(unnamed)).toBe("#1 · gw.example.net:8000 · United States");
    expect(tokenRouteLabel(b)).toBe("#2 · DE");
  });

  it("offers every token, Direct and Block, marks the expired, keeps a gone one chosen", () => {
    const options = routeOptions([a, old], NOW, t, { kind: "token", tokenId: 9 });
    expect(options.map((o) => o.value)).toEqual([
      "token:1",
      "token:3",
      "token:9",
      "direct",
      "block",
    ]);
    expect(options[1]?.text).toMatch(/\(expired\)$/);
    expect(options[2]?.text).toBe("Token #9 (gone)");
    expect(
      routeOptions([a], NOW, zh)
        .map((o) => o.text)
        .slice(1),
    ).toEqual(["直连", "禁止访问"]);
  });

  it("a route to a gone or expired token is broken; direct and block never are", () => {
    const tokens = [a, old];
    expect(routeHealth({ kind: "token", tokenId: 1 }, tokens, NOW)).toBe("ok");
    expect(routeHealth({ kind: "token", tokenId: 3 }, tokens, NOW)).toBe("expired");
    expect(routeHealth({ kind: "token", tokenId: 7 }, tokens, NOW)).toBe("gone");
    expect(routeHealth({ kind: "direct" }, [], NOW)).toBe("ok");
    expect(routeHealth({ kind: "block" }, [], NOW)).toBe("ok");
    expect(routeText({ kind: "token", tokenId: 7 }, tokens, NOW, t)).toBe("Token #7 (gone)");
  });

  it("a new rule starts on the connected token, else the first usable one, else Direct", () => {
    expect(firstRoute([a, old], 3, NOW)).toEqual({ kind: "token", tokenId: 1 });
    expect(firstRoute([old, a], 1, NOW)).toEqual({ kind: "token", tokenId: 1 });
    expect(firstRoute([old], null, NOW)).toEqual({ kind: "direct" });
    expect(firstRoute([], null, NOW)).toEqual({ kind: "direct" });
  });
});

describe("sentences", () => {
  const problems: PatternProblem[] = [
    "empty",
    "spaces",
    "bad-host",
    "bad-wildcard",
    "bad-cidr",
    "bad-regex",
    "too-long",
  ];

  it("every pattern mistake has its own sentence in both languages, saying what to do", () => {
    const english = problems.map((p) => problemSentence(p, t));
    expect(new Set(english).size).toBe(problems.length);
    for (const sentence of english) expect(sentence).toMatch(/\.$/);
    for (const p of problems) {
      expect(problemSentence(p, zh)).not.toBe(problemSentence(p, t));
      expect(problemSentence(p, zh)).toMatch(/。$/);
    }
  });

  it("the Chinese table has every key, with the same placeholders", () => {
    const holes = placeholderNames;
    for (const [key, english] of Object.entries(rulesStrings.en)) {
      const chinese = catalogOf("zh_CN").rules?.[key];
      expect(chinese, key).toBeTypeOf("string");
      expect(holes(chinese ?? ""), key).toEqual(holes(english));
    }
  });

  it("a list rule reads as its name and line count", () => {
    expect(sourceText({ type: "list", name: "gfw", lines: ["a.com", "b.com"] }, t)).toBe(
      "List “gfw” (2 lines)",
    );
    expect(sourceText({ type: "pattern", text: "*.example.com" }, t)).toBe("*.example.com");
    // The [AutoProxy] header is stored first, and is no rule line (a comment, as in omega-pac).
    const gfw = ["[AutoProxy 0.2.9]", "||a.example", "b.example"];
    expect(sourceText({ type: "list", name: "gfw", lines: gfw }, t)).toBe("List “gfw” (2 lines)");
  });
});

describe("which route an address takes", () => {
  const rules = [
    rule("r1", "ads.example.com", { kind: "block" }, false),
    rule("r2", "example.com", { kind: "token", tokenId: 5 }),
    rule("r3", "ads.example.com", { kind: "direct" }),
  ];

  it("the first enabled match decides, and the answer names its position", () => {
    const answer = routeOfUrl(rules, "https://ads.example.com/x", null);
    expect(answer).toMatchObject({
      kind: "rule",
      position: 2,
      route: { kind: "token", tokenId: 5 },
    });
    expect(answer.kind === "rule" && answer.rule.id).toBe("r2");
  });

  it("no match takes the default route: the connected token or direct", () => {
    expect(routeOfUrl(rules, "https://other.test/", 8)).toEqual({ kind: "default", tokenId: 8 });
    expect(routeOfUrl([], "https://other.test/", null)).toEqual({ kind: "default", tokenId: null });
  });

  it("reads a bare host as https, and refuses what is not an address", () => {
    expect(urlToTest(" www.example.com ")).toBe("https://www.example.com/");
    expect(urlToTest("http://a.test/p?q")).toBe("http://a.test/p?q");
    expect(urlToTest("")).toBeNull();
    expect(urlToTest("not an address")).toBeNull();
    expect(urlToTest("https://")).toBeNull();
  });
});

describe("newRule", () => {
  it("makes an enabled rule with a fresh id", () => {
    const a = newRule({ type: "pattern", text: "a.test" }, { kind: "direct" });
    const b = newRule({ type: "pattern", text: "a.test" }, { kind: "direct" });
    expect(a).toMatchObject({ enabled: true, route: { kind: "direct" } });
    expect(a.id).not.toBe(b.id);
    expect(a.id.length).toBeLessThanOrEqual(64);
  });
});

describe("sharedGatewayRules", () => {
  const NOW = 1_800_000_000_000;
  const gw = { host: "gw.example.net", port: 8000 };
  const tokens = [
    makeToken({ id: 1, ...gw }),
    makeToken({ id: 2, ...gw }),
    makeToken({ id: 3, ...gw }),
    makeToken({ id: 4, port: 9000 }),
  ];
  const to = (id: string, tokenId: number): SiteRule => ({
    id,
    enabled: true,
    source: { type: "pattern", text: `${id}.example` },
    route: { kind: "token", tokenId },
  });

  it("Chrome: a third token on a named gateway cannot be routed beside the first two", () => {
    const rules = [to("a", 1), to("b", 2), to("c", 3), to("d", 4)];
    const shared = sharedGatewayRules(rules, tokens, null, CHROME_ABILITIES, NOW);
    expect([...shared]).toEqual([["c", "gw.example.net:8000"]]);
  });

  it("the connected token takes the gateway first", () => {
    expect([
      ...sharedGatewayRules([to("a", 2), to("b", 3)], tokens, 1, CHROME_ABILITIES, NOW),
    ]).toEqual([["b", "gw.example.net:8000"]]);
  });

  it("as the background plans it: an expired token takes no gateway from a later rule", () => {
    const expired = [makeToken({ id: 1, ...gw, expiresAt: NOW - 1 }), ...tokens.slice(1)];
    const rules = [to("a", 1), to("b", 2), to("c", 3)];
    expect(sharedGatewayRules(rules, expired, null, CHROME_ABILITIES, NOW).size).toBe(0);
  });

  it("Firefox signs in per request: nothing is shared", () => {
    expect(
      sharedGatewayRules([to("a", 1), to("b", 2)], tokens, null, FIREFOX_ABILITIES, NOW).size,
    ).toBe(0);
  });
});

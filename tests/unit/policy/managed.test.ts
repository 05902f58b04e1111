/**
 * The administrator's policy (pure): each field checked on its own, a bad one ignored and
 * named while the good ones apply; the policy over the user's settings; patches that would
 * write over it refused.
 */
import { describe, expect, it } from "vitest";
import { decodePolicy } from "../../../lib/policy/managed";
import { managedRulesOf } from "../../../lib/policy/managed-rules";
import { effectiveSettings, guardPatch } from "../../../lib/policy/managed-settings";
import { siteRuleSchema } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";

const USER: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://mine.example.test",
  auth: { kind: "bearer", accessToken: "secret" },
  bypassList: ["<local>", "home.test"],
  fallbackDirect: true,
};

describe("decodePolicy", () => {
  it("takes every well-formed field", () => {
    const { policy, problems } = decodePolicy({
      baseUrl: "https://corp.example.test/api/",
      failClosed: true,
      webrtcProtection: true,
      bypassList: [" intranet.test ", "", "intranet.test", "<local>"],
      rules: [
        { pattern: "*.corp.test", route: "direct" },
        { subscription: "https://lists.example.test/block.txt", route: "block", everyHours: 6 },
      ],
      backupSecrets: false,
      addProxies: false,
    });
    expect(problems).toEqual([]);
    expect(policy).toEqual({
      baseUrl: "https://corp.example.test/api",
      failClosed: true,
      webrtcProtection: true,
      bypassList: ["intranet.test", "<local>"],
      rules: [
        { pattern: "*.corp.test", route: "direct" },
        {
          subscription: "https://lists.example.test/block.txt",
          route: "block",
          everyHours: 6,
          name: "https://lists.example.test/block.txt",
        },
      ],
      backupSecrets: false,
      addProxies: false,
    });
  });

  it("ignores a malformed field, naming it and why, and applies the others", () => {
    const { policy, problems } = decodePolicy({
      baseUrl: "http://corp.example.test",
      failClosed: "yes",
      bypassList: ["ok.test", "bad rule"],
      addProxies: false,
      colour: "blue",
    });
    expect(policy).toEqual({ addProxies: false });
    expect(problems).toEqual([
      { field: "baseUrl", why: "base-url", detail: "https-required" },
      { field: "failClosed", why: "type", detail: "" },
      { field: "bypassList", why: "bypass-rule", detail: "bad rule" },
      { field: "colour", why: "unknown", detail: "" },
    ]);
  });

  it("a key named like a built-in is an unknown field; the good fields still apply", () => {
    const { policy, problems } = decodePolicy(
      JSON.parse('{"failClosed":true,"constructor":1,"toString":"x","__proto__":{"a":1}}'),
    );
    expect(policy).toEqual({ failClosed: true });
    expect(problems.map((p) => [p.field, p.why])).toEqual([
      ["constructor", "unknown"],
      ["toString", "unknown"],
      ["__proto__", "unknown"],
    ]);
  });

  it("drops the whole rule set when one rule is wrong: never half a rule set", () => {
    const bad = (entry: unknown) =>
      decodePolicy({ rules: [{ pattern: "a.test", route: "block" }, entry] });
    expect(bad({ pattern: "b.test", route: "token" })).toEqual({
      policy: {},
      problems: [{ field: "rules", why: "rule-route", detail: "2" }],
    });
    expect(bad({ pattern: "/(/", route: "direct" }).problems[0]?.why).toBe("rule-pattern");
    expect(
      bad({ subscription: "http://lists.example.test/x", route: "direct" }).problems[0]?.why,
    ).toBe("rule-url");
    expect(
      bad({ subscription: "https://l.test/x", route: "direct", everyHours: 0 }).problems[0]?.why,
    ).toBe("rule");
    expect(bad("b.test").problems[0]?.why).toBe("rule");
  });

  it("a list's rule is stored as the writer takes it: a long address names it cut to 200, an address too long once encoded is refused", () => {
    const long = `https://lists.corp.example/b.txt?key=${"a".repeat(300)}`;
    const padded = ` ${long}${" ".repeat(1_800)}`;
    const { policy, problems } = decodePolicy({
      rules: [
        { subscription: padded, route: "block" },
        { subscription: long, route: "direct", name: "n".repeat(250) },
      ],
    });
    expect(problems).toEqual([]);
    const rules = managedRulesOf(policy.rules ?? []);
    for (const rule of rules) expect(siteRuleSchema.safeParse(rule).success).toBe(true);
    expect(rules[0]?.source).toMatchObject({ name: long.slice(0, 200) });
    expect(rules[0]?.source).toMatchObject({ subscription: { url: long } });
    // 400 Cyrillic letters are 2,400 characters as an address.
    const encoded = decodePolicy({
      rules: [{ subscription: `https://l.test/${"я".repeat(400)}`, route: "block" }],
    });
    expect(encoded.problems[0]?.why).toBe("rule-url");
  });

  it("takes http to loopback from a policy (the administrator owns the machine)", () => {
    expect(decodePolicy({ baseUrl: "http://127.0.0.1:8787" }).policy.baseUrl).toBe(
      "http://127.0.0.1:8787",
    );
  });

  it("reads no policy from nothing, and null as absent", () => {
    expect(decodePolicy(undefined)).toEqual({ policy: {}, problems: [] });
    expect(decodePolicy({ baseUrl: null })).toEqual({ policy: {}, problems: [] });
  });
});

describe("effectiveSettings", () => {
  it("lays the policy's values over the user's", () => {
    const merged = effectiveSettings(USER, {
      failClosed: true,
      bypassList: ["corp.test"],
      webrtcProtection: true,
    });
    expect(merged).toEqual({
      ...USER,
      fallbackDirect: false,
      bypassList: ["corp.test"],
      webrtcProtection: true,
    });
    expect(effectiveSettings(USER, { failClosed: false }).fallbackDirect).toBe(true);
    expect(effectiveSettings(USER, {})).toEqual(USER);
  });

  it("never hands the user's credentials to the policy's other address", () => {
    const moved = effectiveSettings(USER, { baseUrl: "https://corp.example.test" });
    expect(moved.baseUrl).toBe("https://corp.example.test");
    expect(moved.auth).toBeNull();
    // Entered for that address: used with it.
    expect(effectiveSettings(USER, { baseUrl: USER.baseUrl }).auth).toEqual(USER.auth);
  });
});

describe("guardPatch", () => {
  const policy = {
    baseUrl: "https://corp.example.test",
    failClosed: true,
    bypassList: ["corp.test"],
  };

  it("refuses another value for a managed key and names it", () => {
    expect(guardPatch({ fallbackDirect: true, warnDays: 3 }, policy)).toEqual({
      patch: { warnDays: 3 },
      managed: ["fallbackDirect"],
    });
  });

  it("drops the policy's own value silently: a form sends every field it shows", () => {
    expect(guardPatch({ bypassList: ["corp.test"], fallbackDirect: false }, policy)).toEqual({
      patch: {},
      managed: [],
    });
  });

  it("binds credentials to the policy's address, and to no other", () => {
    const auth = { kind: "bearer", accessToken: "corp-secret" };
    expect(guardPatch({ baseUrl: "https://corp.example.test", auth }, policy)).toEqual({
      patch: { baseUrl: "https://corp.example.test", auth },
      managed: [],
    });
    expect(guardPatch({ baseUrl: "https://elsewhere.test", auth }, policy)).toEqual({
      patch: {},
      managed: ["baseUrl", "auth"],
    });
  });
});

/**
 * A ZeroOmega/SwitchyOmega `OmegaOptions.bak` read into Proxy Deck: fixed profiles → proxies
 * with logins, the switch profile's 14 rules in order, its rule-list profile → a list rule kept
 * by URL, bypass entries; each URL routed as omega-pac would (profiles.coffee SwitchProfile:
 * first matching rule, else the default profile; conditions.coffee for each condition).
 */
import { describe, expect, it } from "vitest";
import type { ForeignImport } from "../../../lib/import/foreign";
import { conditionPatterns } from "../../../lib/import/omega-conditions";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { shExpToRegex } from "../../../lib/import/shexp";
import { omegaBackup } from "./fixtures";
import { routesOf } from "./route-table";

function setupOf(text: string): ForeignImport {
  const file = readForeignFile(text);
  if (file.kind !== "setup" || !file.read.ok) throw new Error(JSON.stringify(file));
  return file.read.setup;
}

describe("Omega options file", () => {
  // As ZeroOmega writes it: JSON.stringify without spaces (io.coffee exportOptions).
  const setup = setupOf(JSON.stringify(omegaBackup()));

  it("fixed profiles become proxies with their logins; the rest is named with why", () => {
    expect(setup.format).toBe("omega");
    expect(setup.proxies.map((p) => [p.name, p.type, p.host, p.port, p.username])).toEqual([
      ["work", "http", "gw1.example.net", 3128, "ice"],
      ["home", "socks5", "gw2.example.net", 1080, "lon"],
    ]);
    expect(setup.skipped).toEqual([
      { what: "tor", why: "no-login" },
      { what: "tls", why: "proxy-type", detail: "https" },
      { what: "office pac", why: "proxy-type", detail: "PacProfile" },
      { what: "HostRegexCondition: ^hr\\.test$", why: "condition", detail: "HostRegexCondition" },
      { what: "WeekdayCondition: ", why: "condition", detail: "WeekdayCondition" },
      { what: "HostWildcardCondition: onion.test", why: "no-proxy", detail: "tor" },
      { what: "HostWildcardCondition: nested.test", why: "nested", detail: "other switch" },
      { what: "other switch", why: "unused", detail: "auto switch" },
    ]);
    // Omega's loopback defaults are Chrome's own; the rest comes to the bypass list.
    expect(setup.bypass).toEqual(["*.internal.test"]);
  });

  it("the switch rules in their order, then the rule list kept by its URL", () => {
    expect(
      setup.rules.map((r) => [
        r.source.type === "pattern" ? r.source.text : r.source.name,
        r.route,
      ]),
    ).toEqual([
      ["/^[^:/]+:\\/\\/bank\\.test(?::\\d+)?\\//", { kind: "direct" }],
      ["*.bank.test", { kind: "proxy", proxy: 0 }],
      ["**.cdn.test", { kind: "proxy", proxy: 1 }],
      ["/:\\/\\/.*\\.video\\.test\\/watch/", { kind: "proxy", proxy: 0 }],
      ["/^http://regex\\.test//", { kind: "proxy", proxy: 1 }],
      ["/^(?=http:\\/\\/).*magic/", { kind: "proxy", proxy: 0 }],
      ["192.168.50.0/24", { kind: "direct" }],
      ["/^[^:/]+:\\/\\/mail\\.test(?::\\d+)?\\//", { kind: "proxy", proxy: 1 }],
      ["*.post.test", { kind: "proxy", proxy: 1 }],
      ["*.shop.test", { kind: "proxy", proxy: 1 }],
      ["/^[^:/]+:\\/\\/api\\.shop\\.test(?::\\d+)?\\//", { kind: "proxy", proxy: 0 }],
      ["__ruleListOf_auto switch", { kind: "proxy", proxy: 0 }],
    ]);
    const list = setup.rules.at(-1)?.source;
    expect(list).toEqual({
      type: "list",
      name: "__ruleListOf_auto switch",
      lines: ["[AutoProxy 0.2.9]", "||listed.test", "@@||ok.listed.test"],
      subscription: {
        url: "https://lists.example.org/gfwlist.txt",
        via: { kind: "direct" },
        everyHours: 24,
      },
    });
    expect(setup.rest).toEqual({ kind: "direct" });
  });

  it("routes each URL where omega-pac would", () => {
    expect(
      routesOf(setup, [
        "http://bank.test/",
        "http://bank.test:8080/x",
        "http://www.bank.test/",
        "http://a.cdn.test/",
        "http://cdn.test/",
        "http://www.video.test/watch?v=1",
        "http://www.video.test/other",
        "http://regex.test/a",
        "https://regex.test/a",
        "http://x.test/magic",
        "https://x.test/magic",
        "http://192.168.50.7/",
        "http://mail.test/",
        "http://www.mail.test/",
        "http://post.test/",
        "http://a.post.test/",
        "http://api.shop.test/",
        "http://listed.test/",
        "http://www.listed.test/",
        "http://ok.listed.test/",
        "http://elsewhere.test/",
      ]),
    ).toEqual({
      // A bare host wildcard is that host only in Omega (any port).
      "http://bank.test/": "direct",
      "http://bank.test:8080/x": "direct",
      "http://www.bank.test/": "work",
      "http://a.cdn.test/": "home",
      // `**.` is subdomains only.
      "http://cdn.test/": "rest",
      "http://www.video.test/watch?v=1": "work",
      "http://www.video.test/other": "rest",
      "http://regex.test/a": "home",
      "https://regex.test/a": "rest",
      // A keyword is for plain http only.
      "http://x.test/magic": "work",
      "https://x.test/magic": "rest",
      "http://192.168.50.7/": "direct",
      "http://mail.test/": "home",
      "http://www.mail.test/": "rest",
      "http://post.test/": "home",
      "http://a.post.test/": "home",
      // `*.shop.test` stands before `api.shop.test`: the first rule wins.
      "http://api.shop.test/": "home",
      "http://listed.test/": "work",
      "http://www.listed.test/": "work",
      // The list's exception falls through to the list's default: direct.
      "http://ok.listed.test/": "rest",
      "http://elsewhere.test/": "rest",
    });
  });

  it("the list is fetched as often as Omega fetched it (-downloadInterval, minutes)", () => {
    const every = (interval: unknown) => {
      const bak = { ...omegaBackup(), "-downloadInterval": interval };
      const source = setupOf(JSON.stringify(bak)).rules.at(-1)?.source;
      return source?.type === "list" ? source.subscription?.everyHours : undefined;
    };
    expect([every(15), every(180), every(1440), every(-1), every("x")]).toEqual([
      1, 3, 24, 720, 24,
    ]);
  });

  it("restores from base64 too, as Omega's own restore does", () => {
    const encoded = Buffer.from(JSON.stringify(omegaBackup())).toString("base64");
    expect(setupOf(encoded).rules).toEqual(setup.rules);
  });

  it("a Switchy-format rule list: Type: lines, `!` exclusions, and @with result refused", () => {
    const bak = omegaBackup();
    bak["+__ruleListOf_auto switch"] = {
      ...bak["+__ruleListOf_auto switch"],
      format: "Switchy",
      ruleList:
        "[SwitchyOmega Conditions]\n; note\n*.switchy.test\n!www.switchy.test\nUrlRegex: ^http://r\\.test/\nHostLevels: 1~2\n",
    };
    const read = setupOf(JSON.stringify(bak));
    expect(read.rules.at(-1)?.source).toEqual({
      type: "list",
      name: "__ruleListOf_auto switch",
      lines: [
        "*.switchy.test",
        "@@/^[^:/]+:\\/\\/www\\.switchy\\.test(?::\\d+)?\\//",
        "/^http://r\\.test//",
      ],
    });
    expect(read.skipped).toContainEqual({
      what: "__ruleListOf_auto switch",
      why: "list-lines",
      detail: "1",
    });
    // Only AutoProxy lists are fetched by URL here: this one comes as it is now.
    expect(read.skipped).toContainEqual({
      what: "__ruleListOf_auto switch",
      why: "list-url",
      detail: "https://lists.example.org/gfwlist.txt",
    });
    expect(routesOf(read, ["http://a.switchy.test/", "http://www.switchy.test/"])).toEqual({
      "http://a.switchy.test/": "work",
      "http://www.switchy.test/": "rest",
    });
    bak["+__ruleListOf_auto switch"].ruleList =
      "[SwitchyOmega Conditions]\n@with result\nx.test +work\n";
    expect(setupOf(JSON.stringify(bak)).skipped).toContainEqual({
      what: "__ruleListOf_auto switch",
      why: "condition",
      detail: "@with result",
    });
  });
});

describe("omega-pac's conditions", () => {
  it("shExp2RegExp as shexp_utils.coffee writes it", () => {
    expect(shExpToRegex("*.example.com", false)).toBe("^.*\\.example\\.com$");
    expect(shExpToRegex("*://example.com/*", true)).toBe(":\\/\\/example\\.com\\/");
    expect(shExpToRegex("a***b", false)).toBe("^a.*b$");
    expect(shExpToRegex("a?b", true)).toBe("^a.b$");
    // Both ends trimmed from one `*`: only the end anchor is left, which every URL matches.
    expect(shExpToRegex("*", true)).toBe("$");
  });

  it("bypass conditions in a switch rule: `*.x` is subdomains only, a bare host exact, CIDR", () => {
    expect(conditionPatterns({ conditionType: "BypassCondition", pattern: "*.x.test" })).toEqual({
      ok: true,
      patterns: ["**.x.test"],
    });
    expect(conditionPatterns({ conditionType: "BypassCondition", pattern: "10.1.0.0/16" })).toEqual(
      {
        ok: true,
        patterns: ["10.1.0.0/16"],
      },
    );
    expect(conditionPatterns({ conditionType: "BypassCondition", pattern: "<local>" }).ok).toBe(
      false,
    );
    expect(conditionPatterns({ conditionType: "UrlRegexCondition", pattern: "([" })).toEqual({
      ok: false,
      why: "never-matches",
      detail: "([",
    });
    expect(conditionPatterns({ conditionType: "TrueCondition" })).toEqual({
      ok: true,
      patterns: ["*"],
    });
  });
});

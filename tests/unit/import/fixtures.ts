/**
 * Files in the formats the other extensions write, made from their source:
 * FoxyProxy 9 (src/content/app.js `pref`, schema.json, options.js export = JSON of storage) and
 * ZeroOmega (omega-target default_options.coffee, profiles.coffee, conditions.coffee; the
 * `.bak` is JSON.stringify of the options). Hosts under `.test` so the e2e can load them.
 */

/** Gateways and logins: replaced per test (the e2e puts the sandbox's here). */
export interface Gateways {
  one: { host: string; port: number; username: string; password: string };
  two: { host: string; port: number; username: string; password: string };
}

export const EXAMPLE_GATEWAYS: Gateways = {
  one: { host: "gw1.example.net", port: 3128, username: "ice", password: 'p:w@1"x' },
  two: { host: "gw2.example.net", port: 1080, username: "lon", password: "secret" },
};

const pattern = (type: string, text: string, active = true) => ({
  type,
  title: "",
  pattern: text,
  active,
});

/** One proxy of a FoxyProxy 8+ export, every field as FoxyProxy writes it. */
export const foxyProxy = (over: Record<string, unknown>) => ({
  active: true,
  title: "",
  type: "http",
  hostname: "",
  port: "",
  username: "",
  password: "",
  cc: "",
  city: "",
  color: "#66cdaa",
  pac: "",
  pacString: "",
  proxyDNS: true,
  include: [],
  exclude: [],
  tabProxy: [],
  ...over,
});

export function foxyExport(gw: Gateways = EXAMPLE_GATEWAYS, mode = "pattern") {
  const proxy = foxyProxy;
  return {
    mode,
    sync: false,
    autoBackup: false,
    passthrough: "intranet.test\n.corp.test, 10.0.0.0/8;<local>",
    theme: "",
    container: {},
    commands: {},
    data: [
      proxy({
        title: "Iceland",
        hostname: gw.one.host,
        port: String(gw.one.port),
        username: gw.one.username,
        password: gw.one.password,
        cc: "IS",
        include: [
          pattern("wildcard", "*://news.test/*"),
          pattern("regex", "^https?://api\\.shop\\.test/"),
          pattern("match", "*://*.video.test/*"),
          pattern("wildcard", "*://off.test/*", false),
        ],
        exclude: [pattern("wildcard", "*://news.test/local/*")],
      }),
      proxy({
        title: "Bank direct",
        type: "direct",
        hostname: "DIRECT",
        include: [pattern("wildcard", "*://bank.test/*"), pattern("wildcard", "*://news.test/*")],
      }),
      proxy({
        title: "London",
        type: "socks5",
        hostname: gw.two.host,
        port: String(gw.two.port),
        username: gw.two.username,
        password: gw.two.password,
        include: [pattern("wildcard", "*.shop.test/*"), pattern("wildcard", "*://bank.test/*")],
      }),
      proxy({
        title: "TOR",
        type: "socks5",
        hostname: "127.0.0.1",
        port: "9050",
        include: [pattern("wildcard", "*.onion/*")],
      }),
      proxy({
        title: "Old",
        active: false,
        hostname: "gw3.example.net",
        port: "8080",
        username: "old",
        password: "old",
        include: [pattern("wildcard", "*://old.test/*")],
      }),
      proxy({ title: "Office PAC", type: "pac", pac: "https://pac.example/proxy.pac" }),
      proxy({
        title: "Legacy",
        type: "socks4",
        hostname: "gw4.example.net",
        port: "1081",
        include: [pattern("regex", "legacy\\.test")],
      }),
      proxy({
        title: "Spaces",
        hostname: gw.one.host,
        port: String(gw.one.port),
        username: gw.one.username,
        password: gw.one.password,
        include: [pattern("regex", "a b")],
      }),
    ],
  };
}

const cond = (conditionType: string, pattern: string) => ({ conditionType, pattern });

export function omegaBackup(gw: Gateways = EXAMPLE_GATEWAYS) {
  return {
    schemaVersion: 2,
    "-enableQuickSwitch": false,
    "-refreshOnProfileChange": true,
    "-startupProfileName": "auto switch",
    "-quickSwitchProfiles": [],
    "-revertProxyChanges": true,
    "-downloadInterval": 1440,
    "+work": {
      profileType: "FixedProfile",
      name: "work",
      color: "#99ccee",
      fallbackProxy: { scheme: "http", host: gw.one.host, port: gw.one.port },
      auth: { fallbackProxy: { username: gw.one.username, password: gw.one.password } },
      bypassList: [
        cond("BypassCondition", "127.0.0.1"),
        cond("BypassCondition", "::1"),
        cond("BypassCondition", "localhost"),
        cond("BypassCondition", "*.internal.test"),
      ],
      revision: "18b2f2d8a5e",
    },
    "+home": {
      profileType: "FixedProfile",
      name: "home",
      color: "#ffee99",
      fallbackProxy: { scheme: "socks5", host: gw.two.host, port: gw.two.port },
      auth: { fallbackProxy: { username: gw.two.username, password: gw.two.password } },
      bypassList: [cond("BypassCondition", "<local>")],
    },
    "+tor": {
      profileType: "FixedProfile",
      name: "tor",
      fallbackProxy: { scheme: "socks5", host: "127.0.0.1", port: 9050 },
      bypassList: [],
    },
    "+tls": {
      profileType: "FixedProfile",
      name: "tls",
      fallbackProxy: { scheme: "https", host: "secure.example.net", port: 443 },
      auth: { fallbackProxy: { username: "a", password: "b" } },
    },
    "+office pac": {
      profileType: "PacProfile",
      name: "office pac",
      pacUrl: "https://pac.example/",
    },
    "+auto switch": {
      profileType: "SwitchProfile",
      name: "auto switch",
      color: "#99dd99",
      defaultProfileName: "__ruleListOf_auto switch",
      rules: [
        { condition: cond("HostWildcardCondition", "bank.test"), profileName: "direct" },
        { condition: cond("HostWildcardCondition", "*.bank.test"), profileName: "work" },
        { condition: cond("HostWildcardCondition", "**.cdn.test"), profileName: "home" },
        { condition: cond("UrlWildcardCondition", "*://*.video.test/watch*"), profileName: "work" },
        { condition: cond("UrlRegexCondition", "^http://regex\\.test/"), profileName: "home" },
        { condition: cond("KeywordCondition", "magic"), profileName: "work" },
        {
          condition: { conditionType: "IpCondition", ip: "192.168.50.0", prefixLength: 24 },
          profileName: "direct",
        },
        { condition: cond("HostRegexCondition", "^hr\\.test$"), profileName: "work" },
        {
          condition: { conditionType: "WeekdayCondition", startDay: 1, endDay: 5 },
          profileName: "home",
        },
        { condition: cond("HostWildcardCondition", "mail.test|*.post.test"), profileName: "home" },
        { condition: cond("HostWildcardCondition", "*.shop.test"), profileName: "home" },
        { condition: cond("HostWildcardCondition", "api.shop.test"), profileName: "work" },
        { condition: cond("HostWildcardCondition", "onion.test"), profileName: "tor" },
        { condition: cond("HostWildcardCondition", "nested.test"), profileName: "other switch" },
      ],
    },
    "+__ruleListOf_auto switch": {
      profileType: "RuleListProfile",
      name: "__ruleListOf_auto switch",
      format: "AutoProxy",
      matchProfileName: "work",
      defaultProfileName: "direct",
      sourceUrl: "https://lists.example.org/gfwlist.txt",
      ruleList: "[AutoProxy 0.2.9]\n! comment\n||listed.test\n@@||ok.listed.test\n",
    },
    "+other switch": {
      profileType: "SwitchProfile",
      name: "other switch",
      defaultProfileName: "home",
      rules: [],
    },
  };
}

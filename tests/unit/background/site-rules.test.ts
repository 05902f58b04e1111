/**
 * Saving site rules and the popup's "this site" over real extension storage (fakeBrowser):
 * every pattern checked again in the background, nothing stored when one is wrong, and the
 * popup's own rule for a site put first, replaced, and removed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { patchSiteRules, saveSiteRules, setSiteRoute } from "../../../lib/background/site-rules";
import { planRouting } from "../../../lib/routing/plan";
import type { SiteRule } from "../../../lib/routing/rules";
import { read } from "../../../lib/storage/read";
import { siteRouteReport } from "../../../lib/traffic/site-route";
import { makeToken } from "../stored-token";

const rule = (id: string, text: string, route: SiteRule["route"], enabled = true): SiteRule => ({
  id,
  enabled,
  source: { type: "pattern", text },
  route,
});

beforeEach(() => {
  fakeBrowser.reset();
});

describe("saveSiteRules", () => {
  it("stores the ordered list as given", async () => {
    const rules = [
      rule("a", "a.example", { kind: "direct" }),
      rule("b", "*.b.example", { kind: "block" }),
    ];
    expect(await saveSiteRules(rules)).toEqual({ ok: true, previous: [] });
    expect(await read("siteRules")).toEqual(rules);
    // The rules replaced come back: their gateways' cached logins are dropped too.
    expect(await saveSiteRules([])).toEqual({ ok: true, previous: rules });
  });

  it("refuses a list with a wrong pattern, naming it, and keeps the stored list", async () => {
    const kept = [rule("a", "a.example", { kind: "direct" })];
    await saveSiteRules(kept);
    const saved = await saveSiteRules([...kept, rule("x", "exa mple.com", { kind: "direct" })]);
    expect(saved).toEqual({
      ok: false,
      failure: { code: "site-rule-invalid", position: 2, pattern: "exa mple.com" },
    });
    expect(await read("siteRules")).toEqual(kept);
  });

  it("checks an imported list line by line as the importer does: a bad line or no line at all is refused", async () => {
    const list = (lines: string[]): SiteRule => ({
      id: "l",
      enabled: true,
      source: { type: "list", name: "gfwlist", lines },
      route: { kind: "direct" },
    });
    const good = list(["[AutoProxy 0.2.9]", "||example.com", "@@||ok.example.com"]);
    expect((await saveSiteRules([good])).ok).toBe(true);
    expect(await saveSiteRules([good, list(["[AutoProxy]", "||x.example", "a b"])])).toEqual({
      ok: false,
      failure: { code: "site-rule-invalid", position: 2, pattern: "a b" },
    });
    expect(await saveSiteRules([list(["[AutoProxy]"])])).toEqual({
      ok: false,
      failure: { code: "site-rule-invalid", position: 1, pattern: "gfwlist" },
    });
    expect(await read("siteRules")).toEqual([good]);
  });

  it("refuses two rules with one id", async () => {
    const twice = [
      rule("a", "a.example", { kind: "direct" }),
      rule("a", "b.example", { kind: "direct" }),
    ];
    expect(await saveSiteRules(twice)).toEqual({
      ok: false,
      failure: { code: "malformed-command" },
    });
    expect(await read("siteRules")).toEqual([]);
  });
});

describe("patchSiteRules (the editor's change, against the stored list)", () => {
  const stored = [
    rule("a", "a.example", { kind: "direct" }),
    rule("b", "b.example", { kind: "block" }),
    rule("c", "c.example", { kind: "direct" }),
  ];

  it("lays the sent rules over the stored ones, in the order sent; a rule left out is removed", async () => {
    await saveSiteRules(stored);
    const changed = rule("b", "b.example", { kind: "direct" }, false);
    const added = rule("d", "d.example", { kind: "block" });
    expect(await patchSiteRules([changed, added], ["d", "c", "b"])).toEqual({ ok: true });
    expect(await read("siteRules")).toEqual([added, stored[2], changed]);
  });

  it("with the removed ids named, a rule the page never saw (arrived by sync) is kept, at the end", async () => {
    await saveSiteRules(stored);
    // The page knew a, b, c; it removes b. Meanwhile "synced" arrived.
    const synced = rule("synced", "s.example", { kind: "block" });
    await saveSiteRules([...stored, synced]);
    expect(await patchSiteRules([], ["c", "a"], ["b"])).toEqual({ ok: true });
    expect((await read("siteRules")).map((r) => r.id)).toEqual(["c", "a", "synced"]);
  });

  it("a rule the list no longer has (removed elsewhere) refuses the patch: nothing stored", async () => {
    await saveSiteRules(stored);
    expect(await patchSiteRules([], ["a", "gone", "c"])).toEqual({
      ok: false,
      failure: { code: "site-rules-changed" },
    });
    expect(await read("siteRules")).toEqual(stored);
  });

  it("at 10,000 rules a patch that adds one (a rule left unnamed kept at the end) is refused; nothing stored", async () => {
    const full = Array.from({ length: 10_000 }, (_, i) =>
      rule(`r${i}`, `s${i}.example`, { kind: "direct" }),
    );
    await fakeBrowser.storage.local.set({ siteRules: full });
    const added = rule("n1", "x.example", { kind: "direct" });
    expect(await patchSiteRules([added], ["n1"], [])).toEqual({
      ok: false,
      failure: { code: "site-rules-full", max: 10_000 },
    });
    expect(await read("siteRules")).toHaveLength(10_000);
    // One in, one out: at the cap.
    expect(await patchSiteRules([added], ["n1"], ["r0"])).toEqual({ ok: true });
    expect(await read("siteRules")).toHaveLength(10_000);
  });

  it("checks what is sent: a bad pattern or an id twice stores nothing", async () => {
    await saveSiteRules(stored);
    const bad = rule("x", "exa mple.com", { kind: "direct" });
    expect(await patchSiteRules([bad], ["a", "x"])).toMatchObject({
      ok: false,
      failure: { code: "site-rule-invalid" },
    });
    expect(await patchSiteRules([], ["a", "a"])).toEqual({
      ok: false,
      failure: { code: "malformed-command" },
    });
    expect(await read("siteRules")).toEqual(stored);
  });
});

describe("setSiteRoute (the popup's two clicks)", () => {
  let n = 0;
  const newId = () => `own-${++n}`;

  it("puts the site's own rule first, replaces it on the next choice, removes it with null", async () => {
    const broad = rule("broad", "example.com", { kind: "block" });
    await saveSiteRules([broad]);
    await setSiteRoute("WWW.Example.com", { kind: "direct" }, newId);
    let rules = await read("siteRules");
    expect(rules.map((r) => r.source)).toEqual([
      { type: "pattern", text: "www.example.com" },
      broad.source,
    ]);
    await setSiteRoute("www.example.com", { kind: "token", tokenId: 4 }, newId);
    rules = await read("siteRules");
    expect(rules).toHaveLength(2);
    expect(rules[0]?.route).toEqual({ kind: "token", tokenId: 4 });
    await setSiteRoute("www.example.com", null, newId);
    expect(await read("siteRules")).toEqual([broad]);
  });

  it("refuses a host with a wildcard in it (a site is one host)", async () => {
    expect(await setSiteRoute("*.bank.test", { kind: "direct" }, newId)).toMatchObject({
      ok: false,
    });
    expect(await read("siteRules")).toEqual([]);
  });

  it("at 10,000 rules a new one is refused, none of the user's is dropped", async () => {
    const full = Array.from({ length: 10_000 }, (_, i) =>
      rule(`r${i}`, `s${i}.example`, { kind: "direct" }),
    );
    await fakeBrowser.storage.local.set({ siteRules: full });
    expect(await setSiteRoute("new.example", { kind: "direct" }, newId)).toEqual({
      ok: false,
      failure: { code: "site-rules-full", max: 10_000 },
    });
    expect(await read("siteRules")).toHaveLength(10_000);
    // Replacing the site's own rule still works at the cap.
    expect((await setSiteRoute("s0.example", null, newId)).ok).toBe(true);
  });

  it("refuses a host that is no pattern", async () => {
    expect(await setSiteRoute("a b", { kind: "direct" }, newId)).toMatchObject({
      ok: false,
      failure: { code: "site-rule-invalid" },
    });
    expect(await read("siteRules")).toEqual([]);
  });
});

describe("siteRouteReport", () => {
  const token = makeToken({ id: 4, host: "127.0.0.1", port: 8000 });
  const plan = (rules: SiteRule[], defaultTokenId: number | null) =>
    planRouting({
      rules,
      tokens: [token],
      defaultTokenId,
      unusable: (t) => (t ? null : { code: "token-missing" }),
      oneLoginPerEndpoint: true,
    });

  it("names the rule that takes the site and where it leads", () => {
    const rules = [
      rule("off", "shop.example", { kind: "direct" }, false),
      rule("a", "news.example", { kind: "direct" }),
      rule("b", "shop.example", { kind: "token", tokenId: 4 }),
    ];
    expect(siteRouteReport("https://www.shop.example/cart", plan(rules, null))).toEqual({
      host: "www.shop.example",
      rule: { id: "b", position: 2, text: "shop.example", route: { kind: "token", tokenId: 4 } },
      target: { kind: "proxy", tokenId: 4 },
      ownRule: false,
      choices: [],
    });
  });

  it("the default route when no rule matches; blocked with the reason when the rule's token is gone", () => {
    expect(siteRouteReport("http://other.example/", plan([], 4))).toMatchObject({
      rule: null,
      target: { kind: "proxy", tokenId: 4 },
    });
    const gone = [rule("g", "gone.example", { kind: "token", tokenId: 99 })];
    expect(siteRouteReport("http://gone.example/", plan(gone, null)).target).toEqual({
      kind: "block",
      failure: { code: "token-missing" },
    });
  });

  it("the provider's host is routed as the rest, not by a rule: through the default token, direct while the rest is blocked", () => {
    const blockAll = [rule("all", "*", { kind: "block" })];
    const provider = "api.example:8443";
    const report = (url: string, defaultTokenId: number | null) =>
      siteRouteReport(url, plan(blockAll, defaultTokenId), { provider });
    expect(report("https://api.example:8443/token/check/ip", 4)).toMatchObject({
      rule: null,
      target: { kind: "proxy", tokenId: 4 },
    });
    expect(report("https://api.example:8443/", null).target).toEqual({ kind: "direct" });
    expect(report("https://api.example:8443/", 99).target).toEqual({ kind: "direct" });
    // Another port of the host is a site like any other.
    expect(report("https://api.example/", 4).rule?.id).toBe("all");
  });

  it("Chrome's view: of an https:// address only the origin reaches the rules", () => {
    const rules = [rule("p", "*://shop.example/cart*", { kind: "direct" })];
    const p = plan(rules, 4);
    expect(siteRouteReport("http://shop.example/cart", p).rule?.id).toBe("p");
    expect(siteRouteReport("https://shop.example/cart", p).rule?.id).toBe("p");
    expect(
      siteRouteReport("https://shop.example/cart", p, { originOnlyForHttps: true }).rule,
    ).toBeNull();
  });

  it("no site for a browser page", () => {
    expect(siteRouteReport("chrome://extensions/", plan([], null)).host).toBe("");
    expect(siteRouteReport("not a url", plan([], null)).host).toBe("");
  });

  it("knows the site's own rule (the popup may remove it)", () => {
    const own = [rule("o", "www.shop.example", { kind: "direct" })];
    expect(siteRouteReport("https://www.shop.example/", plan(own, null)).ownRule).toBe(true);
  });
});

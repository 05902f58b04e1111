/**
 * The popup's "this site" says what the browser does now: the site rules, with the engine's
 * fail-closed decision on top (over real extension storage, fakeBrowser).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  siteRouteNow,
  siteRouteWithChoices,
  tabRouteNow,
} from "../../../lib/background/site-route-now";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { makeToken } from "../stored-token";

const direct: SiteRule = {
  id: "d",
  enabled: true,
  source: { type: "pattern", text: "direct.example" },
  route: { kind: "direct" },
};
const inContainer: SiteRule = {
  id: "c",
  enabled: true,
  source: { type: "pattern", text: "work.example" },
  route: { kind: "token", tokenId: 2 },
  container: "firefox-container-1",
};
const chrome = { supportsSocksAuth: false, oneLoginPerEndpoint: true };
const firefox = { supportsSocksAuth: true, oneLoginPerEndpoint: false };

async function store(options: { expired?: boolean; blocked?: boolean; fallbackDirect?: boolean }) {
  const expiresAt = options.expired ? Date.now() - 1_000 : null;
  await fakeBrowser.storage.local.set({
    tokens: [makeToken({ id: 1, expiresAt }), makeToken({ id: 2, port: 8001 })],
    connection: { activeTokenId: 1, lastTokenId: 1 },
    siteRules: [direct, inContainer],
    settings: { ...DEFAULT_SETTINGS, fallbackDirect: options.fallbackDirect ?? false },
    proxyStatus: options.blocked
      ? {
          ...DEFAULT_STATUS,
          state: "blocked",
          tokenId: 1,
          error: { failure: { code: "token-expired" }, at: Date.now() },
        }
      : { ...DEFAULT_STATUS, state: "connected", tokenId: 1 },
  });
}

beforeEach(() => fakeBrowser.reset());

describe("siteRouteNow", () => {
  it("offers every token that can carry traffic in this browser now: not an expired one, and a SOCKS5 one only where the browser signs in to SOCKS (Firefox)", async () => {
    await store({ expired: true });
    const socks = makeToken({ id: 3, port: 1080, networkType: "SOCKS5", name: "socks" });
    const { tokens } = await fakeBrowser.storage.local.get("tokens");
    await fakeBrowser.storage.local.set({ tokens: [...(tokens as unknown[]), socks] });
    const ids = async (options: typeof chrome) =>
      (await siteRouteWithChoices("https://shop.example/", undefined, options)).choices.map(
        (c) => c.id,
      );
    expect(await ids(chrome)).toEqual([2]);
    expect(await ids(firefox)).toEqual([2, 3]);
    const page = await siteRouteWithChoices("chrome://settings/", undefined, chrome);
    expect(page.choices).toEqual([]);
    // The route alone (the auth path's carrier lookup) lists no tokens.
    expect((await siteRouteNow("https://shop.example/", undefined, chrome)).choices).toEqual([]);
  });

  it("a usable connected token: the rules and the default route as they are", async () => {
    await store({});
    const site = await siteRouteNow("https://direct.example/", undefined, chrome);
    expect(site.target).toEqual({ kind: "direct" });
    expect(site.rule?.position).toBe(1);
    const other = await siteRouteNow("https://other.example/", undefined, chrome);
    expect(other.target).toEqual({ kind: "proxy", tokenId: 1 });
  });

  it("while the engine blocks all traffic, every site is blocked, with the engine's reason", async () => {
    await store({ expired: true, blocked: true });
    const site = await siteRouteNow("https://direct.example/", undefined, chrome);
    expect(site.rule).toBeNull();
    expect(site.target).toEqual({ kind: "block", failure: { code: "token-expired" } });
  });

  it("with 'fall back to direct' the default route goes direct and the rules still hold", async () => {
    await store({ expired: true, fallbackDirect: true });
    expect((await siteRouteNow("https://other.example/", undefined, chrome)).target).toEqual({
      kind: "direct",
    });
    expect(
      (await siteRouteNow("https://x.work.example/", "firefox-container-1", firefox)).target,
    ).toEqual({ kind: "proxy", tokenId: 2 });
  });

  it("a host on the bypass list goes direct before any rule or block, in each browser's reading of the list", async () => {
    await store({ expired: true, blocked: true });
    const { settings } = await fakeBrowser.storage.local.get("settings");
    const bypassList = ["direct.example", "<local>", "*.corp.example"];
    await fakeBrowser.storage.local.set({ settings: { ...(settings as object), bypassList } });
    for (const options of [chrome, firefox]) {
      for (const url of [
        "https://direct.example/",
        "http://intranet/",
        "https://a.corp.example/",
      ]) {
        const site = await siteRouteNow(url, undefined, options);
        expect(site, url).toMatchObject({ target: { kind: "direct" }, rule: null, bypassed: true });
      }
      const other = await siteRouteNow("https://other.example/", undefined, options);
      expect(other.target).toEqual({ kind: "block", failure: { code: "token-expired" } });
      expect(other.bypassed).toBeUndefined();
    }
  });

  it("Firefox's 'This tab only': the tab's token, and nothing under the user's Off (the tab goes as Off sends it)", async () => {
    await store({});
    await fakeBrowser.storage.session.set({ tabRoutes: { "5": 2 } });
    expect(await tabRouteNow(5, firefox)).toEqual({ kind: "proxy", tokenId: 2 });
    await fakeBrowser.storage.local.set({
      connection: { activeTokenId: null, lastTokenId: 1, off: true },
    });
    expect(await tabRouteNow(5, firefox)).toBeNull();
    // Disconnect (no token, not Off) leaves the tab's route.
    await fakeBrowser.storage.local.set({
      connection: { activeTokenId: null, lastTokenId: 1, off: false },
    });
    expect(await tabRouteNow(5, firefox)).toEqual({ kind: "proxy", tokenId: 2 });
  });

  it("Firefox: a rule limited to a container takes that container's tabs only", async () => {
    await store({});
    const inside = await siteRouteNow("https://work.example/", "firefox-container-1", firefox);
    expect(inside.target).toEqual({ kind: "proxy", tokenId: 2 });
    expect(inside.rule?.id).toBe("c");
    const outside = await siteRouteNow("https://work.example/", undefined, firefox);
    expect(outside.rule).toBeNull();
    expect(outside.target).toEqual({ kind: "proxy", tokenId: 1 });
  });
});

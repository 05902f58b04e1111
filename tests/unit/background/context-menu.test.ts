/**
 * The page menu's glue over real extension storage (fakeBrowser), with a recording menus API:
 * builds never interleave, a click reaches the writers, a failure is told, and Firefox's tab
 * routes are written, dropped with their tab and read by the request-time cache.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  type MenuClick,
  type MenusApi,
  startContextMenu,
} from "../../../lib/background/context-menu";
import type { MenuItem } from "../../../lib/background/page-menu";
import { dropTabRoutesOnClose, setTabRoute } from "../../../lib/background/tab-routes";
import { createFirefoxTabRoutes } from "../../../lib/proxy/firefox-tab-routes";
import type { Route } from "../../../lib/routing/rules";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

function fakeEvent<L extends (...args: never[]) => unknown>() {
  const listeners: L[] = [];
  return { listeners, addListener: (listener: L) => void listeners.push(listener) };
}

/** A menus API whose removeAll waits for the test to let it finish, and that logs each call. */
function recordingMenus() {
  const log: string[] = [];
  const releases: (() => void)[] = [];
  const api = {
    removeAll: () =>
      new Promise<void>((resolve) => {
        log.push("removeAll");
        releases.push(resolve);
      }),
    create: (item: MenuItem, done: () => void) => {
      log.push(item.id);
      done();
    },
    onClicked: fakeEvent<(info: MenuClick, tab?: { id?: number }) => void>(),
  } satisfies MenusApi;
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { api, log, releaseAll };
}

function setup(
  over: {
    perTab?: boolean;
    routeSite?: (
      host: string,
      route: Route | null,
    ) => Promise<{ ok: true } | { ok: false; failure: { code: "site-rules-full"; max: number } }>;
  } = {},
) {
  const menus = recordingMenus();
  const sites: [string, Route | null][] = [];
  const tabs: [number, number | null][] = [];
  const told: string[] = [];
  const onInstalled = fakeEvent<() => void>();
  const menu = startContextMenu({
    menus: menus.api,
    lastError: () => null,
    onInstalled,
    onStartup: fakeEvent<() => void>(),
    perTab: over.perTab ?? false,
    supportsSocksAuth: false,
    browserLanguage: () => "en-US",
    routeSite:
      over.routeSite ??
      (async (host, route) => {
        sites.push([host, route]);
        return { ok: true };
      }),
    routeTab: async (tabId, tokenId) => void tabs.push([tabId, tokenId]),
    tell: (message) => void told.push(message),
  });
  return { menu, menus, sites, tabs, told, onInstalled };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("building the menu", () => {
  it("is built on install from the stored tokens: removeAll, then each item, parents first", async () => {
    await writeState({ tokens: [makeToken({ id: 4 })] });
    const { menus, onInstalled } = setup();
    expect(onInstalled.listeners).toHaveLength(1);
    onInstalled.listeners[0]?.();
    await expect.poll(() => menus.log.length).toBe(1);
    menus.releaseAll();
    await expect.poll(() => menus.log.at(-1)).toBe("pd-tab:chrome");
    expect(menus.log.slice(0, 3)).toEqual(["removeAll", "pd-site", "pd-site:token:4"]);
  });

  it("overlapping rebuilds never interleave: requests during a build make exactly one more", async () => {
    await writeState({ tokens: [makeToken({ id: 4 })] });
    const { menu, menus } = setup();
    const first = menu.rebuild();
    await expect.poll(() => menus.log).toEqual(["removeAll"]);
    // Three changes while the first build waits in removeAll.
    await writeState({ tokens: [makeToken({ id: 4 }), makeToken({ id: 5 })] });
    const later = [menu.rebuild(), menu.rebuild(), menu.rebuild()];
    menus.releaseAll();
    await first;
    await expect.poll(() => menus.log.filter((e) => e === "removeAll").length).toBe(2);
    menus.releaseAll();
    await Promise.all(later);
    const removes = menus.log.flatMap((entry, i) => (entry === "removeAll" ? [i] : []));
    expect(removes).toHaveLength(2);
    // The second build starts only after the first one's last create, and sees the new token.
    expect(menus.log[(removes[1] ?? 0) - 1]).toBe("pd-tab:chrome");
    expect(menus.log.slice(removes[1])).toContain("pd-site:token:5");
    // Each id created once per build: none twice in a row of creates.
    const secondBuild = menus.log.slice((removes[1] ?? 0) + 1);
    expect(new Set(secondBuild).size).toBe(secondBuild.length);
  });
});

describe("a click", () => {
  it("on a link routes the link's host; on a page the page's host; the default removes its rule", async () => {
    const { menu, sites } = setup();
    await menu.clicked({
      menuItemId: "pd-site:token:4",
      pageUrl: "https://shop.example/",
      linkUrl: "https://cdn.example/x",
    });
    await menu.clicked({ menuItemId: "pd-site:block", pageUrl: "https://shop.example/a" });
    await menu.clicked({ menuItemId: "pd-site:default", pageUrl: "https://shop.example/a" });
    expect(sites).toEqual([
      ["cdn.example", { kind: "token", tokenId: 4 }],
      ["shop.example", { kind: "block" }],
      ["shop.example", null],
    ]);
  });

  it("the registered listener is the same path", async () => {
    const { menus, sites } = setup();
    menus.api.onClicked.listeners[0]?.({
      menuItemId: "pd-site:direct",
      pageUrl: "http://a.example/",
    });
    await expect.poll(() => sites).toEqual([["a.example", { kind: "direct" }]]);
  });

  it("does nothing for a page that is no web site, or an item that is not ours", async () => {
    const { menu, sites } = setup();
    expect(await menu.clicked({ menuItemId: "pd-site:direct", pageUrl: "about:addons" })).toEqual({
      done: false,
      reason: "no-host",
    });
    expect(
      await menu.clicked({ menuItemId: "someone-else", pageUrl: "https://a.example/" }),
    ).toEqual({ done: false, reason: "not-ours" });
    expect(sites).toEqual([]);
  });

  it("tells the user, in words, when the route could not be set", async () => {
    const { menu, told } = setup({
      routeSite: async () => ({ ok: false, failure: { code: "site-rules-full", max: 10_000 } }),
    });
    const outcome = await menu.clicked({
      menuItemId: "pd-site:block",
      pageUrl: "https://a.example/",
    });
    expect(outcome).toEqual({ done: false, reason: "failed" });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/10,?000/);
  });

  it("This tab only: Firefox routes the clicked tab; Chrome does nothing with such an item", async () => {
    const firefox = setup({ perTab: true });
    await firefox.menu.clicked(
      { menuItemId: "pd-tab:token:4", pageUrl: "https://a.example/" },
      { id: 12 },
    );
    await firefox.menu.clicked(
      { menuItemId: "pd-tab:clear", pageUrl: "https://a.example/" },
      { id: 12 },
    );
    expect(firefox.tabs).toEqual([
      [12, 4],
      [12, null],
    ]);
    const chrome = setup({ perTab: false });
    const outcome = await chrome.menu.clicked(
      { menuItemId: "pd-tab:token:4", pageUrl: "https://a.example/" },
      { id: 12 },
    );
    expect(outcome).toEqual({ done: false, reason: "no-tab" });
    expect(chrome.tabs).toEqual([]);
  });
});

describe("Firefox's tab routes", () => {
  it("are written per tab, dropped when the tab closes, and read by the request-time cache", async () => {
    const now = 1_800_000_000_000;
    await writeState({ tokens: [makeToken({ id: 4 }), makeToken({ id: 5, expiresAt: now - 1 })] });
    const cache = createFirefoxTabRoutes(() => now);
    expect(await cache.of(12)).toBeNull();
    await setTabRoute(12, 4);
    await setTabRoute(13, 5);
    cache.changed();
    expect(await cache.of(12)).toMatchObject({ kind: "proxy", token: { id: 4 } });
    // The expired token's tab is blocked, not sent direct.
    expect(await cache.of(13)).toEqual({ kind: "block", failure: { code: "token-expired" } });
    expect(await cache.of(-1)).toBeNull();

    const onRemoved = fakeEvent<(tabId: number) => void>();
    dropTabRoutesOnClose(onRemoved);
    onRemoved.listeners[0]?.(12);
    await expect.poll(() => read("tabRoutes")).toEqual({ 13: 5 });
    // The storage watcher tells the cache: tab 12 is back on the rules.
    await expect.poll(() => cache.of(12)).toBeNull();
  });
});

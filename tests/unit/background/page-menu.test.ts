/** The page context menu (pure): what it offers in each browser, and what a click means. */
import { describe, expect, it } from "vitest";
import {
  clickedHost,
  MENU_TOKENS,
  menuAction,
  menuTokens,
  pageMenu,
  tokenTitle,
} from "../../../lib/background/page-menu";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";

const tokens = (n: number) => Array.from({ length: n }, (_, i) => makeToken({ id: i + 1 }));
const input = (over: Partial<Parameters<typeof pageMenu>[0]> = {}) => ({
  tokens: tokens(3),
  connectedId: null,
  usable: () => true,
  perTab: false,
  language: "en" as const,
  ...over,
});
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("pageMenu", () => {
  it("Chrome: the site submenu (each usable token, Direct, Block, the default) and a disabled line instead of per-tab routing", () => {
    const items = pageMenu(input());
    expect(ids(items)).toEqual([
      "pd-site",
      "pd-site:token:1",
      "pd-site:token:2",
      "pd-site:token:3",
      "pd-site:sep",
      "pd-site:direct",
      "pd-site:block",
      "pd-site:default",
      "pd-tab:chrome",
    ]);
    const chrome = items.at(-1);
    expect(chrome?.enabled).toBe(false);
    expect(chrome?.title).toBe("This tab only: Firefox only — Chrome routes by site, not by tab");
    expect(items.every((item) => item.contexts.join() === "page,link")).toBe(true);
    // Children name their parent; the parents are top level.
    expect(items.filter((item) => !item.parentId).map((item) => item.id)).toEqual([
      "pd-site",
      "pd-tab:chrome",
    ]);
  });

  it("Firefox: a per-tab submenu with the same tokens and a way back", () => {
    const items = pageMenu(input({ perTab: true }));
    expect(ids(items).slice(8)).toEqual([
      "pd-tab",
      "pd-tab:token:1",
      "pd-tab:token:2",
      "pd-tab:token:3",
      "pd-tab:sep",
      "pd-tab:clear",
    ]);
    expect(ids(items)).not.toContain("pd-tab:chrome");
  });

  it("offers only usable tokens, bounded, in stored order, plus the connected one, and says how many more", () => {
    const all = tokens(30);
    const usable = (t: StoredToken) => t.id % 2 === 0; // 15 usable
    const shown = menuTokens({ tokens: all, connectedId: 29, usable });
    expect(shown.shown.map((t) => t.id)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(shown.hidden).toBe(5);
    // The connected token beyond the first ten is added; an unusable one never is.
    const connected = menuTokens({ tokens: all, connectedId: 30, usable });
    expect(connected.shown.map((t) => t.id)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 30]);
    expect(connected.hidden).toBe(4);
    const items = pageMenu(input({ tokens: all, connectedId: 30, usable }));
    expect(items.find((i) => i.id === "pd-site:more")).toMatchObject({
      enabled: false,
      title: "4 more tokens: choose in the popup",
    });
    expect(MENU_TOKENS).toBe(10);
  });

  it("with no usable token it says so instead of an empty submenu", () => {
    const items = pageMenu(input({ usable: () => false }));
    expect(items.find((i) => i.id === "pd-site:none")).toMatchObject({ enabled: false });
    expect(ids(items).some((id) => id.includes(":token:"))).toBe(false);
  });

  it("names a token by its colour, id and name, country and address, and marks the connected one, in both languages", () => {
    const token = makeToken({
      id: 7,
      countryCode: "US",
      ip: "203.0.113.7",
      name: "PROVIDER-STRING",
      look: { name: "shop & co", colour: "#059669" },
    });
    expect(tokenTitle(token, false, "en")).toBe("🟢 #7 shop & co · US · 203.0.113.7");
    expect(tokenTitle(token, true, "en")).toBe("🟢 #7 shop & co · US · 203.0.113.7 (connected)");
    expect(tokenTitle(token, true, "zh_CN")).toBe("🟢 #7 shop & co · US · 203.0.113.7（已连接）");
    // Unnamed, before its first check: the address tells it from another of its country.
    const unnamed = makeToken({ id: 8, countryCode: "US", ip: "", host: "gw.test", port: 81 });
    expect(tokenTitle(unnamed, false, "en")).toBe("#8 · US · gw.test:81");
    expect(pageMenu(input({ language: "zh_CN" }))[0]?.title).toBe("此网站的路由");
    // Firefox reads a single "&" as an access key.
    const firefox = pageMenu(input({ tokens: [token], perTab: true }));
    expect(firefox.find((i) => i.id === "pd-site:token:7")?.title).toContain("shop && co");
    const chrome = pageMenu(input({ tokens: [token] }));
    expect(chrome.find((i) => i.id === "pd-site:token:7")?.title).toContain("shop & co");
  });
});

describe("menuAction", () => {
  it.each([
    ["pd-site:token:5", { scope: "site", route: { kind: "token", tokenId: 5 } }],
    ["pd-site:token:-3", { scope: "site", route: { kind: "token", tokenId: -3 } }],
    ["pd-site:direct", { scope: "site", route: { kind: "direct" } }],
    ["pd-site:block", { scope: "site", route: { kind: "block" } }],
    ["pd-site:default", { scope: "site", route: null }],
    ["pd-tab:token:5", { scope: "tab", tokenId: 5 }],
    ["pd-tab:clear", { scope: "tab", tokenId: null }],
    ["pd-tab:chrome", null],
    ["pd-site", null],
    ["pd-site:more", null],
    ["pd-site:token:0", null],
    ["pd-site:token:5x", null],
    ["pd-site:token:99999999999999999999", null],
    ["other-extension-item", null],
    [42, null],
  ])("%s → %j", (id, action) => {
    expect(menuAction(id)).toEqual(action);
  });

  it("every item the menu draws either means something or is not clickable", () => {
    for (const item of pageMenu(input({ perTab: true, tokens: tokens(12) }))) {
      const clickable = item.type !== "separator" && item.enabled !== false && item.parentId;
      if (clickable) expect(menuAction(item.id), item.id).not.toBeNull();
    }
  });
});

describe("clickedHost", () => {
  it.each([
    [{ pageUrl: "https://Shop.Example/a?b", linkUrl: "http://cdn.example:8080/x" }, "cdn.example"],
    [{ pageUrl: "https://shop.example/a" }, "shop.example"],
    [{ pageUrl: "https://shop.example/", linkUrl: "mailto:a@b.example" }, ""],
    [{ pageUrl: "about:blank" }, ""],
    [{ pageUrl: "file:///etc/hosts" }, ""],
    [{}, ""],
  ])("%j → %s", (info, host) => {
    expect(clickedHost(info)).toBe(host);
  });
});

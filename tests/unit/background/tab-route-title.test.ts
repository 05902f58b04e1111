/**
 * The toolbar per tab (lib/background/tab-route-title.ts): a tab whose site a rule routes says
 * where its requests go; a tab on the default route gives the word back to the global badge.
 */
import { describe, expect, it } from "vitest";
import { createTabRouteTitle, tabRouteMark } from "../../../lib/background/tab-route-title";
import type { SiteRouteReport } from "../../../lib/traffic/site-route";

const rule = { id: "r", position: 1, text: "a.test", route: { kind: "direct" as const } };
const report = (over: Partial<SiteRouteReport>): SiteRouteReport => ({
  host: "a.test",
  rule: null,
  target: { kind: "direct" },
  ownRule: false,
  choices: [],
  ...over,
});

describe("tabRouteMark", () => {
  it("names the token, direct or blocked when a rule routes the site", () => {
    expect(tabRouteMark(report({ rule, target: { kind: "proxy", tokenId: 2 } }), "en")).toEqual({
      text: "#2",
      title: "Proxy Deck: this site goes through #2 (a site rule)",
    });
    expect(tabRouteMark(report({ rule }), "en")?.title).toBe(
      "Proxy Deck: this site goes direct (a site rule)",
    );
    expect(
      tabRouteMark(report({ rule, target: { kind: "block", failure: null } }), "zh_CN"),
    ).toEqual({ text: "BLK", title: "Proxy Deck：此网站已阻止（网站规则）" });
  });

  it("says nothing of its own on the default route or a page that is no web site", () => {
    expect(tabRouteMark(report({ target: { kind: "proxy", tokenId: 1 } }), "en")).toBeNull();
    expect(tabRouteMark(report({ host: "", rule }), "en")).toBeNull();
  });
});

describe("createTabRouteTitle", () => {
  it("marks the tabs in front, clears a mark when the route is the default again, forgets closed tabs", async () => {
    const titles: [number, string][] = [];
    const texts: [number, string | null][] = [];
    let routed = true;
    let rulesOn = false;
    const tabs = createTabRouteTitle({
      tabsInFront: async () => [{ id: 7, url: "http://a.test/" }, { id: 8 }],
      rulesOn: async () => rulesOn,
      routeOf: async () =>
        routed ? report({ rule, target: { kind: "proxy", tokenId: 2 } }) : report({}),
      language: async () => "en",
      globalTitle: async () => "global",
      setTitle: async (tabId, title) => void titles.push([tabId, title]),
      setText: (tabId, text) => void texts.push([tabId, text]),
    });
    // No rule on: nothing asked, nothing set (every tab shows the global badge).
    await tabs.update();
    expect([titles, texts]).toEqual([[], []]);
    rulesOn = true;
    await tabs.update();
    // Tab 8 was never given a title of its own: it keeps showing the global one.
    expect(titles).toEqual([[7, "Proxy Deck: this site goes through #2 (a site rule)"]]);
    expect(texts).toEqual([
      [7, "#2"],
      [8, null],
    ]);
    // Unchanged: not set again.
    titles.length = 0;
    await tabs.update();
    expect(titles).toEqual([]);
    routed = false;
    await tabs.update({ id: 7, url: "http://a.test/" });
    expect(titles).toEqual([[7, "global"]]);
    tabs.closed(7);
    expect(texts.at(-1)).toEqual([7, null]);
  });
});

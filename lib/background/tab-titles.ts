/**
 * The per-tab title and badge (tab-route-title.ts) wired to the browser: asked again when the
 * tab in front changes or navigates, forgotten when a tab closes.
 */
import type { WxtBrowser } from "wxt/browser";
import { resolveLanguage } from "../i18n";
import { read } from "../storage/read";
import type { SiteRouteReport } from "../traffic/site-route";
import { createTabRouteTitle } from "./tab-route-title";

export interface TabTitlesDeps {
  routeOf: (url: string) => Promise<SiteRouteReport>;
  /** A tab's own badge text, given way to by failure counts and what is urgent. */
  setText: (tabId: number, text: string | null) => void;
}

/** Registers the tabs' listeners (synchronously); returns "the tabs in front: ask again". */
export function startTabTitles(browser: WxtBrowser, deps: TabTitlesDeps): () => void {
  const tabTitles = createTabRouteTitle({
    tabsInFront: () => browser.tabs.query({ active: true }),
    rulesOn: async () => (await read("siteRules")).some((rule) => rule.enabled),
    routeOf: deps.routeOf,
    language: async () =>
      resolveLanguage((await read("settings")).language, globalThis.navigator?.language ?? ""),
    globalTitle: () => browser.action.getTitle({}),
    setTitle: (tabId, title) => browser.action.setTitle({ tabId, title }),
    setText: deps.setText,
  });
  const tabsInFront = () => void tabTitles.update();
  browser.tabs.onActivated.addListener(tabsInFront);
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url !== undefined && tab.active)
      void tabTitles.update({ id: tabId, url: change.url });
  });
  browser.tabs.onRemoved.addListener((tabId) => tabTitles.closed(tabId));
  return tabsInFront;
}

/**
 * The toolbar tells the truth per tab: when a site rule sends the tab's site somewhere other than
 * the default route (through a token, direct, or nowhere), that tab's title and badge say so, so
 * the toolbar never reads "direct" on a tab whose requests go through token #2. A tab on the
 * default route shows the global badge (the engine's status). Asked for the tab in front of
 * each window: when it changes, when it navigates, and when the route or the badge changed.
 */

import { recordedAs } from "../diagnostics/record";
import type { Language } from "../i18n";
import { badgeStrings } from "../i18n/badge-strings";
import type { SiteRouteReport } from "../traffic/site-route";

export interface TabInFront {
  id?: number;
  url?: string;
}

/** What a tab shows of its own: null where the global badge tells the truth. */
export interface TabRouteMark {
  text: string;
  title: string;
}

/** The mark for a tab whose site a rule routes (pure). */
export function tabRouteMark(
  report: Pick<SiteRouteReport, "host" | "rule" | "target">,
  language: Language,
): TabRouteMark | null {
  if (!report.host || !report.rule) return null;
  const t = badgeStrings(language);
  const { target } = report;
  if (target.kind === "proxy") {
    return { text: `#${target.tokenId}`, title: t("tab.token", { id: target.tokenId }) };
  }
  if (target.kind === "direct") return { text: "DIR", title: t("tab.direct") };
  return { text: "BLK", title: t("tab.block") };
}

export interface TabRouteTitleDeps {
  tabsInFront(): Promise<TabInFront[]>;
  /** Any site rule on: without one every tab is on the default route. */
  rulesOn(): Promise<boolean>;
  routeOf(url: string): Promise<SiteRouteReport>;
  language(): Promise<Language>;
  /** The global title (the engine's badge): a tab on the default route shows it. */
  globalTitle(): Promise<string>;
  /**
   * The tab's own title. Chrome takes no null to give a tab back the global title, so a tab on
   * the default route gets the global title as its own, renewed whenever the badge changes.
   */
  setTitle(tabId: number, title: string): Promise<void>;
  /** The tab's own badge text, or null: the failure badge merges it with its counts. */
  setText(tabId: number, text: string | null): void;
}

export function createTabRouteTitle(deps: TabRouteTitleDeps) {
  /** What each tab's title is now (this worker set it), so an unchanged tab is not set again. */
  const shown = new Map<number, string>();
  let queue = Promise.resolve();

  async function mark(tab: TabInFront, language: Language): Promise<void> {
    if (tab.id === undefined) return;
    const report = tab.url ? await deps.routeOf(tab.url) : null;
    const mark = report ? tabRouteMark(report, language) : null;
    deps.setText(tab.id, mark?.text ?? null);
    // A tab never given a title of its own shows the global one already.
    if (!mark && !shown.has(tab.id)) return;
    const title = mark?.title ?? (await deps.globalTitle());
    if (shown.get(tab.id) === title) return;
    shown.set(tab.id, title);
    // A tab closed meanwhile has no title to set.
    await deps.setTitle(tab.id, title).catch(() => undefined);
  }

  /** The tabs in front (or this one) get their marks; in turn, so the last word is the newest. */
  function update(tab?: TabInFront): Promise<void> {
    queue = queue
      .then(async () => {
        // No rule and no tab marked: nothing to say per tab (the common case, and a woken
        // worker answering a challenge has better things to do).
        if (shown.size === 0 && !(await deps.rulesOn())) return;
        const [tabs, language] = await Promise.all([
          tab ? [tab] : deps.tabsInFront(),
          deps.language(),
        ]);
        for (const one of tabs) await mark(one, language);
      })
      .catch(recordedAs("tab-titles"));
    return queue;
  }

  /** A closed tab forgets its mark. */
  const closed = (tabId: number) => {
    shown.delete(tabId);
    deps.setText(tabId, null);
  };

  return { update, closed };
}

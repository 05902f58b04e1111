/**
 * The toolbar badge as a count of the tab's failed requests (a setting), else the tab's own route
 * when a site rule sends it elsewhere than the default (tab-route-title.ts): a text for each tab
 * over the engine's badge, shown only while nothing more urgent needs the badge. A tab's own
 * text hides the global one, so while traffic is blocked or a problem waits to be seen, the
 * tabs' counts are cleared and "STOP" or "!" shows.
 */

import { recordedAs } from "../diagnostics/record";
import { readState } from "../storage/read";
import type { PageTraffic } from "../traffic/page-traffic";

export interface TabBadgeApi {
  /** Null clears the tab's own text: the global badge shows again. */
  setBadgeText(details: { tabId: number; text: string | null }): Promise<void>;
}

const countText = (count: number) => (count > 99 ? "99+" : String(count));

export function createFailureBadge(action: TabBadgeApi) {
  let pages: PageTraffic = {};
  /** Tabs a site rule routes elsewhere than the default route: their mark (tab-route-title.ts). */
  const routeTexts = new Map<number, string>();
  /** What each tab shows now (this worker set it), so unchanged tabs are not set again. */
  const shown = new Map<number, string | null>();
  let queue = Promise.resolve();

  async function apply(): Promise<void> {
    const { settings, status, unseenFailure } = await readState([
      "settings",
      "status",
      "unseenFailure",
    ]);
    const urgent = status.state === "blocked" || status.state === "error" || !!unseenFailure;
    const calm = !urgent && !status.controlledByOther;
    const allowed = settings.badgeFailures && calm;
    const tabIds = new Set([
      ...Object.keys(pages).map(Number),
      ...routeTexts.keys(),
      ...shown.keys(),
    ]);
    for (const tabId of tabIds) {
      const count = pages[tabId]?.count ?? 0;
      // A failure count says more than the route; either gives way to what is urgent.
      const text =
        allowed && count > 0 ? countText(count) : calm ? (routeTexts.get(tabId) ?? null) : null;
      if (shown.get(tabId) === text) continue;
      shown.set(tabId, text);
      // A tab closed meanwhile has nothing to set.
      await action.setBadgeText({ tabId, text }).catch(() => undefined);
    }
  }

  /** Brings every tab's badge in line with its counts, the setting and the status. */
  function sync(next?: PageTraffic): Promise<void> {
    if (next) pages = next;
    queue = queue.then(apply).catch(recordedAs("badge:failures"));
    return queue;
  }

  /** A tab's route mark (null: the tab is on the default route, or gone). */
  function routeText(tabId: number, text: string | null): void {
    if ((routeTexts.get(tabId) ?? null) === text) return;
    if (text === null) routeTexts.delete(tabId);
    else routeTexts.set(tabId, text);
    void sync();
  }

  return { sync, routeText };
}

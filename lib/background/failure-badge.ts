/**
 * The toolbar badge as a count of the tab's failed requests (a setting): a text for each tab
 * over the engine's badge, shown only while nothing more urgent needs the badge. A tab's own
 * text hides the global one, so while traffic is blocked or a problem waits to be seen, the
 * tabs' counts are cleared and "STOP" or "!" shows.
 */
import { readState } from "../state/read";
import type { PageTraffic } from "../traffic/page-traffic";

export interface TabBadgeApi {
  /** Null clears the tab's own text: the global badge shows again. */
  setBadgeText(details: { tabId: number; text: string | null }): Promise<void>;
}

const countText = (count: number) => (count > 99 ? "99+" : String(count));

export function createFailureBadge(action: TabBadgeApi) {
  let pages: PageTraffic = {};
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
    const allowed = settings.badgeFailures && !urgent && !status.controlledByOther;
    for (const [key, tab] of Object.entries(pages)) {
      const tabId = Number(key);
      const text = allowed && tab.count > 0 ? countText(tab.count) : null;
      if (shown.get(tabId) === text) continue;
      shown.set(tabId, text);
      // A tab closed meanwhile has nothing to set.
      await action.setBadgeText({ tabId, text }).catch(() => undefined);
    }
  }

  /** Brings every tab's badge in line with its counts, the setting and the status. */
  function sync(next?: PageTraffic): Promise<void> {
    if (next) pages = next;
    queue = queue.then(apply).catch(() => undefined);
    return queue;
  }

  return { sync };
}

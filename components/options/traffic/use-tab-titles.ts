/**
 * The titles of the open tabs the log has seen, for naming them: read when a new tab shows up in
 * the log, and followed as they change (host permissions let the extension read every tab's
 * title, no "tabs" permission).
 */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { recordedAs } from "@/lib/diagnostics/record";

export function useTabTitles(tabIds: readonly number[]): ReadonlyMap<number, string> {
  const [titles, setTitles] = useState<ReadonlyMap<number, string>>(new Map());
  const key = tabIds.filter((id) => id >= 0).join(",");
  useEffect(() => {
    if (key === "") return;
    let live = true;
    browser.tabs
      .query({})
      .then((tabs) => {
        if (!live) return;
        const next = new Map<number, string>();
        for (const tab of tabs) if (tab.id !== undefined && tab.title) next.set(tab.id, tab.title);
        setTitles(next);
      })
      // Unread titles: the log names tabs by their page's host instead.
      .catch(recordedAs("traffic:tab-titles"));
    return () => {
      live = false;
    };
  }, [key]);
  // A tab read while its page loads has its address for a title (Chrome): the page's own title
  // comes later, and names the tab from then on.
  useEffect(() => {
    const retitled = (tabId: number, change: { title?: string }) => {
      const { title } = change;
      if (title) setTitles((now) => new Map(now).set(tabId, title));
    };
    browser.tabs.onUpdated.addListener(retitled);
    return () => browser.tabs.onUpdated.removeListener(retitled);
  }, []);
  return titles;
}

/**
 * The requests of each tab that failed since its page loaded (pure): counted once per request,
 * by host, reset when the tab loads a new page. Kept small (a page naming thousands of hosts
 * keeps the first MAX_HOSTS), and as plain data, so the background can keep it across a stop.
 */

export const MAX_HOSTS = 50;
const MAX_REQUESTS = 2_000;

export interface TabFailures {
  /** The page's own host, as it loaded. */
  page: string;
  count: number;
  /** Host → failed requests, in the order first seen. */
  hosts: Record<string, number>;
  /** Requests already counted: an end reported twice (a woken worker) counts once. */
  seen: string[];
}

export type PageFailures = Record<string, TabFailures>;

export interface FailureSummary {
  page: string;
  count: number;
  hosts: { host: string; count: number }[];
}

export function pageLoaded(all: PageFailures, tabId: number, page: string): PageFailures {
  return { ...all, [tabId]: { page, count: 0, hosts: {}, seen: [] } };
}

export function tabClosed(all: PageFailures, tabId: number): PageFailures {
  const { [tabId]: _closed, ...rest } = all;
  return rest;
}

/** The failed request counted against its tab's page; unchanged when already counted. */
export function requestFailed(
  all: PageFailures,
  tabId: number,
  requestId: string,
  host: string,
): PageFailures {
  const tab = all[tabId] ?? { page: "", count: 0, hosts: {}, seen: [] };
  if (tab.seen.includes(requestId)) return all;
  const known = host in tab.hosts;
  const hosts =
    known || Object.keys(tab.hosts).length < MAX_HOSTS
      ? { ...tab.hosts, [host]: (tab.hosts[host] ?? 0) + 1 }
      : tab.hosts;
  const seen = [...tab.seen, requestId].slice(-MAX_REQUESTS);
  return { ...all, [tabId]: { ...tab, count: tab.count + 1, hosts, seen } };
}

/** What the popup shows for a tab: the count and the hosts, most failures first. */
export function failuresOf(all: PageFailures, tabId: number): FailureSummary | null {
  const tab = all[tabId];
  if (!tab) return null;
  const hosts = Object.entries(tab.hosts)
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count);
  return { page: tab.page, count: tab.count, hosts };
}

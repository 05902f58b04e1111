/**
 * Each tab's traffic since its page loaded (pure): how many of its requests went through which
 * token, direct or nowhere ("did this page go through my proxy?"), and those that failed, by
 * host, each counted once. Reset when the tab loads a new page. Kept small (a page naming
 * thousands of hosts keeps the first MAX_HOSTS), and as plain data, so the background can keep
 * it across a worker stop.
 */
import { isFailure, type TrafficOutcome, type TrafficRoute } from "./entry";

export const MAX_HOSTS = 50;
/** The popup's short log: the tab's last requests. */
export const MAX_RECENT = 10;
const MAX_REQUESTS = 2_000;

export interface TabTraffic {
  /** The page's own host, as it loaded. */
  page: string;
  /** Requests ended, by route: "proxy:<token id>", "direct", "block". */
  routes: Record<string, number>;
  /** Failed requests. */
  count: number;
  /** Host → failed requests, in the order first seen. */
  hosts: Record<string, number>;
  /** Failed requests already counted: an end reported twice (a woken worker) counts once. */
  seen: string[];
  /** The last requests that ended, oldest first (absent in what older versions stored). */
  recent?: RecentRequest[];
}

/** One ended request in the popup's short log. */
export interface RecentRequest {
  host: string;
  /** "proxy:<token id>", "direct" or "block". */
  route: string;
  /** Its status ("200"), or how it failed (the log's outcome kind: "login-refused"…). */
  outcome: string;
  at: number;
}

export type PageTraffic = Record<string, TabTraffic>;

export interface PageSummary {
  page: string;
  /** Requests ended since the page loaded, by route. */
  routes: { proxy: { tokenId: number; count: number }[]; direct: number; block: number };
  count: number;
  hosts: { host: string; count: number }[];
  /** The last requests that ended, newest first. */
  recent: RecentRequest[];
}

const fresh = (page: string): TabTraffic => ({ page, routes: {}, count: 0, hosts: {}, seen: [] });

/** The tab loads a page: its counts start again (unchanged when nothing was counted yet). */
export function pageLoaded(all: PageTraffic, tabId: number, page: string): PageTraffic {
  const tab = all[tabId];
  // Nothing to reset (the usual case while only failures are counted): nothing to write.
  const untouched =
    tab?.page === page &&
    tab.count === 0 &&
    Object.keys(tab.routes).length === 0 &&
    (tab.recent?.length ?? 0) === 0;
  return untouched ? all : { ...all, [tabId]: fresh(page) };
}

export function tabClosed(all: PageTraffic, tabId: number): PageTraffic {
  const { [tabId]: _closed, ...rest } = all;
  return rest;
}

export const routeKey = (route: TrafficRoute) =>
  route.kind === "proxy" ? `proxy:${route.tokenId}` : route.kind;

/** A request of the tab ended, sent this way. */
export function requestRouted(all: PageTraffic, tabId: number, route: TrafficRoute): PageTraffic {
  const tab = all[tabId] ?? fresh("");
  const key = routeKey(route);
  return {
    ...all,
    [tabId]: { ...tab, routes: { ...tab.routes, [key]: (tab.routes[key] ?? 0) + 1 } },
  };
}

/** A request of the tab ended: the newest of its short log. */
export function requestEnded(all: PageTraffic, tabId: number, request: RecentRequest): PageTraffic {
  const tab = all[tabId] ?? fresh("");
  const recent = [...(tab.recent ?? []), request].slice(-MAX_RECENT);
  return { ...all, [tabId]: { ...tab, recent } };
}

/** The failed request counted against its tab's page; unchanged when already counted. */
export function requestFailed(
  all: PageTraffic,
  tabId: number,
  requestId: string,
  host: string,
): PageTraffic {
  const tab = all[tabId] ?? fresh("");
  if (tab.seen.includes(requestId)) return all;
  const known = host in tab.hosts;
  const hosts =
    known || Object.keys(tab.hosts).length < MAX_HOSTS
      ? { ...tab.hosts, [host]: (tab.hosts[host] ?? 0) + 1 }
      : tab.hosts;
  const seen = [...tab.seen, requestId].slice(-MAX_REQUESTS);
  return { ...all, [tabId]: { ...tab, count: tab.count + 1, hosts, seen } };
}

/**
 * A request of the tab ended: its route counted (unless `countRoute` is false: only failures
 * are heard while every request goes one way), a failure against its host (once: an end heard
 * twice changes nothing the second time), and the newest line of the short log.
 */
export function requestCounted(
  all: PageTraffic,
  tabId: number,
  request: {
    requestId: string;
    host: string;
    route: TrafficRoute | null;
    outcome: TrafficOutcome;
    at: number;
  },
  countRoute = true,
): PageTraffic {
  const { requestId, host, route, outcome, at } = request;
  let next = all;
  if (isFailure(outcome)) {
    next = requestFailed(all, tabId, requestId, host);
    if (next === all) return all;
  }
  if (route && countRoute) next = requestRouted(next, tabId, route);
  const shown = "status" in outcome ? String(outcome.status) : outcome.kind;
  return requestEnded(next, tabId, {
    host,
    route: route ? routeKey(route) : "direct",
    outcome: shown,
    at,
  });
}

/** What the popup shows for a tab: its routes, and its failures by host, most first. */
export function trafficOf(all: PageTraffic, tabId: number): PageSummary | null {
  const tab = all[tabId];
  if (!tab) return null;
  const hosts = Object.entries(tab.hosts)
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count);
  const proxy = Object.entries(tab.routes)
    .filter(([key]) => key.startsWith("proxy:"))
    .map(([key, count]) => ({ tokenId: Number(key.slice("proxy:".length)), count }))
    .sort((a, b) => b.count - a.count);
  const routes = { proxy, direct: tab.routes.direct ?? 0, block: tab.routes.block ?? 0 };
  const recent = [...(tab.recent ?? [])].reverse();
  return { page: tab.page, routes, count: tab.count, hosts, recent };
}

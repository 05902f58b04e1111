/**
 * The background's eyes on traffic (webRequest, observing only: no listener here blocks a
 * request). Always: each tab's failed requests by host, kept in session storage across a worker
 * stop. While requests go more than one way (site rules, lists, tab routes): each tab's
 * requests since its page loaded, counted by route. While a viewer is connected: every request
 * in the log, with its route and why, and how it ended. Hearing every request's end costs each
 * page (listener-switch.ts), so it is heard only while the counts or the log say something.
 */

import { isProbeUrl } from "../health/probe-target";
import { fromWire, toWire } from "../protocol/wire";
import { chromeBypasses, isBypassed } from "../proxy/config";
import { listenerSwitch } from "../proxy/listener-switch";
import { unusableReason } from "../proxy/usable";
import type { StoredToken } from "../state/tokens";
import type { TrafficEntry, TrafficOutcome, TrafficRoute } from "../traffic/entry";
import { isFailure } from "../traffic/entry";
import { explainRoute } from "../traffic/explain";
import { createTrafficLog } from "../traffic/log";
import { outcomeOfError, outcomeOfStatus } from "../traffic/outcome";
import {
  type PageSummary,
  type PageTraffic,
  pageLoaded,
  requestCounted,
  tabClosed,
  trafficOf,
} from "../traffic/page-traffic";
import { hostOf, shownUrl } from "../traffic/scrub";
import { readViewerMessage, TRAFFIC_PORT } from "../traffic/viewer-protocol";
import { createPageTrafficStore } from "./page-traffic-store";
import { routeNowOn } from "./site-route-now";
import { routesDiffer, type TrafficRouting } from "./traffic-routing";

export interface RequestDetails {
  requestId: string;
  url: string;
  tabId: number;
  method: string;
  type: string;
  timeStamp: number;
  statusCode?: number;
  error?: string;
  /** Firefox: the tab's container. */
  cookieStoreId?: string;
}

type Filter = { urls: string[]; types?: string[] };
/** Observing only: a listener returns nothing (no blocking response). */
type Observer = (details: RequestDetails) => undefined;
interface RequestEvent {
  addListener(listener: Observer, filter: Filter): void;
  removeListener(listener: Observer): void;
}

export interface ViewerPort {
  name: string;
  sender?: { id?: string; url?: string };
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface TrafficApis {
  webRequest: {
    onBeforeRequest: RequestEvent;
    onCompleted: RequestEvent;
    onErrorOccurred: RequestEvent;
  };
  onTabRemoved: { addListener(listener: (tabId: number) => void): void };
  onConnect: { addListener(listener: (port: ViewerPort) => void): void };
}

export interface TrafficDeps {
  routing: () => Promise<TrafficRouting>;
  /** Chrome: bypass rules plus its implicit loopback bypass; Firefox: the bypass rules. */
  chrome: boolean;
  isRefused: (token: StoredToken) => boolean;
  ownPage: (sender: { id?: string; url?: string } | undefined) => boolean;
  /** Told each time a tab's failures change or its page loads (the badge follows them). */
  pagesChanged?: (pages: PageTraffic) => void;
  /** Calls its argument whenever what `routing` answers may have changed. */
  watchRouting?: (changed: () => void) => void;
}

const ALL = { urls: ["<all_urls>"] };
// Viewers get changes once a second: a busy page's thousand requests cost them a few renders.
const BATCH_MS = 1_000;

export function startTraffic(apis: TrafficApis, deps: TrafficDeps) {
  const log = createTrafficLog();
  const viewers = new Map<ViewerPort, { fullUrls: boolean }>();

  const pages = createPageTrafficStore(deps.pagesChanged);
  const changeTraffic = pages.change;

  /** The route of one request and why, from the plan the browser carries now. */
  async function routeOf(details: RequestDetails) {
    const { now, tokens, tabRoutes } = await deps.routing();
    const report = routeNowOn(details.url, details.cookieStoreId, now);
    const host = hostOf(details.url);
    const bypassed = deps.chrome
      ? chromeBypasses(host, now.bypassList)
      : isBypassed(host, now.bypassList);
    // Firefox routes a tab with a route of its own by it, after the bypass list only.
    const tab = deps.chrome || bypassed ? null : tabRoutes[String(details.tabId)];
    const explained =
      tab === undefined || tab === null
        ? explainRoute(report, bypassed, now.blockedBy)
        : tabRouteOf(tab, tokens);
    const token =
      explained.route.kind === "proxy" ? tokens.get(explained.route.tokenId) : undefined;
    return { ...explained, refused: token ? deps.isRefused(token) : false };
  }

  /** A tab's own route, failing closed when its token cannot be used (as firefox.ts does). */
  function tabRouteOf(tokenId: number, tokens: Map<number, StoredToken>) {
    const token = tokens.get(tokenId);
    const usable = token && !unusableReason(token, true, Date.now());
    const route: TrafficRoute = usable ? { kind: "proxy", tokenId } : { kind: "block" };
    return { route, reason: { kind: "tab" } as const };
  }

  // Changes go to the viewers in batches.
  let batchQueued = false;
  const post = (port: ViewerPort, message: object) => {
    try {
      port.postMessage(toWire(message));
    } catch {
      viewers.delete(port);
    }
  };
  function changed(entry: TrafficEntry): void {
    log.touch(entry);
    if (batchQueued) return;
    batchQueued = true;
    setTimeout(() => {
      batchQueued = false;
      const entries = log.takeChanged();
      if (entries.length === 0) return;
      for (const port of viewers.keys()) post(port, { type: "changes", entries });
    }, BATCH_MS);
  }

  const wantsUrls = () => [...viewers.values()].some((viewer) => viewer.fullUrls);
  function started(details: RequestDetails): TrafficEntry {
    const entry = log.add({
      requestId: details.requestId,
      at: details.timeStamp,
      tabId: details.tabId,
      host: hostOf(details.url),
      url: wantsUrls() ? shownUrl(details.url) : null,
      method: details.method,
      type: details.type,
      route: null,
      reason: null,
      outcome: { kind: "pending" },
      ms: null,
    });
    void routeOf(details)
      .then(({ route, reason }) => {
        Object.assign(entry, { route, reason });
        changed(entry);
      })
      .catch(() => undefined);
    return entry;
  }

  function ended(details: RequestDetails, outcome: TrafficOutcome, watched: boolean): void {
    // Logged when someone watched as it ended (its route is found a moment later).
    if (!watched || viewers.size === 0) return;
    // A request that started before anyone watched is logged at its end, without its time.
    const known = log.get(details.requestId);
    const entry = known ?? started(details);
    entry.outcome = outcome;
    entry.ms = known ? Math.max(0, details.timeStamp - entry.at) : null;
    changed(entry);
  }

  async function end(details: RequestDetails): Promise<void> {
    if (isProbeUrl(details.url)) return;
    const watched = viewers.size > 0;
    // The browser's and other extensions' own requests count only in the log.
    if (details.tabId < 0 && !watched) return;
    const countRoute = counting;
    const routed = await routeOf(details);
    const outcome =
      details.error !== undefined
        ? outcomeOfError(details.error, routed.route, routed.refused)
        : outcomeOfStatus(details.statusCode ?? 0, routed.route);
    ended(details, outcome, watched);
    if (details.tabId < 0 || outcome.kind === "cancelled") return;
    const count = (all: PageTraffic) =>
      requestCounted(
        all,
        details.tabId,
        {
          requestId: details.requestId,
          host: hostOf(details.url),
          route: routed.route,
          outcome,
          at: details.timeStamp,
        },
        countRoute,
      );
    // A failure is written at once (the popup may be asked now); the rest within a second.
    changeTraffic(count, isFailure(outcome));
  }

  // Always on: page loads, ends (routes and failures), closed tabs.
  apis.webRequest.onBeforeRequest.addListener(
    (details) => {
      if (details.tabId >= 0)
        changeTraffic((all) => pageLoaded(all, details.tabId, hostOf(details.url)), true);
      return undefined;
    },
    { ...ALL, types: ["main_frame"] },
  );
  const ending: Observer = (details) => void end(details).catch(() => undefined);
  // Errors are few: always heard. Every request's end only while it tells something; on from
  // the start, so the end that wakes the worker is heard, until the routing says otherwise.
  apis.webRequest.onErrorOccurred.addListener(ending, ALL);
  let counting = true;
  const completions = listenerSwitch([apis.webRequest.onCompleted], ending, true);
  const hearCompletions = () => completions.set(counting || viewers.size > 0);
  const recount = () =>
    deps
      .routing()
      .then((routing) => {
        counting = routesDiffer(routing);
        hearCompletions();
      })
      // Unread: counting stays as it was (the next change asks again).
      .catch(() => undefined);
  deps.watchRouting?.(() => void recount());
  void recount();
  apis.onTabRemoved.addListener((tabId) => changeTraffic((all) => tabClosed(all, tabId), true));

  // While watched: every request from its start.
  // A health check's probes go where no rule sends them: they are the check's, not traffic.
  const starting: Observer = (details) => void (isProbeUrl(details.url) || started(details));
  apis.onConnect.addListener((port) => {
    if (port.name !== TRAFFIC_PORT || !deps.ownPage(port.sender)) return;
    port.onMessage.addListener((raw) => {
      const message = readViewerMessage(fromWire(raw).value);
      if (message?.type === "watch") {
        if (viewers.size === 0) apis.webRequest.onBeforeRequest.addListener(starting, ALL);
        const first = !viewers.has(port);
        viewers.set(port, { fullUrls: message.fullUrls });
        hearCompletions();
        if (first) post(port, { type: "snapshot", entries: log.entries() });
      }
      if (message?.type === "clear") {
        log.clear();
        for (const viewer of viewers.keys()) post(viewer, { type: "snapshot", entries: [] });
      }
    });
    port.onDisconnect.addListener(() => {
      viewers.delete(port);
      // Nobody watches: nothing more is logged (what was stays, for the next look).
      if (viewers.size === 0) apis.webRequest.onBeforeRequest.removeListener(starting);
      hearCompletions();
    });
  });

  return {
    /** A tab's routes and failures since its page loaded, for the popup. */
    trafficOf: async (tabId: number): Promise<PageSummary | null> =>
      trafficOf(await pages.current(), tabId),
  };
}

export type Traffic = ReturnType<typeof startTraffic>;

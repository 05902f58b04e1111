/**
 * The background's eyes on traffic (webRequest, observing only: no listener here blocks a
 * request). Always: each tab's failed requests by host, kept in session storage across a worker
 * stop. While requests go more than one way (site rules, lists, tab routes): each tab's
 * requests since its page loaded, counted by route. While a viewer is connected: every request
 * in the log, with its route and why, and how it ended. Hearing every request's end costs each
 * page (listener-switch.ts), so it is heard only while the counts or the log say something.
 */

import { recordedAs } from "../diagnostics/record";
import { isProbeUrl } from "../health/probe-target";
import { listenerSwitch } from "../proxy/listener-switch";
import type { StoredToken } from "../state/tokens";
import { isFailure } from "../traffic/entry";
import { outcomeOfError, outcomeOfStatus } from "../traffic/outcome";
import {
  type PageSummary,
  type PageTraffic,
  pageLoaded,
  requestCounted,
  tabClosed,
  trafficOf,
} from "../traffic/page-traffic";
import { hostOf } from "../traffic/scrub";
import { createPageTrafficStore } from "./page-traffic-store";
import type { Observer, RequestDetails, TrafficApis } from "./traffic-apis";
import { routeOfRequest, routesDiffer, type TrafficRouting } from "./traffic-routing";
import { createTrafficViewers } from "./traffic-viewers";

export type { RequestDetails, TrafficApis, ViewerPort } from "./traffic-apis";

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

export function startTraffic(apis: TrafficApis, deps: TrafficDeps) {
  const pages = createPageTrafficStore(deps.pagesChanged);
  const changeTraffic = pages.change;
  /** Whether requests go more than one way, so each one's route is worth counting. */
  let counting = true;

  const routeOf = (details: RequestDetails) =>
    deps.routing().then((routing) => routeOfRequest(details, routing, deps));
  const viewers = createTrafficViewers(apis, {
    ownPage: deps.ownPage,
    routeOf,
    watchersChanged: () => hearCompletions(),
  });

  async function end(details: RequestDetails): Promise<void> {
    if (isProbeUrl(details.url)) return;
    const watched = viewers.watching();
    // The browser's and other extensions' own requests count only in the log.
    if (details.tabId < 0 && !watched) return;
    const countRoute = counting;
    const routed = await routeOf(details);
    const outcome =
      details.error !== undefined
        ? outcomeOfError(details.error, routed.route, routed.refused)
        : outcomeOfStatus(details.statusCode ?? 0, routed.route);
    if (watched) viewers.ended(details, outcome);
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
  const ending: Observer = (details) => void end(details).catch(recordedAs("traffic:end"));
  // Errors are few: always heard. Every request's end only while it tells something; on from
  // the start, so the end that wakes the worker is heard, until the routing says otherwise.
  apis.webRequest.onErrorOccurred.addListener(ending, ALL);
  const completions = listenerSwitch([apis.webRequest.onCompleted], ending, true);
  function hearCompletions() {
    completions.set(counting || viewers.watching());
  }
  const recount = () =>
    deps
      .routing()
      .then((routing) => {
        counting = routesDiffer(routing);
        hearCompletions();
      })
      // Unread: counting stays as it was (the next change asks again).
      .catch(recordedAs("traffic:routing"));
  deps.watchRouting?.(() => void recount());
  void recount();
  apis.onTabRemoved.addListener((tabId) => changeTraffic((all) => tabClosed(all, tabId), true));

  return {
    /** A tab's routes and failures since its page loaded, for the popup. */
    trafficOf: async (tabId: number): Promise<PageSummary | null> =>
      trafficOf(await pages.current(), tabId),
  };
}

export type Traffic = ReturnType<typeof startTraffic>;

/**
 * Options' traffic log, fed while a viewer watches (and only then): every request from its
 * start, with its route and why, and how it ended; changes go to the viewers once a second.
 * Only the extension's own pages may watch.
 */

import { recordedAs } from "../diagnostics/record";
import { isProbeUrl } from "../health/probe-target";
import { fromWire, toWire } from "../protocol/wire";
import type { TrafficEntry, TrafficOutcome, TrafficReason, TrafficRoute } from "../traffic/entry";
import { createTrafficLog } from "../traffic/log";
import { hostOf, shownUrl } from "../traffic/scrub";
import { readViewerMessage, TRAFFIC_PORT } from "../traffic/viewer-protocol";
import type { RequestDetails, TrafficApis, ViewerPort } from "./traffic-apis";

const ALL = { urls: ["<all_urls>"] };
// Viewers get changes once a second: a busy page's thousand requests cost them a few renders.
const BATCH_MS = 1_000;

export interface TrafficViewersDeps {
  ownPage: (sender: { id?: string; url?: string } | undefined) => boolean;
  routeOf: (details: RequestDetails) => Promise<{ route: TrafficRoute; reason: TrafficReason }>;
  /** A viewer came or went. */
  watchersChanged: () => void;
}

export function createTrafficViewers(
  apis: Pick<TrafficApis, "webRequest" | "onConnect">,
  deps: TrafficViewersDeps,
) {
  const log = createTrafficLog();
  const viewers = new Map<ViewerPort, { fullUrls: boolean }>();

  let batchQueued = false;
  const post = (port: ViewerPort, message: object) => {
    try {
      port.postMessage(toWire(message));
    } catch {
      // A port closed under us: that viewer is gone.
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
    void deps
      .routeOf(details)
      .then(({ route, reason }) => {
        Object.assign(entry, { route, reason });
        changed(entry);
      })
      .catch(recordedAs("traffic:route-of"));
    return entry;
  }

  /** A request ended while someone watched (its route is found a moment later). */
  function ended(details: RequestDetails, outcome: TrafficOutcome): void {
    if (viewers.size === 0) return;
    // A request that started before anyone watched is logged at its end, without its time.
    const known = log.get(details.requestId);
    const entry = known ?? started(details);
    entry.outcome = outcome;
    entry.ms = known ? Math.max(0, details.timeStamp - entry.at) : null;
    changed(entry);
  }

  // While watched: every request from its start.
  // A health check's probes go where no rule sends them: they are the check's, not traffic.
  const starting = (details: RequestDetails) => void (isProbeUrl(details.url) || started(details));
  apis.onConnect.addListener((port) => {
    if (port.name !== TRAFFIC_PORT || !deps.ownPage(port.sender)) return;
    port.onMessage.addListener((raw) => {
      const message = readViewerMessage(fromWire(raw).value);
      if (message?.type === "watch") {
        if (viewers.size === 0) apis.webRequest.onBeforeRequest.addListener(starting, ALL);
        const first = !viewers.has(port);
        viewers.set(port, { fullUrls: message.fullUrls });
        deps.watchersChanged();
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
      deps.watchersChanged();
    });
  });

  return { watching: () => viewers.size > 0, ended };
}

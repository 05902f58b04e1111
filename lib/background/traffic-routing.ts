/**
 * The routing answer the traffic log asks per request: read once and kept until what it
 * depends on changes in storage (rules, settings, tokens, the connection, the engine's status),
 * so a page's thousand requests cost one read, not a thousand.
 */

import { FIREFOX_ABILITIES } from "../base/browser-abilities";
import type { PlanOptions } from "../proxy/route-plan";
import { type TabRoutes, type TabTarget, tabTarget } from "../routing/tab-routes";
import type { StoredToken } from "../state/tokens";
import { unusableReason } from "../state/usable";
import { items } from "../storage/items";
import { read } from "../storage/read";
import type { TrafficRoute } from "../traffic/entry";
import { explainRoute } from "../traffic/explain";
import { type RoutingNow, routeNowOn, routingNow } from "./site-route-now";

export interface TrafficRouting {
  now: RoutingNow;
  tokens: Map<number, StoredToken>;
  /** Firefox's "This tab only" routes (tab id → token id). */
  tabRoutes: TabRoutes;
}

/** Calls `changed` whenever something the routing answer depends on changes in storage. */
export function watchTrafficRouting(changed: () => void): void {
  for (const item of [
    items.siteRules,
    items.settings,
    items.tokens,
    items.connection,
    items.status,
    items.tabRoutes,
  ])
    item.watch(changed);
}

/** Whether requests go more than one way (rules, lists, tab routes), so counting them tells. */
export const routesDiffer = ({ now, tabRoutes }: TrafficRouting): boolean =>
  now.plan.rules.length > 0 || Object.keys(tabRoutes).length > 0;

export function cachedTrafficRouting(options: PlanOptions): () => Promise<TrafficRouting> {
  let cached: Promise<TrafficRouting> | null = null;
  const forget = () => {
    cached = null;
  };
  watchTrafficRouting(forget);
  return () => {
    cached ??= Promise.all([routingNow(options), read("tokens"), read("tabRoutes")]).then(
      ([now, tokens, tabRoutes]) => ({
        now,
        tokens: new Map(tokens.map((token) => [token.id, token])),
        tabRoutes,
      }),
    );
    // A failed read is not kept: the next request asks again.
    cached.catch(forget);
    return cached;
  };
}

/** The route of one request and why, from the plan the browser carries now. */
export function routeOfRequest(
  details: { url: string; tabId: number; cookieStoreId?: string },
  { now, tokens, tabRoutes }: TrafficRouting,
  deps: { chrome: boolean; isRefused: (token: StoredToken) => boolean },
) {
  const report = routeNowOn(details.url, details.cookieStoreId, now);
  const bypassed = now.bypasses(details.url);
  // Firefox routes a tab with a route of its own by it, after the bypass list only (and not
  // under the user's Off).
  const tab =
    deps.chrome || bypassed || now.off
      ? null
      : tabTarget(tabRoutes, details.tabId, tokens, (token) =>
          unusableReason(token, FIREFOX_ABILITIES.supportsSocksAuth, Date.now()),
        );
  const explained = tab ? tabRouteOf(tab) : explainRoute(report, bypassed, now.blockedBy);
  const token = explained.route.kind === "proxy" ? tokens.get(explained.route.tokenId) : undefined;
  return { ...explained, refused: token ? deps.isRefused(token) : false };
}

/** A tab's own route in the log's words. */
function tabRouteOf(target: TabTarget) {
  const route: TrafficRoute =
    target.kind === "proxy" ? { kind: "proxy", tokenId: target.token.id } : { kind: "block" };
  return { route, reason: { kind: "tab" } as const };
}

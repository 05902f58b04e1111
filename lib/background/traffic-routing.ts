/**
 * The routing answer the traffic log asks per request: read once and kept until what it
 * depends on changes in storage (rules, settings, tokens, the connection, the engine's status),
 * so a page's thousand requests cost one read, not a thousand.
 */
import type { PlanOptions } from "../proxy/route-plan";
import type { TabRoutes } from "../routing/tab-routes";
import { items } from "../state/items";
import { read } from "../state/read";
import type { StoredToken } from "../state/tokens";
import { type RoutingNow, routingNow } from "./site-route-now";

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

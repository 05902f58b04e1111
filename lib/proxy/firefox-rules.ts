/**
 * Firefox's side of site rules: each request routed by the rules in proxy.onRequest, with the
 * token its rule names. The token is remembered per request, so the request's headers
 * (Proxy-Authorization) and its proxy challenge use that token's login: two tokens on one
 * gateway carry two sites side by side, and a container's tabs their own token.
 */
import type { RoutingPlan } from "../routing/plan";
import type { Router } from "../routing/router";
import type { StoredToken } from "../state/tokens";
import { type FirefoxProxyInfo, firefoxProxyInfo } from "./config";

export interface FirefoxRules {
  router: Router;
  plan: RoutingPlan;
}

type Answer = FirefoxProxyInfo | { type: "direct" };

/** Requests remembered between onRequest and their headers or challenge (bounded). */
const MAX_ROUTED_REQUESTS = 10_000;

export function createFirefoxRuleRouting(deadEnd: FirefoxProxyInfo) {
  const routedRequests = new Map<string, StoredToken>();
  function remember(requestId: string | undefined, token: StoredToken) {
    if (!requestId) return;
    routedRequests.set(requestId, token);
    if (routedRequests.size > MAX_ROUTED_REQUESTS) {
      const oldest = routedRequests.keys().next().value;
      if (oldest !== undefined) routedRequests.delete(oldest);
    }
  }

  return {
    /** The token a site rule sent this request through, if any. */
    tokenOfRequest: (requestId: string): StoredToken | null =>
      routedRequests.get(requestId) ?? null,

    route(
      { router, plan }: FirefoxRules,
      details: { url: string; requestId?: string; cookieStoreId?: string },
      fallback: Answer,
    ): Answer {
      // A redirect keeps its request id: what an earlier hop was routed through no longer holds.
      if (details.requestId) routedRequests.delete(details.requestId);
      const match = router.route(details.url, details.cookieStoreId);
      if (!match) return fallback;
      const target = plan.targetOf(match.route);
      if (target.kind === "direct") return { type: "direct" };
      if (target.kind === "block") return deadEnd;
      remember(details.requestId, target.token);
      return firefoxProxyInfo(target.token);
    },
  };
}

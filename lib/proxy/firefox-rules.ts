/**
 * Firefox's routing of each request in proxy.onRequest: by the site rules when they are on,
 * else through the connected token. The token is remembered per request, so the request's
 * headers (Proxy-Authorization) and its proxy challenge use the login of the token it was
 * sent through: two tokens on one gateway carry two sites side by side, a container's tabs
 * their own token, and a request still on its way when the user switches tokens (or the
 * token moves) is answered as the gateway it went to expects, never left to a login dialog.
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
    /** The token this request was sent through, if any. */
    tokenOfRequest: (requestId: string): StoredToken | null =>
      routedRequests.get(requestId) ?? null,

    /** Through this token whatever the rules say (Firefox's "This tab only", tab-routes.ts). */
    through(
      details: { requestId?: string },
      token: StoredToken,
      refused: (token: StoredToken) => boolean,
    ): Answer {
      if (details.requestId) routedRequests.delete(details.requestId);
      if (refused(token)) return deadEnd;
      remember(details.requestId, token);
      return firefoxProxyInfo(token);
    },

    /** By the rules (when on), else the default: the connected token, or direct (null). */
    route(
      rules: FirefoxRules | null,
      details: { url: string; requestId?: string; cookieStoreId?: string },
      fallback: StoredToken | null,
      /** A token whose login the proxy refused: its requests go nowhere (see firefox.ts). */
      refused: (token: StoredToken) => boolean = () => false,
    ): Answer {
      // A redirect keeps its request id: what an earlier hop was routed through no longer holds.
      if (details.requestId) routedRequests.delete(details.requestId);
      const match = rules?.router.route(details.url, details.cookieStoreId);
      const target = rules && match ? rules.plan.targetOf(match.route) : null;
      if (target?.kind === "direct") return { type: "direct" };
      if (target?.kind === "block") return deadEnd;
      const token = target ? target.token : fallback;
      if (!token) return { type: "direct" };
      if (refused(token)) return deadEnd;
      remember(details.requestId, token);
      return firefoxProxyInfo(token);
    },
  };
}

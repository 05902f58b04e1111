/**
 * How this browser sends a rule list's request the user's way (subscriptions.ts). Firefox routes
 * the one request (lib/proxy/firefox-list-fetches.ts). Chrome routes no request of its own:
 * "direct" goes the way the browser goes now (never around the user's chosen token), and a
 * token has the list's host routed to it while the fetch runs (route-plan.ts).
 */

import { withMomentaryRule } from "../proxy/route-plan";
import type { StoredToken } from "../state/tokens";
import type { SendRequest } from "./list-fetch";

export interface ListSenderDeps {
  /** Firefox: sends the request for `url` from the background direct (null) or through a token. */
  firefoxVia:
    | (<T>(url: string, via: StoredToken | null, run: () => Promise<T>) => Promise<T>)
    | null;
  /** Re-applies the routing (with or without the moment's rule). */
  rulesChanged: () => Promise<void>;
  /** The token the browser sends this address through now, or null (direct, blocked). */
  tokenNow: (url: string) => Promise<number | null>;
  fetch?: typeof globalThis.fetch;
}

export function listSender(deps: ListSenderDeps) {
  return (token: StoredToken | null): SendRequest =>
    async (url, init) => {
      const send = () => (deps.fetch ?? globalThis.fetch)(url, init);
      if (deps.firefoxVia) return deps.firefoxVia(url, token, send);
      if (!token) return send();
      // Already going through it (the connected token, or a rule's): no config change, which
      // in Chrome would re-key the gateway's logins and cut requests on their way through it.
      if ((await deps.tokenNow(url)) === token.id) return send();
      const rule = {
        id: `list-fetch-${crypto.randomUUID()}`,
        enabled: true,
        source: { type: "pattern" as const, text: new URL(url).hostname },
        route: { kind: "token" as const, tokenId: token.id },
      };
      return withMomentaryRule(rule, deps.rulesChanged, send);
    };
}

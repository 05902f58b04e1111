/**
 * Firefox's side of a health check's probes: Firefox routes each request on its own, so a
 * probe's requests (known by the nonce in their URL: lib/health/probe-target.ts) go through
 * the token they check, each on a connection of its own, and no other traffic moves. The
 * requests they became are remembered, so their headers and challenges use that login.
 */
import { firefoxProbeUrl, newNonce, probeNonceOf } from "../health/probe-target";
import type { StoredToken } from "../state/tokens";
import { type FirefoxProxyInfo, firefoxProxyInfo } from "./config";
import type { ProbeRouting } from "./platform";

export function createFirefoxProbes() {
  const probeTokens = new Map<string, StoredToken>();
  const probeRequests = new Map<string, { nonce: string; token: StoredToken }>();

  const routing: ProbeRouting = {
    open: async () => undefined,
    targets(token, _index, baseUrl) {
      const login = newNonce();
      const timed = newNonce();
      probeTokens.set(login, token);
      probeTokens.set(timed, token);
      return {
        login: firefoxProbeUrl(login, baseUrl),
        timed: firefoxProbeUrl(timed, null),
        learnsExitIp: baseUrl !== null,
      };
    },
    finished(targets) {
      const over = new Set([targets.login, targets.timed].map(probeNonceOf));
      for (const nonce of over) if (nonce !== null) probeTokens.delete(nonce);
      for (const [id, probe] of probeRequests) if (over.has(probe.nonce)) probeRequests.delete(id);
    },
    async close() {
      probeTokens.clear();
      probeRequests.clear();
    },
    // Each probe request carries its own login (the header listener): nothing is cached.
    forgetAddress: async () => undefined,
  };

  return {
    routing,
    /** The token a probe's request checks, or undefined for every other request. */
    tokenOfRequest: (requestId: string) => probeRequests.get(requestId)?.token,
    /** A probe's own route, or null for every other request. */
    route(details: { url: string; requestId?: string }): FirefoxProxyInfo | null {
      const nonce = probeTokens.size > 0 ? probeNonceOf(details.url) : null;
      const token = nonce === null ? undefined : probeTokens.get(nonce);
      if (!token || nonce === null) return null;
      if (details.requestId) probeRequests.set(details.requestId, { nonce, token });
      // A connection of its own: the probe signs in and is timed afresh.
      return { ...firefoxProxyInfo(token), connectionIsolationKey: `check-${nonce}` };
    },
  };
}

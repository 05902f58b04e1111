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
    // One request: the provider's exit-IP check, through the token, timed. (A made-up plain
    // http name would not do: Firefox upgrades it to https, seen on Firefox ESR 153.)
    targets(token, _index, baseUrl) {
      // The command refuses to start without a provider (needsProvider).
      if (!baseUrl) throw new Error("Firefox checks through the provider's address");
      const nonce = newNonce();
      probeTokens.set(nonce, token);
      return { login: firefoxProbeUrl(nonce, baseUrl), timed: null, learnsExitIp: true };
    },
    finished(targets) {
      const over = new Set([probeNonceOf(targets.login)]);
      for (const nonce of over) if (nonce !== null) probeTokens.delete(nonce);
      for (const [id, probe] of probeRequests) if (over.has(probe.nonce)) probeRequests.delete(id);
    },
    async close() {
      probeTokens.clear();
      probeRequests.clear();
    },
    // Each probe request carries its own login (the header listener): nothing is cached.
    forgetAddresses: async () => undefined,
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

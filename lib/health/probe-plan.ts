/**
 * Which tokens a health check can probe, and through which gateway address (pure).
 *
 * Firefox routes each request on its own, with its own login: every token is probed at its
 * own gateway. Chrome keeps one cached login per gateway address as written and sends it
 * unasked (BROWSER-FACTS.md), so a probe must not use an address whose cache holds another
 * token's login that carries the user's traffic:
 * - a token that carries traffic is probed at its own address (its login is the cached one);
 * - any other is probed at an address of its gateway the applied config does not use
 *   (`gw.example.com.` beside `gw.example.com`, `localhost` beside `127.0.0.1`), whose cached
 *   login is dropped before each probe (dropping one address's login leaves the others'
 *   logins; but Chromium drops it by closing every connection of the profile, so a request
 *   still being connected anywhere may fail: probe-request.ts sends a probe's again);
 * - a token whose gateway has no such address (a bare IP address in use, both spellings in
 *   use) is not checked, and says why: checking it would move the user's traffic.
 * Probes at one address run one at a time: the cached login there is the probe's own.
 */
import { endpointKey, gatewaySpellings } from "../routing/plan";
import type { StoredToken } from "../state/tokens";
import type { NotCheckedReason } from "./health";

export interface ProbeSlot {
  token: StoredToken;
  /** The gateway address the probe is sent to (the token's, or its other spelling). */
  host: string;
  port: number;
  /**
   * Probes with one key run one after another: Chrome's "host:port" as it keys its login
   * cache (lowercase); in Firefox each token's own (its requests carry their own login).
   */
  key: string;
  /** The address carries no traffic of the user's: drop its cached login around the probe. */
  flush: boolean;
}

export interface ProbePlan {
  slots: ProbeSlot[];
  skipped: { token: StoredToken; why: NotCheckedReason }[];
}

export function planProbes(
  tokens: readonly StoredToken[],
  browser: { oneLoginPerEndpoint: boolean; supportsSocksAuth: boolean },
  /** Chrome: the applied config's owner of each address ("host:port" → token id). */
  owners: Readonly<Record<string, number>>,
): ProbePlan {
  const slots: ProbeSlot[] = [];
  const skipped: ProbePlan["skipped"] = [];
  const queued = new Map<string, number>();
  for (const token of tokens) {
    if (token.networkType === "SOCKS5" && !browser.supportsSocksAuth) {
      skipped.push({ token, why: "socks-in-chrome" });
      continue;
    }
    if (!browser.oneLoginPerEndpoint) {
      const key = `${endpointKey(token.host, token.port)}#${token.id}`;
      slots.push({ token, host: token.host, port: token.port, key, flush: false });
      continue;
    }
    const spellings = gatewaySpellings(token.host).map((host) => ({
      host,
      key: endpointKey(host, token.port),
    }));
    const own = spellings.find((s) => owners[s.key] === token.id);
    // Of the free spellings, the least used so far: two free spellings, two probes at once.
    const free = spellings
      .filter((s) => owners[s.key] === undefined)
      .sort((a, b) => (queued.get(a.key) ?? 0) - (queued.get(b.key) ?? 0))[0];
    const at = own ?? free;
    if (!at) {
      skipped.push({ token, why: "gateway-in-use" });
      continue;
    }
    queued.set(at.key, (queued.get(at.key) ?? 0) + 1);
    slots.push({ token, host: at.host, port: token.port, key: at.key, flush: !own });
  }
  return { slots, skipped };
}

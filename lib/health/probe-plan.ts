/**
 * Which tokens a health check can probe, and through which gateway address (pure).
 *
 * Firefox routes each request on its own, with its own login: every token is probed at its
 * own gateway. Chrome keeps one cached login per gateway address as written and sends it
 * unasked (BROWSER-FACTS.md), and it drops one only by closing every connection of the profile
 * (the user's requests on their way fail). So a probe never drops a login:
 * - a token is probed at an address of its gateway whose cached login is already its own (the
 *   connected token's, or a token's a switch or an earlier check left there);
 * - else at an address that holds no login yet (`gw.example.com.` beside `gw.example.com`,
 *   `localhost` beside `127.0.0.1`), which its login then holds (recorded before the probe),
 *   one token per such address;
 * - a token left with neither is not checked, and says why: checking it would cost the user's
 *   open connections.
 * Probes at one address run one at a time.
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
  /** The address holds no login yet: the probe's becomes its login (recorded first). */
  claims: boolean;
}

export interface ProbePlan {
  slots: ProbeSlot[];
  skipped: { token: StoredToken; why: NotCheckedReason }[];
}

export function planProbes(
  tokens: readonly StoredToken[],
  browser: { oneLoginPerEndpoint: boolean; supportsSocksAuth: boolean },
  /** Chrome: whose login each address holds (gateway-owners.ts: "host:port" → token id). */
  owners: Readonly<Record<string, number>>,
): ProbePlan {
  const slots: ProbeSlot[] = [];
  const skipped: ProbePlan["skipped"] = [];
  /** Addresses without a login given to a token of this run: one token each. */
  const claimed = new Set<string>();
  for (const token of tokens) {
    if (token.networkType === "SOCKS5" && !browser.supportsSocksAuth) {
      skipped.push({ token, why: "socks-in-chrome" });
      continue;
    }
    if (!browser.oneLoginPerEndpoint) {
      const key = `${endpointKey(token.host, token.port)}#${token.id}`;
      slots.push({ token, host: token.host, port: token.port, key, claims: false });
      continue;
    }
    const spellings = gatewaySpellings(token.host).map((host) => ({
      host,
      key: endpointKey(host, token.port),
    }));
    const own = spellings.find((s) => owners[s.key] === token.id);
    const free = spellings.find((s) => owners[s.key] === undefined && !claimed.has(s.key));
    const at = own ?? free;
    if (!at) {
      skipped.push({ token, why: "gateway-in-use" });
      continue;
    }
    if (!own) claimed.add(at.key);
    slots.push({ token, host: at.host, port: token.port, key: at.key, claims: !own });
  }
  return { slots, skipped };
}

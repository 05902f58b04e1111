/**
 * The addresses a health probe fetches (pure). Each probe has a name of its own under
 * `.invalid` (RFC 6761: it never exists): Chrome's PAC script, which sees only the host of
 * most requests, routes the name to the probed gateway, and the gateway, once it took the
 * login, answers that it cannot resolve it. No site is contacted, no DNS query leaves the
 * browser (a proxied request's name is resolved by the proxy). In Firefox, which routes each
 * request by its URL, the probe asks the provider for the exit address instead, marked by a
 * query parameter the provider ignores (a made-up plain-http name would not do there: Firefox
 * upgrades it to https).
 */

export const PROBE_DOMAIN = "check.proxy-deck.invalid";
export const PROBE_PARAM = "proxy-deck-check";

/** The name a Chrome probe sends to gateway number `gateway` of the run's address table. */
export const chromeProbeHost = (nonce: string, gateway: number) =>
  `${nonce}.g${gateway}.${PROBE_DOMAIN}`;

/** A probe's own name, or null: the gateway number, if it is one. */
export function probeGatewayOf(host: string): number | null {
  const match = /^[a-z0-9]+\.g(\d{1,6})\.check\.proxy-deck\.invalid$/.exec(host.toLowerCase());
  return match ? Number(match[1]) : null;
}

/** A Firefox probe's URL: the provider's exit-IP check, marked as the probe's. */
export function firefoxProbeUrl(nonce: string, baseUrl: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/token/check/ip`);
  url.searchParams.set(PROBE_PARAM, nonce);
  return url.href;
}

/** The probe a Firefox request belongs to (its marker), or null. */
export function probeNonceOf(url: string): string | null {
  if (!url.includes(PROBE_PARAM)) return null;
  try {
    return new URL(url).searchParams.get(PROBE_PARAM);
  } catch {
    // Not a URL: not one of our probes.
    return null;
  }
}

/** A health probe's request (either browser's form). */
export const isProbeUrl = (url: string) => url.includes(PROBE_DOMAIN) || url.includes(PROBE_PARAM);

/** A nonce: letters and digits only (a DNS label, a query value). */
export const newNonce = (random: () => number = Math.random) =>
  Array.from({ length: 12 }, () => Math.floor(random() * 36).toString(36)).join("");

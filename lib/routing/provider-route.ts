/**
 * Where the provider's own host goes while site rules are on (pure): as the rest goes, never
 * by a rule. Through the token that carries the rest, as a single-proxy config sends it (an
 * exit check then proves that token, and says so); direct while no token does, or while the
 * rest is blocked, so the user can still reach their account and buy a token. A rule of the
 * user's that blocked it would lock them out. Chrome writes it into the PAC script
 * (proxy/chrome-pac.ts), Firefox routes by it (proxy/firefox.ts), and the reports of a site's
 * route say the same (traffic/site-route.ts).
 */
import type { RouteTarget } from "./plan";

export function providerTarget(fallback: RouteTarget): RouteTarget {
  return fallback.kind === "block" ? { kind: "direct" } : fallback;
}

/**
 * The provider's host:port as a URL's (`provider` from state/usable.ts providerHost). A URL
 * already parsed is not parsed again (Firefox asks for every request while rules are on).
 */
export function isProviderUrl(url: string | URL, provider: string): boolean {
  if (provider === "") return false;
  if (typeof url !== "string") return url.host === provider;
  try {
    return new URL(url).host === provider;
  } catch {
    // Not an address: not the provider's.
    return false;
  }
}

/**
 * Can the chosen token carry traffic in this browser, now? (pure) When it cannot, the engine
 * blocks traffic (fail closed) rather than let it go out direct.
 */
import type { Failure } from "../base/failure";
import { isAddressPending, isExpired } from "./token-facts";
import type { StoredToken } from "./tokens";
import { isUsableHost } from "./usable-host";

export function unusableReason(
  token: StoredToken | undefined,
  supportsSocksAuth: boolean,
  now: number,
): Failure | null {
  if (!token) return { code: "token-missing" };
  if (isExpired(token, now)) return { code: "token-expired" };
  if (isAddressPending(token)) return { code: "address-pending" };
  // A host no browser config can hold (stored by an older version, or damaged).
  if (!isUsableHost(token.host)) return { code: "config-failed", detail: token.host.slice(0, 100) };
  if (token.networkType === "SOCKS5" && !supportsSocksAuth) return { code: "socks5-unsupported" };
  return null;
}

/**
 * The provider's host (with its port when not the scheme's default), exempt from a block so
 * the user can still reach their account. The port keeps other sites on the same host (a LAN
 * box, loopback) blocked.
 */
export function providerHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    // No provider address (or none that parses): no host to exempt.
    return "";
  }
}

/** The provider's host name alone, as bypass rules match it. */
export function providerHostname(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    // No provider address (or none that parses): no host to exempt.
    return "";
  }
}

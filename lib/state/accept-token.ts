/**
 * A token made from a provider answer is kept only if it works all the way: it passes the
 * stored schema (so it can be read back), and its address can become a proxy config in both
 * browsers. A dynamic token may still wait for its address (host "": "address pending"). What
 * fails is reported and its answer kept for support, never stored as a token that vanishes.
 */
import { isDynamic } from "./token-facts";
import { type StoredToken, storedTokenSchema } from "./tokens";

export type Acceptance =
  | { ok: true; token: StoredToken }
  | { ok: false; reason: "unreadable" | "no-address" | "bad-host" };

const HOST_NAME =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A host name, an IPv4 address or an IPv6 address (without brackets, as configs take it). */
export function isUsableHost(host: string): boolean {
  if (HOST_NAME.test(host)) return true;
  if (!host.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(host)) return false;
  try {
    return new URL(`http://[${host}]/`).hostname !== "";
  } catch {
    // The parser's no is the answer: not an IPv6 address, so the token is not taken.
    return false;
  }
}

export function acceptToken(candidate: StoredToken): Acceptance {
  const parsed = storedTokenSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: "unreadable" };
  const token = parsed.data;
  if (token.host === "")
    return isDynamic(token) ? { ok: true, token } : { ok: false, reason: "no-address" };
  return isUsableHost(token.host) ? { ok: true, token } : { ok: false, reason: "bad-host" };
}

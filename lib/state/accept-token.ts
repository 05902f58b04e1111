/**
 * A token made from a provider answer is kept only if it works all the way: it passes the
 * stored schema (so it can be read back), and its address can become a proxy config in both
 * browsers. A dynamic token may still wait for its address (host "": "address pending"). What
 * fails is reported and its answer kept for support, never stored as a token that vanishes.
 */
import { isDynamic } from "./token-facts";
import { type StoredToken, storedTokenSchema } from "./tokens";
import { isUsableHost } from "./usable-host";

export type Acceptance =
  | { ok: true; token: StoredToken }
  | { ok: false; reason: "unreadable" | "no-address" | "bad-host" };

export function acceptToken(candidate: StoredToken): Acceptance {
  const parsed = storedTokenSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: "unreadable" };
  const token = parsed.data;
  if (token.host === "")
    return isDynamic(token) ? { ok: true, token } : { ok: false, reason: "no-address" };
  return isUsableHost(token.host) ? { ok: true, token } : { ok: false, reason: "bad-host" };
}

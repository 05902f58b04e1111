/**
 * Facts about a stored token that the pages need on their first path, without the stored
 * schema (and zod) that lib/state/tokens.ts carries.
 */
import type { StoredToken } from "./tokens";

export { PROVIDER_KINDS, type ProviderKind, TOKEN_KINDS, type TokenKind } from "./token-kinds";

/** A hand-added token the provider does not know: deleted and restored here only. */
export const isLocalToken = (token: Pick<StoredToken, "id">) => token.id < 0;

export const isDynamic = (token: Pick<StoredToken, "kind">) =>
  token.kind === "dynamic-ip" || token.kind === "dynamic-traffic";

/** A dynamic token the provider has not given an address yet: it cannot carry traffic. */
export const isAddressPending = (token: Pick<StoredToken, "host">) => token.host === "";

/** A token past its expiry: it cannot be used. */
export const isExpired = (token: Pick<StoredToken, "expiresAt">, now: number) =>
  token.expiresAt !== null && token.expiresAt <= now;

/** Expired tokens after the others, each group in its stored order: they cannot be used. */
export function expiredLast<T extends Pick<StoredToken, "expiresAt">>(
  tokens: readonly T[],
  now: number,
): T[] {
  const expired = (t: T) => isExpired(t, now);
  return [...tokens.filter((t) => !expired(t)), ...tokens.filter(expired)];
}

/** `host:port` the browser talks to for this token. */
export const proxyEndpoint = (token: Pick<StoredToken, "host" | "port">) =>
  `${token.host}:${token.port}`;

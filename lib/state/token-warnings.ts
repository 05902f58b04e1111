/**
 * Warnings before it hurts: a token that expires within the user's chosen days, or has used
 * 90% of its traffic. Pure and zod-free: the popup's rows, the badge and the background's
 * notifications all ask here.
 */
import type { StoredToken } from "./tokens";

export type TokenWarning = "expiring" | "traffic";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The share of a traffic quota from which a token is marked. */
export const TRAFFIC_WARN_SHARE = 0.9;

export function warningsOf(
  token: Pick<StoredToken, "kind" | "expiresAt" | "trafficQuota" | "trafficUsed">,
  now: number,
  warnDays: number,
): TokenWarning[] {
  const warnings: TokenWarning[] = [];
  const { expiresAt } = token;
  if (
    warnDays > 0 &&
    expiresAt !== null &&
    expiresAt > now &&
    expiresAt - now <= warnDays * DAY_MS
  ) {
    warnings.push("expiring");
  }
  const quota = token.trafficQuota;
  if (
    token.kind === "dynamic-traffic" &&
    quota !== null &&
    quota > 0 &&
    (token.trafficUsed ?? 0) >= quota * TRAFFIC_WARN_SHARE
  ) {
    warnings.push("traffic");
  }
  return warnings;
}

/** The key a shown notification is remembered by: once per token and threshold. */
export const warningKey = (tokenId: number, warning: TokenWarning) => `${tokenId}:${warning}`;

/** Warnings not notified before, for the tokens held now. */
export function unnotifiedWarnings(
  tokens: readonly StoredToken[],
  now: number,
  warnDays: number,
  notified: readonly string[],
): { token: StoredToken; warning: TokenWarning }[] {
  const seen = new Set(notified);
  return tokens.flatMap((token) =>
    warningsOf(token, now, warnDays)
      .filter((warning) => !seen.has(warningKey(token.id, warning)))
      .map((warning) => ({ token, warning })),
  );
}

/**
 * What the popup's first screen shows, kept small and ready by the background whenever the
 * lists change: the first rows in the user's order, the connected token, the counts. The popup
 * paints from it and reads the full lists after its first frame. Checked by version, not by
 * schema: only the background writes it, from tokens it validated.
 */
import { expiredLast } from "./token-facts";
import type { StoredToken } from "./tokens";

export const SUMMARY_VERSION = 1;
/** More rows than a 600 px popup shows. */
export const SUMMARY_ROWS = 16;

export interface PopupSummary {
  v: typeof SUMMARY_VERSION;
  /** The first rows of the token list, in its order. */
  first: StoredToken[];
  /** The connected token, wherever it stands in the list. */
  active: StoredToken | null;
  tokenCount: number;
  trashCount: number;
}

export function summarize(
  tokens: readonly StoredToken[],
  trashCount: number,
  activeTokenId: number | null,
  now = Date.now(),
): PopupSummary {
  return {
    v: SUMMARY_VERSION,
    first: expiredLast(tokens, now).slice(0, SUMMARY_ROWS),
    active: tokens.find((t) => t.id === activeTokenId) ?? null,
    tokenCount: tokens.length,
    trashCount,
  };
}

/** A stored summary this version can use, or null (none yet, or another version's). */
export function readSummary(raw: unknown): PopupSummary | null {
  const value = raw as Partial<PopupSummary> | null | undefined;
  return value?.v === SUMMARY_VERSION && Array.isArray(value.first)
    ? (value as PopupSummary)
    : null;
}

/**
 * Which of the token list's controls are worth their room (pure). The popup shows about four
 * rows without scrolling; below FILTERS_FROM tokens a glance finds a token faster than a filter,
 * and three controls above four rows crowd the list they serve. Bulk actions ("select all",
 * "delete selected") follow the same count, and appear at once when a row's box is ticked, so
 * a selection can always be acted on.
 */
import { NO_FILTER, type TokenFilter } from "./filter";

/** From this many tokens the kind/country filters and the search are shown. */
export const FILTERS_FROM = 6;
/** From this many tokens (or with any row selected) the bulk actions are shown. */
export const BULK_FROM = 6;

export interface ListControls {
  filters: boolean;
  bulk: boolean;
}

export function listControls(
  tokenCount: number,
  selectedCount: number,
  filter: TokenFilter,
): ListControls {
  // A filter still narrowing the list (tokens deleted since it was set) stays in view: a
  // hidden filter would hide rows with no way to see why.
  const filtering =
    filter.kind !== NO_FILTER.kind ||
    filter.country !== NO_FILTER.country ||
    filter.text !== NO_FILTER.text;
  return {
    filters: tokenCount >= FILTERS_FROM || filtering,
    bulk: tokenCount >= BULK_FROM || selectedCount > 0,
  };
}

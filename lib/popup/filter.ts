/**
 * Filtering and search over the stored tokens: linear, over texts built once per token (the
 * list's objects live until storage changes), so a keystroke over 10,000 tokens is a scan of
 * ready strings.
 */
import type { TokenKind } from "../state/token-facts";
import type { StoredToken } from "../state/tokens";

export interface TokenFilter {
  kind: TokenKind | "all";
  /** Country name as stored, or "all". */
  country: string;
  text: string;
}

export const NO_FILTER: TokenFilter = { kind: "all", country: "all", text: "" };

const haystacks = new WeakMap<StoredToken, string>();

const haystack = (t: StoredToken) => {
  let text = haystacks.get(t);
  if (text === undefined) {
    text = searchText(t);
    haystacks.set(t, text);
  }
  return text;
};

const searchText = (t: StoredToken) =>
  [
    String(t.id),
    t.name,
    t.host,
    `${t.host}:${t.port}`,
    t.ip,
    t.country,
    t.countryCode,
    t.state,
    t.city,
    t.username,
    t.networkType,
  ]
    .join("\n")
    .toLowerCase();

/** Every word of the search must occur somewhere in the token (id, name, address, place…). */
export function filterTokens(tokens: readonly StoredToken[], filter: TokenFilter): StoredToken[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return tokens.filter((t) => {
    if (filter.kind !== "all" && t.kind !== filter.kind) return false;
    if (filter.country !== "all" && t.country !== filter.country) return false;
    if (words.length === 0) return true;
    const text = haystack(t);
    return words.every((w) => text.includes(w));
  });
}

export interface CountryOption {
  name: string;
  code: string;
  count: number;
}

/** The countries the user holds tokens in, by name, with how many. */
export function countryOptions(tokens: readonly StoredToken[]): CountryOption[] {
  const byName = new Map<string, CountryOption>();
  for (const t of tokens) {
    const name = t.country || "";
    const entry = byName.get(name);
    if (entry) entry.count++;
    else byName.set(name, { name, code: t.countryCode, count: 1 });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** How many trash rows to paint at first and per "show more". */
export const PAGE_ROWS = 100;
/** Rows in the very first paint: more than a 600 px popup shows. */
export const FIRST_PAINT_ROWS = 12;

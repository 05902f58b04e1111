/**
 * Filtering and search over the stored tokens: linear, over texts built once per list (built
 * when the page is idle), so a keystroke over 10,000 tokens is a scan of ready strings.
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

// The search texts of the list last searched, index for index: the list's array lives until
// storage changes, so keystrokes over it reuse them.
let indexed: { tokens: readonly StoredToken[]; texts: string[] } | null = null;

const searchTexts = (tokens: readonly StoredToken[]): string[] => {
  if (indexed?.tokens !== tokens) indexed = { tokens, texts: tokens.map(searchText) };
  return indexed.texts;
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

/** Builds the search texts ahead of the first keystroke (when the page is idle). */
export function prepareSearch(tokens: readonly StoredToken[]): void {
  searchTexts(tokens);
}

/** Every word of the search must occur somewhere in the token (id, name, address, place…). */
export function filterTokens(tokens: readonly StoredToken[], filter: TokenFilter): StoredToken[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  const texts = words.length > 0 ? searchTexts(tokens) : [];
  return tokens.filter((t, i) => {
    if (filter.kind !== "all" && t.kind !== filter.kind) return false;
    if (filter.country !== "all" && t.country !== filter.country) return false;
    const text = texts[i] ?? "";
    for (const word of words) if (!text.includes(word)) return false;
    return true;
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
/**
 * Rows in the very first paint: what a 600 px popup shows under its controls (rows are about
 * 130 px). Each row more costs the first frame about a millisecond; the windowed list fills
 * in the rest a frame later.
 */
export const FIRST_PAINT_ROWS = 4;

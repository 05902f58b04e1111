/**
 * Filtering and search over the stored tokens, in the order the list shows them (expired last).
 * A search holds one list: its search texts are built once (when the page is idle), and it
 * keeps its last answer, so a keystroke that narrows the search (one more letter, one more word)
 * scans only the last matches, not 10,000 tokens.
 */
import { isExpired, type TokenKind } from "../state/token-facts";
import type { StoredToken } from "../state/tokens";

export interface TokenFilter {
  kind: TokenKind | "all";
  /** Country name as stored, or "all". */
  country: string;
  text: string;
}

export const NO_FILTER: TokenFilter = { kind: "all", country: "all", text: "" };

interface Answer {
  filter: TokenFilter;
  words: string[];
  now: number;
  /** Indices into the list, in the order shown. */
  hits: number[];
}

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether every token matching `next` also matched `last`: the same or a narrower kind and
 * country, and each word searched before is part of a word searched now ("cit" of "city").
 */
const narrows = (last: Answer, next: TokenFilter, nextWords: string[]) =>
  (last.filter.kind === "all" || last.filter.kind === next.kind) &&
  (last.filter.country === "all" || last.filter.country === next.country) &&
  last.words.every((word) => nextWords.some((nextWord) => nextWord.includes(word)));

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

export class TokenSearch {
  private texts: string[] | null = null;
  private shown: { now: number; order: number[] } | null = null;
  private last: Answer | null = null;

  constructor(private readonly tokens: readonly StoredToken[]) {}

  /** Builds the search texts ahead of the first keystroke. */
  prepare(): void {
    this.searchTexts();
  }

  /**
   * The tokens matching the filter, unexpired first (each group in the stored order): every
   * word of the search must occur somewhere in the token (id, name, address, place…).
   */
  find(filter: TokenFilter, now: number): StoredToken[] {
    const words = wordsOf(filter.text);
    const last = this.last;
    const from =
      last && last.now === now && narrows(last, filter, words) ? last.hits : this.order(now);
    const texts = words.length > 0 ? this.searchTexts() : [];
    const hits = from.filter((i) => {
      const t = this.tokens[i] as StoredToken;
      if (filter.kind !== "all" && t.kind !== filter.kind) return false;
      if (filter.country !== "all" && t.country !== filter.country) return false;
      const text = texts[i] ?? "";
      for (const word of words) if (!text.includes(word)) return false;
      return true;
    });
    this.last = { filter, words, now, hits };
    return hits.map((i) => this.tokens[i] as StoredToken);
  }

  private searchTexts(): string[] {
    this.texts ??= this.tokens.map(searchText);
    return this.texts;
  }

  /** Indices of the unexpired tokens, then of the expired ones: these cannot be used. */
  private order(now: number): number[] {
    if (this.shown?.now !== now) {
      const live: number[] = [];
      const expired: number[] = [];
      this.tokens.forEach((t, i) => {
        (isExpired(t, now) ? expired : live).push(i);
      });
      this.shown = { now, order: live.concat(expired) };
    }
    return this.shown.order;
  }
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

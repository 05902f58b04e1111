/**
 * A setup brought from another proxy extension (FoxyProxy, SwitchyOmega/ZeroOmega), read into
 * what Proxy Deck can hold: proxies (to be added as lines, the way "Add proxies" adds them),
 * site rules in the source's order, bypass entries, and what cannot come over with its reason.
 * Pure: nothing here reads or writes storage.
 */
import type { RuleSource } from "../routing/rules";

export type ForeignFormat = "foxyproxy" | "omega";

export interface ForeignProxy {
  /** The source's own name for it (FoxyProxy's title, Omega's profile name). */
  name: string;
  host: string;
  port: number;
  type: "http" | "socks5";
  username: string;
  password: string;
}

/** Where a rule sends traffic: one of the file's proxies (by index), direct, or nowhere. */
export type ForeignRoute =
  | { kind: "proxy"; proxy: number }
  | { kind: "direct" }
  | { kind: "block" };

export interface ForeignRule {
  /** What the source called it (the pattern as written, or the proxy / profile it came from). */
  from: string;
  source: RuleSource;
  route: ForeignRoute;
  enabled: boolean;
}

/** Why something cannot come over; `detail` says which. */
export type SkipWhy =
  | "no-login"
  | "odd-login"
  | "proxy-type"
  | "per-scheme"
  | "bad-address"
  | "pattern"
  | "condition"
  | "never-matches"
  | "nested"
  | "list-lines"
  | "list-url"
  | "bypass-entry"
  | "no-proxy"
  | "mode-off"
  | "unused";

export interface Skipped {
  /** The item as the source names it. */
  what: string;
  why: SkipWhy;
  detail?: string;
}

export interface ForeignImport {
  format: ForeignFormat;
  proxies: ForeignProxy[];
  rules: ForeignRule[];
  /** Entries for Proxy Deck's bypass list (Settings), Chrome's bypass syntax. */
  bypass: string[];
  skipped: Skipped[];
  /** Where the source sent what no rule matched (Proxy Deck sends it where the user connects). */
  rest: ForeignRoute | null;
}

/** Beyond these a file is not a setup a person made: refused whole. */
export const MAX_FOREIGN_BYTES = 5 * 1024 * 1024;
export const MAX_FOREIGN_PROXIES = 1_000;
export const MAX_FOREIGN_PATTERNS = 10_000;

/** `s`, escaped for use inside a regular expression. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Why a whole file is refused (nothing is written). */
export type ForeignProblem =
  | { kind: "damaged"; format: ForeignFormat; where: string }
  | { kind: "too-many"; format: ForeignFormat };

export type ForeignRead =
  | { ok: true; setup: ForeignImport }
  | { ok: false; problem: ForeignProblem };

/** What an applied import did (the background's reply). */
export interface ForeignImportSummary {
  proxiesAdded: number;
  proxiesHeld: number;
  proxiesRefused: number;
  rulesAdded: number;
  /** Rules the same as one stored already (an import run twice). */
  rulesHeld: number;
  bypassAdded: number;
}

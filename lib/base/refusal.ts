/**
 * Why the gate refused a value (setting-check.ts, rule-check.ts): codes, not sentences, so
 * each page words them in its own language (lib/i18n), with the offending text as detail.
 */
export const REFUSAL_CODES = [
  /** A bypass entry Chrome would reject: one such entry stops the whole proxy setting. */
  "bypass-entry",
  /** A value of the wrong kind or out of range. */
  "setting-value",
  /** A provider address the address rules refuse (plain http, credentials in it…). */
  "address",
  /** A site rule whose pattern (or list line) does not parse: it would route nothing. */
  "rule-pattern",
  /** A rule list kept by an address lists may not come from (plain http elsewhere). */
  "list-address",
  /** A token name too long, or holding control characters (look-check.ts). */
  "token-name",
  /** A token colour not in the palette. */
  "token-colour",
  /** A new site rule, with this browser's list full (MAX_RULES of the user's own). */
  "rules-full",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface Refusal {
  code: RefusalCode;
  /** The refused text, cut short for display. */
  detail?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const refused = (code: RefusalCode, detail?: unknown): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: typeof detail === "string" ? { code, detail: detail.slice(0, 100) } : { code },
});

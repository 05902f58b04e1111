/**
 * The account records as labelled facts in the page's language (pure). The spec shows neither
 * record's fields; the known ones are those the provider answers with (the sandbox's, written
 * down in tests/sandbox/README.md), which carry the quotas the spec names: monthly requests,
 * proxy traffic in GB and proxy IPs held. Each known field is checked before it is worded; one
 * that fails its check, and any field we do not know, is shown under its own name with its
 * value as plain text (objects as a nested table), so nothing a server sends breaks the page.
 */
import * as z from "zod/mini";
import { isRecord } from "../base/is-record";
import type { AccountKey, AccountT } from "../i18n/account-strings";
import { planFromAccount } from "../state/account-plan";
import { humanKey, unwrapEnvelope } from "./kv-table";

export type AccountFact =
  | { field: string; label: string; text: string }
  | { field: string; label: string; nested: unknown };

interface Words {
  t: AccountT;
  locale: string;
  /** The whole record: a balance reads its currency from beside it. */
  record: Record<string, unknown>;
}

const usageSchema = z.object({ used: z.number(), limit: z.nullable(z.number()) });
const rateSchema = z.object({ requests_per_minute: z.nullable(z.number()) });
const textSchema = z.string().check(z.minLength(1));
const amountSchema = z.union([z.number(), z.string().check(z.regex(/^\s*-?\d+(\.\d+)?\s*$/))]);

/** Known fields in the order shown, each with its check and its words. */
const KNOWN: {
  field: string;
  schema: z.ZodMiniType;
  words: (value: never, w: Words) => string | null;
}[] = [
  { field: "username", schema: textSchema, words: (v: string) => v },
  { field: "email", schema: textSchema, words: (v: string) => v },
  { field: "plan", schema: textSchema, words: planWords },
  { field: "status", schema: textSchema, words: statusWords },
  { field: "balance", schema: amountSchema, words: balanceWords },
  { field: "currency", schema: textSchema, words: (v: string) => v },
  { field: "created_at", schema: textSchema, words: dateOrNull },
  { field: "period_start", schema: textSchema, words: dateOrNull },
  { field: "period_end", schema: textSchema, words: dateOrNull },
  { field: "requests", schema: usageSchema, words: (v, w) => usageWords(v, w, count(w)) },
  { field: "traffic_gb", schema: usageSchema, words: (v, w) => usageWords(v, w, gigabytes(w)) },
  { field: "proxy_ips", schema: usageSchema, words: (v, w) => usageWords(v, w, count(w)) },
  { field: "rate_limit", schema: rateSchema, words: rateWords },
];

export const KNOWN_ACCOUNT_FIELDS: readonly string[] = KNOWN.map((known) => known.field);
/** Fields beyond this many are counted, not shown (a server could send thousands). */
export const MAX_FACTS = 100;

/** Every field of `value` (an account record, with or without its envelope) as a fact. */
export function accountFacts(
  value: unknown,
  t: AccountT,
  locale: string,
): { facts: AccountFact[]; more: number } {
  const record = unwrapEnvelope(value);
  if (!isRecord(record)) return { facts: [], more: 0 };
  const w: Words = { t, locale, record };
  const facts: AccountFact[] = [];
  for (const known of KNOWN) {
    if (!(known.field in record)) continue;
    // The balance says its currency: the currency is not repeated on a line of its own.
    if (known.field === "currency" && balanceWithCurrency(w) !== null) continue;
    const label = t(`account.field.${known.field}` as AccountKey);
    const parsed = known.schema.safeParse(record[known.field]);
    const text = parsed.success ? known.words(parsed.data as never, w) : null;
    facts.push(
      text === null
        ? other(known.field, label, record[known.field], w)
        : { field: known.field, label, text },
    );
  }
  const rest = Object.keys(record).filter((key) => !KNOWN_ACCOUNT_FIELDS.includes(key));
  for (const key of rest.slice(0, Math.max(0, MAX_FACTS - facts.length))) {
    facts.push(other(key, humanKey(key), record[key], w));
  }
  return { facts, more: Object.keys(record).length - facts.length - skipped(w) };
}

/** The currency line folded into the balance (1) or not (0), for the count of unshown fields. */
const skipped = (w: Words) => ("currency" in w.record && balanceWithCurrency(w) !== null ? 1 : 0);

/** A field we cannot word: its value as text, an object as a nested table. */
function other(field: string, label: string, value: unknown, w: Words): AccountFact {
  if (value !== null && typeof value === "object") return { field, label, nested: value };
  return { field, label, text: plainWords(value, w) };
}

export function plainWords(value: unknown, w: Pick<Words, "t" | "locale">): string {
  if (typeof value === "boolean") return w.t(value ? "account.yes" : "account.no");
  if (typeof value === "number" && Number.isFinite(value)) return count(w)(value);
  if (typeof value !== "string" || value.trim() === "") return w.t("account.none");
  // An ISO 8601 instant from a field we do not know is still a date to a person.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return dateOrNull(value, w) ?? value;
  return value;
}

const count = (w: Pick<Words, "locale">) => (n: number) =>
  new Intl.NumberFormat(w.locale, { maximumFractionDigits: 2 }).format(n);

/** Small amounts keep their first figures ("0.000123 GB"), not "0 GB". */
const gigabytes = (w: Pick<Words, "locale">) => (n: number) =>
  new Intl.NumberFormat(w.locale, {
    style: "unit",
    unit: "gigabyte",
    ...(Math.abs(n) < 1 && n !== 0
      ? { maximumSignificantDigits: 3 }
      : { maximumFractionDigits: 2 }),
  }).format(n);

function usageWords(
  usage: { used: number; limit: number | null },
  w: Words,
  format: (n: number) => string,
): string {
  const used = format(usage.used);
  return usage.limit === null
    ? w.t("account.usedNoLimit", { used })
    : w.t("account.usedOf", { used, limit: format(usage.limit) });
}

function rateWords(rate: { requests_per_minute: number | null }, w: Words): string {
  const perMinute = rate.requests_per_minute;
  if (perMinute === null) return w.t("account.noLimit");
  // The plural form follows the number; the figure is written in the page's own digits.
  return w
    .t("account.perMinute", { count: perMinute })
    .replace(String(perMinute), count(w)(perMinute));
}

function planWords(plan: string, w: Words): string {
  const known = planFromAccount({ plan });
  return known === null ? plan : w.t(`account.plan.${known}`);
}

const STATUSES = ["active", "suspended", "disabled", "expired"];
function statusWords(status: string, w: Words): string {
  const name = status.trim().toLowerCase();
  return STATUSES.includes(name) ? w.t(`account.status.${name}` as AccountKey) : status;
}

function balanceWords(amount: number | string, w: Words): string {
  return balanceWithCurrency(w) ?? count(w)(Number(amount));
}

/** "US$100.00" from a balance and its ISO 4217 currency; null without a usable pair. */
function balanceWithCurrency(w: Words): string | null {
  const amount = amountSchema.safeParse(w.record.balance);
  const currency = w.record.currency;
  if (!amount.success || typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency.trim()))
    return null;
  try {
    return new Intl.NumberFormat(w.locale, {
      style: "currency",
      currency: currency.trim().toUpperCase(),
    }).format(Number(amount.data));
  } catch {
    // Not a currency code Intl knows: the amount is shown as the provider wrote it.
    return null;
  }
}

/**
 * A date as a person writes it. Midnight UTC is a calendar day (a quota period's bounds, an
 * account's opening), shown as that day everywhere; any other instant in local date and time.
 */
export function dateOrNull(value: string, w: Pick<Words, "locale">): string | null {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) return null;
  const midnight = at.getTime() % 86_400_000 === 0;
  return new Intl.DateTimeFormat(
    w.locale,
    midnight ? { dateStyle: "long", timeZone: "UTC" } : { dateStyle: "long", timeStyle: "short" },
  ).format(at);
}

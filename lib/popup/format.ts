/** Pure display helpers for the popup: flags, relative times, traffic amounts. */
import type { Language } from "../i18n";
import type { StoredToken } from "../state/tokens";

/** 🇺🇸 from "US"; "" for anything that is not two ASCII letters. */
export function flagEmoji(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return "";
  const base = 0x1f1e6 - 65; // REGIONAL INDICATOR SYMBOL LETTER A minus "A"
  return String.fromCodePoint(base + code.charCodeAt(0), base + code.charCodeAt(1));
}

const DAY = 24 * 3600_000;

/** Unit, its length, and from when on it is used: "in 45 days" says more than "next month". */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ["year", 365 * DAY, 365 * DAY],
  ["month", 30 * DAY, 60 * DAY],
  ["day", DAY, DAY],
  ["hour", 3600_000, 3600_000],
  ["minute", 60_000, 60_000],
  ["second", 1000, 1000],
];

const locale = (language: Language) => (language === "zh_CN" ? "zh-CN" : "en");

/**
 * "in 3 days", "2 hours ago", "3天后": the largest unit that fits, rounded to the nearest (a
 * 7-day plan bought a minute ago reads "in 7 days", not "in 6 days"). The exact date goes in
 * a tooltip beside it (formatDateTime).
 */
// Made once per language: building an Intl formatter costs more than a row's whole render.
const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

export function relativeTime(at: number, now: number, language: Language): string {
  const delta = at - now;
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale(language), { numeric: "auto" });
    relativeFormats.set(language, format);
  }
  for (const [unit, size, from] of UNITS) {
    // "+ 0" turns Math.round's -0 into 0: "in 0 days" has no sign to show.
    if (Math.abs(delta) >= from) return format.format(Math.round(delta / size) + 0, unit);
  }
  return format.format(0, "second");
}

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar date and time in the UI language, e.g. "Jul 3, 2026, 14:05". */
export function formatDateTime(at: number, language: Language): string {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeStyle: "short" });
    dateTimeFormats.set(language, format);
  }
  return format.format(at);
}

export type Expiry =
  | { state: "none" }
  | { state: "expired"; at: number }
  | { state: "active"; at: number };

export function expiryOf(token: Pick<StoredToken, "expiresAt">, now: number): Expiry {
  if (token.expiresAt === null) return { state: "none" };
  return token.expiresAt <= now
    ? { state: "expired", at: token.expiresAt }
    : { state: "active", at: token.expiresAt };
}

/** Bytes in binary units: "1.50 MiB". */
export function formatBytes(value: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let amount = Math.max(0, value);
  let unit = 0;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit++;
  }
  const digits = unit === 0 || amount >= 100 ? 0 : amount >= 10 ? 1 : 2;
  return `${amount.toFixed(digits)} ${units[unit]}`;
}

export interface Traffic {
  used: number;
  quota: number;
  /** 0–1, clamped. */
  share: number;
  exhausted: boolean;
}

export type TrafficUnit = "unstated" | "bytes" | "GB";

/**
 * An amount of traffic in the unit the user set: the spec does not state one, so "unstated"
 * shows the number as it came ("1,048,576"), "bytes" in binary units, "GB" as gigabytes (the
 * unit of the account's traffic quota).
 */
export function formatTraffic(value: number, unit: TrafficUnit, language: Language): string {
  const amount = Math.max(0, value);
  if (unit === "bytes") return formatBytes(amount);
  const number = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 });
  return unit === "GB" ? `${number.format(amount)} GB` : number.format(amount);
}

/** Used/quota of a traffic-billed dynamic token; null when the token reports none. */
export function trafficOf(
  token: Pick<StoredToken, "kind" | "trafficQuota" | "trafficUsed">,
): Traffic | null {
  if (token.kind !== "dynamic-traffic" || token.trafficQuota === null) return null;
  const used = Math.max(0, token.trafficUsed ?? 0);
  const quota = token.trafficQuota;
  const share = quota > 0 ? Math.min(1, used / quota) : 1;
  return { used, quota, share, exhausted: quota <= 0 || used >= quota };
}

/** "United States · California · Los Angeles", skipping empty parts. */
export const placeOf = (token: Pick<StoredToken, "country" | "state" | "city">) =>
  [token.country, token.state, token.city].filter((part) => part.trim() !== "").join(" · ");

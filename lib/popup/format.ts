/** Pure display helpers for the popup: expiry, traffic amounts (flags: lib/i18n/flag.ts). */
import type { Language } from "../i18n";
import { locale } from "../i18n/time";
import { isExpired } from "../state/token-facts";
import type { StoredToken } from "../state/tokens";

export type Expiry =
  | { state: "none" }
  | { state: "expired"; at: number }
  | { state: "active"; at: number };

export function expiryOf(token: Pick<StoredToken, "expiresAt">, now: number): Expiry {
  if (token.expiresAt === null) return { state: "none" };
  return isExpired(token, now)
    ? { state: "expired", at: token.expiresAt }
    : { state: "active", at: token.expiresAt };
}

/** Bytes in binary units, the number in the language's way: "1.50 MiB", "1,50 MiB". */
export function formatBytes(value: number, language: Language = "en"): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let amount = Math.max(0, value);
  let unit = 0;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit++;
  }
  const digits = unit === 0 || amount >= 100 ? 0 : amount >= 10 ? 1 : 2;
  const number = amount.toLocaleString(locale(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return `${number} ${units[unit]}`;
}

export interface Traffic {
  used: number;
  quota: number;
  /** 0–1, clamped. */
  share: number;
  exhausted: boolean;
}

export type TrafficUnit = "unstated" | "bytes" | "GB";

// Made once per language: building an Intl formatter costs more than a row's whole render.
const numberFormats = new Map<Language, Intl.NumberFormat>();

function numberFormatOf(language: Language): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  return format;
}

/**
 * An amount of traffic in the unit the user set: the spec does not state one, so "unstated"
 * shows the number as it came ("1,048,576"), "bytes" in binary units, "GB" as gigabytes (the
 * unit of the account's traffic quota).
 */
export function formatTraffic(value: number, unit: TrafficUnit, language: Language): string {
  const amount = Math.max(0, value);
  if (unit === "bytes") return formatBytes(amount, language);
  const number = numberFormatOf(language);
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

// Times are worded in lib/i18n/time.ts: the background words them too (badge, notifications).
export { formatDateTime, relativeTime } from "../i18n/time";

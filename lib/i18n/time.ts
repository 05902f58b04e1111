/** Times in the user's language: "in 3 days", "Jul 3, 2026, 14:05" (pure). */
import { intlLocale, type Language } from "../base/languages";

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

export const locale = intlLocale;

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

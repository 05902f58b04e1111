/** The settings form's text fields turned into settings, and back (pure). */
import type { Settings } from "../state/settings";

/** One rule per line; blank lines and surrounding spaces dropped, duplicates kept once. */
export function parseBypassList(text: string): string[] {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return [...new Set(rules)];
}

export const formatBypassList = (rules: readonly string[]): string => rules.join("\n");

export type BypassProblem = { line: number; rule: string };

/** Rules Chrome would reject: spaces inside a rule, or characters no host pattern contains. */
export function invalidBypassRules(rules: readonly string[]): BypassProblem[] {
  const problems: BypassProblem[] = [];
  rules.forEach((rule, index) => {
    if (/\s/.test(rule) || !/^[\w.*:/<>[\]\-+%]+$/.test(rule)) {
      problems.push({ line: index + 1, rule });
    }
  });
  return problems;
}

export type MinutesResult =
  | { ok: true; minutes: number }
  | { ok: false; problem: "not-a-number" | "negative" | "too-short" | "too-long" };

/** Chrome's alarms fire at most every 30 s; a day is the longest interval worth offering. */
export const MIN_REFRESH_MINUTES = 0.5;
export const MAX_REFRESH_MINUTES = 1440;

export function parseRefreshMinutes(text: string): MinutesResult {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "" || !/^\d*\.?\d+$|^\d+\.$/.test(trimmed.replace(/^-/, ""))) {
    return { ok: false, problem: "not-a-number" };
  }
  const minutes = Number(trimmed);
  if (!Number.isFinite(minutes)) return { ok: false, problem: "not-a-number" };
  if (minutes < 0) return { ok: false, problem: "negative" };
  if (minutes > 0 && minutes < MIN_REFRESH_MINUTES) return { ok: false, problem: "too-short" };
  if (minutes > MAX_REFRESH_MINUTES) return { ok: false, problem: "too-long" };
  return { ok: true, minutes };
}

/** Days before expiry a token is marked and notified: a whole number 0–365 (0: never). */
export function parseWarnDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days <= 365 ? days : null;
}

export const PLANS: readonly Settings["plan"][] = ["free", "basic", "professional", "enterprise"];
export const LANGUAGES: readonly Settings["language"][] = ["auto", "en", "zh_CN"];
export const TRAFFIC_UNITS: readonly Settings["trafficUnit"][] = ["unstated", "bytes", "GB"];

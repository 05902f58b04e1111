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

// The check lives with the settings' other checks (the gate every door goes through).
export { type BypassProblem, invalidBypassRules } from "../base/bypass-rules";

export type MinutesResult =
  | { ok: true; minutes: number }
  | { ok: false; problem: "not-a-number" | "negative" | "too-short" | "too-long" };

export { MAX_REFRESH_MINUTES, MIN_REFRESH_MINUTES } from "../state/setting-check";

import { MAX_REFRESH_MINUTES, MIN_REFRESH_MINUTES } from "../state/setting-check";

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
export const TRAFFIC_UNITS: readonly Settings["trafficUnit"][] = ["unstated", "bytes", "GB"];

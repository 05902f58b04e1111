/**
 * The popup's health marks (pure): the stored results read with shape checks instead of a
 * schema library (like stored.ts: the popup loads no zod), and each token's mark: its latency
 * when it works, a word or two when not, the full sentence for its title.
 * Loaded with the popup's health chunk, after the first rows.
 */
import { isRecord } from "../base/is-record";
import type { HealthOutcome, HealthResults, HealthRun, TokenHealth } from "../health/health";
import type { HealthT } from "../i18n/health-strings";
import { gatewayUser, outcomeMark, outcomeSentence } from "../i18n/health-words";

export interface HealthMark {
  /** "42 ms", "login refused". */
  text: string;
  /** The full sentence. */
  title: string;
  /** Works, does not work, or was not checked. */
  tone: "ok" | "bad" | "skipped";
}

const text = (v: unknown) => typeof v === "string";
const number = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function isOutcome(v: unknown): v is HealthOutcome {
  if (!isRecord(v)) return false;
  switch (v.kind) {
    case "ok":
      return number(v.latencyMs) && (v.exitIp === null || text(v.exitIp));
    case "login-refused":
      return true;
    case "unreachable":
    case "failed":
      return text(v.error);
    case "timeout":
      return number(v.afterMs);
    case "not-checked":
      return v.why === "socks-in-chrome" || v.why === "gateway-in-use";
    default:
      return false;
  }
}

/** The stored results text (one JSON string); an entry of another shape is left out. */
export function readResults(raw: unknown): HealthResults {
  let parsed: unknown = raw;
  if (typeof raw === "string") {
    try {
      parsed = JSON.parse(raw);
    } catch {
      // Unreadable results show as not checked, as the stored item's own check reads them.
      return {};
    }
  }
  const results: HealthResults = {};
  if (!isRecord(parsed)) return results;
  for (const [id, entry] of Object.entries(parsed)) {
    if (isRecord(entry) && number(entry.at) && isOutcome(entry.outcome)) {
      results[id] = entry as TokenHealth;
    }
  }
  return results;
}

/** The run's progress, or null when there is none (or it has another shape). */
export function readRun(raw: unknown): HealthRun | null {
  if (!isRecord(raw)) return null;
  const { total, done, state, startedAt } = raw;
  if (!number(total) || !number(done) || !number(startedAt)) return null;
  if (state !== "running" && state !== "done" && state !== "cancelled" && state !== "stopped") {
    return null;
  }
  const worker = typeof raw.worker === "string" ? raw.worker : "";
  const waitingUntil = number(raw.waitingUntil) ? raw.waitingUntil : null;
  return { worker, startedAt, total, done, state, waitingUntil };
}

/** Each listed token's mark, by id: only tokens with a result have one. */
export function healthMarks(
  tokens: readonly { id: number; host: string; port: number }[],
  results: HealthResults,
  owners: Readonly<Record<string, number>>,
  t: HealthT,
): Map<number, HealthMark> {
  const marks = new Map<number, HealthMark>();
  for (const token of tokens) {
    const outcome = results[token.id]?.outcome;
    if (!outcome) continue;
    const user = outcome.kind === "not-checked" ? gatewayUser(token, owners) : null;
    marks.set(token.id, {
      text: outcomeMark(outcome, t),
      title: outcomeSentence(outcome, t, user),
      tone: outcome.kind === "ok" ? "ok" : outcome.kind === "not-checked" ? "skipped" : "bad",
    });
  }
  return marks;
}

/** The run's slim line in the popup: "3 of 40 checked" while it runs. */
export function runningLine(run: HealthRun | null, t: HealthT): string | null {
  return run?.state === "running"
    ? t("health.progress", { done: run.done, total: run.total })
    : null;
}

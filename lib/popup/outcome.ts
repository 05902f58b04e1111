/** Turning replies into what the popup says (pure). Loaded on demand, with its own words. */

import { type Failure, fixedInOptions } from "../base/failure";
import { type Language, translateOf } from "../i18n";
import { outcomeStrings } from "../i18n/outcome-strings";
import type { BatchOutcome } from "../protocol/commands";

/** A failure as a sentence in the page's language (the popup's language pack). */
export type Explain = (failure: Failure) => string;

const words = translateOf(outcomeStrings);
/** The outcome's words in the popup's language. */
export type OutcomeT = ReturnType<typeof words>;
export const outcomeWords = (language: Language): OutcomeT => words(language);

export interface Notice {
  tone: "ok" | "error";
  lines: string[];
  /** Per-id failures, one line each. */
  items: string[];
  /** Ids an "Undo" (restore) would bring back. */
  undoIds?: number[];
  /** The failure is fixed in Options: the notice links there. */
  optionsLink?: boolean;
}

function batchNotice(
  outcome: BatchOutcome,
  t: OutcomeT,
  explain: Explain,
  keys: { done: "deletedSome" | "restoredSome"; failed: "deleteFailedSome" | "restoreFailedSome" },
): Notice {
  const lines: string[] = [];
  if (outcome.done.length > 0) lines.push(t(keys.done, { count: outcome.done.length }));
  if (outcome.failed.length > 0) lines.push(t(keys.failed, { count: outcome.failed.length }));
  return {
    tone: outcome.failed.length > 0 ? "error" : "ok",
    lines,
    items: outcome.failed.map((f) => t("failedItem", { id: f.id, reason: explain(f.failure) })),
  };
}

export function deleteNotice(outcome: BatchOutcome, t: OutcomeT, explain: Explain): Notice {
  const notice = batchNotice(outcome, t, explain, {
    done: "deletedSome",
    failed: "deleteFailedSome",
  });
  // No undo for what the provider said cannot come back.
  const gone = new Set(outcome.unrestorable ?? []);
  const undoIds = outcome.done.filter((id) => !gone.has(id));
  const lines =
    gone.size > 0 ? [...notice.lines, t("deletedForGood", { count: gone.size })] : notice.lines;
  return undoIds.length > 0 ? { ...notice, lines, undoIds } : { ...notice, lines };
}

export const restoreNotice = (outcome: BatchOutcome, t: OutcomeT, explain: Explain): Notice =>
  batchNotice(outcome, t, explain, { done: "restoredSome", failed: "restoreFailedSome" });

export const errorNotice = (failure: Failure, explain: Explain): Notice => ({
  tone: "error",
  lines: [explain(failure)],
  items: [],
  optionsLink: fixedInOptions(failure),
});

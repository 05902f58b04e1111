/** Turning replies into what the popup says (pure). */
import type { Language } from "../i18n";
import { describeFailure } from "../i18n/failure-strings";
import type { PopupT } from "../i18n/popup-strings";
import type { BatchOutcome } from "../protocol/commands";
import { type Failure, fixedInOptions } from "../protocol/failure";

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
  t: PopupT,
  language: Language,
  keys: { done: "deletedSome" | "restoredSome"; failed: "deleteFailedSome" | "restoreFailedSome" },
): Notice {
  const lines: string[] = [];
  if (outcome.done.length > 0) lines.push(t(keys.done, { count: outcome.done.length }));
  if (outcome.failed.length > 0) lines.push(t(keys.failed, { count: outcome.failed.length }));
  return {
    tone: outcome.failed.length > 0 ? "error" : "ok",
    lines,
    items: outcome.failed.map((f) =>
      t("failedItem", { id: f.id, reason: describeFailure(f.failure, language) }),
    ),
  };
}

export function deleteNotice(outcome: BatchOutcome, t: PopupT, language: Language): Notice {
  const notice = batchNotice(outcome, t, language, {
    done: "deletedSome",
    failed: "deleteFailedSome",
  });
  return outcome.done.length > 0 ? { ...notice, undoIds: outcome.done } : notice;
}

export const restoreNotice = (outcome: BatchOutcome, t: PopupT, language: Language): Notice =>
  batchNotice(outcome, t, language, { done: "restoredSome", failed: "restoreFailedSome" });

export const errorNotice = (failure: Failure, language: Language): Notice => ({
  tone: "error",
  lines: [describeFailure(failure, language)],
  items: [],
  optionsLink: fixedInOptions(failure),
});

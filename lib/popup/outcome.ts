/** Turning replies into what the popup says (pure). */
import type { PopupT } from "../i18n/popup-strings";

export interface BatchOutcome {
  done: number[];
  failed: { id: number; reason: string }[];
}

export interface Notice {
  tone: "ok" | "error";
  lines: string[];
  /** Per-id failures, one line each. */
  items: string[];
  /** Ids an "Undo" (restore) would bring back. */
  undoIds?: number[];
}

/** Sentences from the background that send the user to Options get a link there. */
export const mentionsOptions = (message: string) => /\bOptions\b|设置/.test(message);

export function deleteNotice(outcome: BatchOutcome, t: PopupT): Notice {
  const lines: string[] = [];
  if (outcome.done.length > 0) lines.push(t("deletedSome", { count: outcome.done.length }));
  if (outcome.failed.length > 0)
    lines.push(t("deleteFailedSome", { count: outcome.failed.length }));
  return {
    tone: outcome.failed.length > 0 ? "error" : "ok",
    lines,
    items: outcome.failed.map((f) => t("failedItem", { id: f.id, reason: f.reason })),
    undoIds: outcome.done.length > 0 ? outcome.done : undefined,
  };
}

export function restoreNotice(outcome: BatchOutcome, t: PopupT): Notice {
  const lines: string[] = [];
  if (outcome.done.length > 0) lines.push(t("restoredSome", { count: outcome.done.length }));
  if (outcome.failed.length > 0)
    lines.push(t("restoreFailedSome", { count: outcome.failed.length }));
  return {
    tone: outcome.failed.length > 0 ? "error" : "ok",
    lines,
    items: outcome.failed.map((f) => t("failedItem", { id: f.id, reason: f.reason })),
  };
}

export const errorNotice = (message: string): Notice => ({
  tone: "error",
  lines: [message],
  items: [],
});

/** A reply's data checked loosely: the background is ours, but a page must never crash. */
export function asBatchOutcome(data: unknown): BatchOutcome {
  const value = (data ?? {}) as Partial<BatchOutcome>;
  return {
    done: Array.isArray(value.done) ? value.done : [],
    failed: Array.isArray(value.failed) ? value.failed : [],
  };
}

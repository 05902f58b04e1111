/**
 * What one fetch of a subscribed list means for the rule (pure): its problem, the validators
 * to send next time, and its new lines when they changed and can be used (fetched-list.ts).
 */
import { judgeList } from "./fetched-list";
import type { SubscriptionProblem } from "./status";

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type ListFetch =
  | { kind: "unchanged"; validators: Validators }
  | { kind: "text"; text: string; contentType: string; validators: Validators }
  | { kind: "failed"; reason: SubscriptionProblem; detail?: string };

export const problemText = (problem: { reason: string; detail?: string }) =>
  problem.detail ? `${problem.reason} (${problem.detail})` : problem.reason;

/** The rule's state after `fetched`, and its new lines when they changed. */
export function outcomeOf(
  rule: { source: { lines: readonly string[] } },
  fetched: ListFetch,
  at: number,
) {
  if (fetched.kind === "failed") {
    const problem = {
      at,
      reason: fetched.reason,
      ...(fetched.detail ? { detail: fetched.detail } : {}),
    };
    return { problem, validators: null, lines: null } as const;
  }
  if (fetched.kind === "unchanged")
    return { problem: null, validators: fetched.validators, lines: null } as const;
  const verdict = judgeList(fetched.text, fetched.contentType, rule.source.lines);
  if (!verdict.ok) {
    const detail = verdict.reason === "unusable" ? verdict.detail : undefined;
    return {
      problem: { at, reason: verdict.reason, ...(detail ? { detail } : {}) },
      validators: null,
      lines: null,
    } as const;
  }
  return { problem: null, validators: fetched.validators, lines: verdict } as const;
}

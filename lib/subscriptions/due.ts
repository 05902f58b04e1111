/**
 * Which subscribed lists to fetch now (pure): never fetched (just added, or arrived by sync or
 * policy), or last checked longer ago than the user's interval. A failed try is tried again
 * within the hour, not a day later; one a stopped worker cut off, at once.
 */
import type { SiteRule, Subscription } from "../routing/rules";
import type { SubscriptionStatus } from "./status";

export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

export type SubscribedRule = SiteRule & {
  source: { type: "list"; subscription: Subscription };
};

export const isSubscribed = (rule: SiteRule): rule is SubscribedRule =>
  rule.source.type === "list" && rule.source.subscription !== undefined;

export function dueSubscriptions(
  rules: readonly SiteRule[],
  status: SubscriptionStatus,
  now: number,
): SubscribedRule[] {
  return rules.filter(isSubscribed).filter((rule) => {
    if (!rule.enabled) return false;
    const { url, everyHours } = rule.source.subscription;
    const state = status[rule.id];
    if (!state || state.url !== url || state.checkedAt === undefined) return true;
    // Begun and never ended: a stopped worker cut it off (a running one is joined, not redone).
    if (state.startedAt !== undefined && state.startedAt > state.checkedAt) return true;
    const wait = state.problem
      ? Math.min(RETRY_AFTER_FAILURE_MS, everyHours * 3_600_000)
      : everyHours * 3_600_000;
    return now - state.checkedAt >= wait;
  });
}

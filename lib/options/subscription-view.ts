/**
 * A subscribed list's state in words (pure): when it was checked, whether the copy in force is
 * the newest or kept after a failure (when, why), its last change, and how it is fetched.
 */
import type { Language } from "../i18n";
import type { SubscriptionT } from "../i18n/subscription-strings";
import { relativeTime } from "../i18n/time";
import type { Subscription } from "../routing/rules";
import type { SubscriptionState } from "../subscriptions/status";

/** An update takes at most the fetch's timeout (30 s); one begun longer ago was cut off. */
export const UPDATE_CUT_OFF_MS = 45_000;

export const UPDATE_CHOICES = [6, 12, 24, 72, 168] as const;

export function everyText(hours: number, t: SubscriptionT): string {
  if (hours === 24) return t("sub.everyDay");
  return hours % 24 === 0
    ? t("sub.everyDays", { count: hours / 24 })
    : t("sub.everyHours", { count: hours });
}

type Problem = NonNullable<SubscriptionState["problem"]>;

export function problemText(problem: Pick<Problem, "reason" | "detail">, t: SubscriptionT) {
  return t(`sub.problem.${problem.reason}`, { detail: problem.detail ?? "" });
}

export interface SubscriptionLines {
  status: string;
  tone: "ok" | "busy" | "warn";
  /** The last change, the lines left out, how and how often it is fetched. */
  details: string[];
}

export function subscriptionLines(
  subscription: Subscription,
  state: SubscriptionState | undefined,
  now: number,
  language: Language,
  t: SubscriptionT,
  chrome: boolean,
  /** An off rule is not fetched (due.ts). */
  enabled = true,
): SubscriptionLines {
  const when = (at: number) => relativeTime(at, now, language);
  const own = state?.url === subscription.url ? state : undefined;
  const via =
    subscription.via.kind === "token"
      ? t("sub.howToken", { id: subscription.via.tokenId })
      : t(chrome ? "sub.howBrowser" : "sub.howDirect");
  const details = [t("sub.how", { every: everyText(subscription.everyHours, t), via })];
  if (own?.change) details.unshift(t("sub.change", { when: when(own.change.at), ...own.change }));
  if (own?.rejected) details.push(t("sub.rejected", { count: own.rejected }));
  const started = own?.startedAt;
  const running = started !== undefined && (own?.checkedAt ?? 0) < started;
  if (running && now - started < UPDATE_CUT_OFF_MS) {
    return { status: t("sub.updating"), tone: "busy", details };
  }
  const fetched = own?.fetchedAt;
  if (fetched === undefined) {
    const problem = own?.problem;
    const status = problem
      ? t("sub.neverFailed", { problem: problemText(problem, t), when: when(problem.at) })
      : t(enabled ? "sub.never" : "sub.off");
    return { status, tone: "warn", details };
  }
  if (running) {
    return {
      status: t("sub.cutOff", { when: when(started), fetched: when(fetched) }),
      tone: "warn",
      details,
    };
  }
  if (own?.problem) {
    const { problem } = own;
    const status = t("sub.failed", {
      when: when(problem.at),
      problem: problemText(problem, t),
      fetched: when(fetched),
    });
    return { status, tone: "warn", details };
  }
  const checked = own?.checkedAt ?? fetched;
  return {
    status: t("sub.checked", { when: when(checked), fetched: when(fetched) }),
    tone: "ok",
    details,
  };
}

/**
 * A subscribed list's row: where it comes from, how its last update went (the copy in force
 * kept after a failure, and why), its last change, how and how often it is fetched, and
 * "Update now".
 */

import { useContext, useState } from "preact/hooks";
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import { problemText, subscriptionLines } from "@/lib/options/subscription-view";
import type { SiteRule, Subscription } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import type { SubscribedRule } from "@/lib/subscriptions/due";
import type { SubscriptionState } from "@/lib/subscriptions/status";
import { LanguageContext, send, useExplain } from "../shared";
import { useSubscriptionT } from "./use-subscription-t";
import { EverySelect, ViaSelect } from "./ViaSelect";

export function SubscriptionLine(props: {
  rule: SubscribedRule;
  position: number;
  state: SubscriptionState | undefined;
  tokens: readonly StoredToken[];
  now: number;
  /** Absent for the administrator's list: how it is fetched is the policy's. */
  onChange?: (rule: SiteRule) => void;
}) {
  const t = useSubscriptionT();
  const explain = useExplain();
  const language = useContext(LanguageContext);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");
  const { rule } = props;
  const { subscription, name } = rule.source;
  const base = `rule-${rule.id}`;
  const change = (next: Subscription) =>
    props.onChange?.({ ...rule, source: { ...rule.source, subscription: next } });
  const lines = subscriptionLines(
    subscription,
    props.state,
    props.now,
    language,
    t,
    THIS_BROWSER.oneLoginPerEndpoint,
    rule.enabled,
  );

  async function updateNow() {
    setBusy(true);
    setSaid("");
    const reply = await send({ type: "updateRuleList", ruleId: rule.id });
    setBusy(false);
    if (!reply.ok) return setSaid(explain(reply.failure));
    const outcome = reply.data;
    if (outcome.kind === "changed") setSaid(t("sub.result.changed", { rule: name, ...outcome }));
    else if (outcome.kind === "unchanged") setSaid(t("sub.result.unchanged", { rule: name }));
    else if (outcome.kind === "gone") setSaid(t("sub.result.gone", { rule: name }));
    else {
      const problem = outcome.state.problem;
      setSaid(
        t("sub.result.failed", { rule: name, problem: problem ? problemText(problem, t) : "" }),
      );
    }
  }

  const named = { position: props.position, rule: name };
  return (
    <div class="rule-subscription">
      <p class="rule-sub-url">
        <code>{subscription.url}</code>
      </p>
      <p class={`rule-sub-status rule-sub-${lines.tone}`} id={`${base}-sub-status`}>
        {lines.status}
      </p>
      {lines.details.map((line) => (
        <p class="hint rule-sub-detail" key={line}>
          {line}
        </p>
      ))}
      <div class="rule-sub-controls">
        {props.onChange && (
          <>
            <ViaSelect
              id={`${base}-sub-via`}
              label={`${t("sub.via")}: ${name}`}
              value={subscription.via}
              tokens={props.tokens}
              now={props.now}
              onChange={(via) => change({ ...subscription, via })}
            />
            <EverySelect
              id={`${base}-sub-every`}
              label={`${t("sub.every")}: ${name}`}
              value={subscription.everyHours}
              onChange={(everyHours) => change({ ...subscription, everyHours })}
            />
          </>
        )}
        <button
          type="button"
          class="secondary small"
          aria-label={t("sub.updateNowOf", named)}
          aria-describedby={`${base}-sub-status`}
          disabled={busy}
          onClick={() => void updateNow()}
        >
          {busy ? t("sub.updating") : t("sub.updateNow")}
        </button>
      </div>
      <p role="status" class="rule-sub-said">
        {said}
      </p>
    </div>
  );
}

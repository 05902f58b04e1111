/**
 * A rule of the administrator's policy: shown where it stands (first), with its route and
 * why it cannot be changed; no controls, since the background keeps it as the policy says.
 */
import { sourceText } from "@/lib/options/rules-editor";
import type { SiteRule } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import type { SubscriptionState } from "@/lib/subscriptions/status";
import { LockedNote } from "../policy";
import { RuleSourceCells } from "./RuleSourceCells";
import { useRulesT } from "./use-rules";

export function ManagedRuleRow(props: {
  rule: SiteRule;
  position: number;
  /** A list by URL: how its fetches went, here. */
  subscriptionState?: SubscriptionState;
  tokens: readonly StoredToken[];
  now: number;
}) {
  const { rule, position } = props;
  const t = useRulesT();
  const summary = sourceText(rule.source, t);
  const route = rule.route.kind === "block" ? t("rules.block") : t("rules.direct");
  const noteId = `rule-${rule.id}-locked`;
  return (
    <li
      class="rule-row rule-managed"
      data-rule-id={rule.id}
      aria-label={`${t("rules.position", { position })}: ${summary}`}
      aria-describedby={noteId}
    >
      <RuleSourceCells
        rule={rule}
        position={position}
        summary={summary}
        subscriptionState={props.subscriptionState}
        tokens={props.tokens}
        now={props.now}
      />
      <span class="rule-route">{route}</span>
      <LockedNote id={noteId} text="policy.ruleLocked" />
    </li>
  );
}

/**
 * The start of every rule row, the user's and the administrator's alike: its position and what
 * it matches (a pattern, or a list with how its fetches go).
 */
import type { ComponentChildren } from "preact";
import type { SiteRule } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { isSubscribed } from "@/lib/subscriptions/due";
import type { SubscriptionState } from "@/lib/subscriptions/status";
import { SubscriptionLine } from "./SubscriptionLine";

export function RuleSourceCells(props: {
  rule: SiteRule;
  position: number;
  /** The rule in words, shown unless an editor takes its place. */
  summary: string;
  editor?: ComponentChildren;
  /** A list by URL: how its fetches went, here. */
  subscriptionState?: SubscriptionState;
  tokens: readonly StoredToken[];
  now: number;
  /** Absent where the rule cannot be changed (the administrator's). */
  onChange?: (rule: SiteRule) => void;
}) {
  const { rule, position } = props;
  return (
    <>
      <span class="rule-position" aria-hidden="true">
        {position}
      </span>
      <div class="rule-source">
        {props.editor ?? <code>{props.summary}</code>}
        {isSubscribed(rule) && (
          <SubscriptionLine
            rule={rule}
            position={position}
            state={props.subscriptionState}
            tokens={props.tokens}
            now={props.now}
            onChange={props.onChange}
          />
        )}
      </div>
    </>
  );
}

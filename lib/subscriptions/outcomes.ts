/** What subscribing to a rule list, and updating one, answer (the pages word them). */
import type { Route, Subscription } from "../routing/rules";
import type { SubscriptionState } from "./status";

export type UpdateOutcome =
  | { kind: "changed"; added: number; removed: number }
  | { kind: "unchanged" }
  | { kind: "failed"; state: SubscriptionState }
  | { kind: "gone" };

/** The user's new subscription: the list by URL, and the route of its sites. */
export interface SubscribeInput {
  name: string;
  url: string;
  via: Subscription["via"];
  everyHours: number;
  route: Route;
}

export type SubscribeOutcome =
  | { subscribed: true; ruleId: string; lines: number; rejected: number }
  | { subscribed: false; problem: SubscriptionState["problem"] | "bad-url" | "full" };

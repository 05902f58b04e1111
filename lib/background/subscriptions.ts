/**
 * Rule lists kept by URL: fetched when subscribed, then on schedule (the hourly alarm looks for
 * due ones) and on "Update now". A fetch that fails, or brings a list that cannot be used,
 * leaves the last good copy in force and says when and why; a good one replaces the rule's
 * lines in the same write as its state, and the routes follow at once. One update per rule at
 * a time: a second request joins the first.
 */

import { validateListUrl } from "../base/list-url";
import { recordEvent, recordedAs } from "../diagnostics/record";
import { rulesAdmitted } from "../routing/rule-caps";
import { ruleLines } from "../routing/rule-list";
import type { SiteRule, Subscription } from "../routing/rules";
import type { StoredToken } from "../state/tokens";
import { read, readState } from "../storage/read";
import { updateState } from "../storage/store";
import { dueSubscriptions, isSubscribed } from "../subscriptions/due";
import { outcomeOf, problemText } from "../subscriptions/fetch-verdict";
import type { SubscribeInput, SubscribeOutcome, UpdateOutcome } from "../subscriptions/outcomes";
import {
  linesHashOf,
  type SubscriptionState,
  type SubscriptionStatus,
} from "../subscriptions/status";
import { hostOf } from "../traffic/scrub";
import { fetchList, type SendRequest } from "./list-fetch";
import type { WatchRedirects } from "./redirect-watch";

/** Hourly: each list is fetched when its own interval has passed (due.ts). */
export const SUBSCRIPTIONS_ALARM = "rule-lists";

export interface SubscriptionDeps {
  /** Sends the request direct (null) or through the token, as this browser can. */
  sendVia: (token: StoredToken | null) => SendRequest;
  /** Why a token cannot carry the fetch now (gone, expired, SOCKS5 in Chrome), or null. */
  unusable: (token: StoredToken | undefined) => string | null;
  /** The lines changed: the routes follow. */
  rulesChanged: () => Promise<void>;
  /** The hops of the background's requests, as the browser takes them (redirect-watch.ts). */
  watchRedirects?: WatchRedirects;
  now?: () => number;
  timeoutMs?: number;
}

/** A fetch's outcome in the diagnostics log: the list's host, never its address. */
function noteList(where: string, url: string, outcome: string): void {
  recordEvent("list", `lists:${where}`, `${hostOf(url) || "no host"}: ${outcome}`);
}

/** Only the states of rules still in the list. */
function ofRules(status: SubscriptionStatus, rules: readonly SiteRule[]): SubscriptionStatus {
  const ids = new Set(rules.map((rule) => rule.id));
  return Object.fromEntries(Object.entries(status).filter(([id]) => ids.has(id)));
}

export function createSubscriptions(deps: SubscriptionDeps) {
  const now = deps.now ?? Date.now;
  const running = new Map<string, Promise<UpdateOutcome>>();

  /** The list fetched the rule's way, with what this browser knows of its last copy. */
  async function fetchOnce(
    sub: Subscription,
    state: SubscriptionState | undefined,
    lines: readonly string[],
  ) {
    let token: StoredToken | null = null;
    if (sub.via.kind === "token") {
      const { tokenId } = sub.via;
      const found = (await read("tokens")).find((t) => t.id === tokenId);
      const why = deps.unusable(found);
      if (why || !found)
        return { kind: "failed", reason: "via-unusable", detail: why ?? "" } as const;
      token = found;
    }
    // Validators only for the copy they were given with: other lines are fetched whole.
    const current = state?.url === sub.url && state.linesHash === linesHashOf(lines);
    const options = { timeoutMs: deps.timeoutMs, watch: deps.watchRedirects };
    return fetchList(deps.sendVia(token), sub.url, current ? state : {}, options);
  }

  async function runUpdate(ruleId: string): Promise<UpdateOutcome> {
    const { siteRules, subscriptionStatus } = await readState(["siteRules", "subscriptionStatus"]);
    const rule = siteRules.find((r) => r.id === ruleId);
    if (!rule || !isSubscribed(rule)) return { kind: "gone" };
    const sub = rule.source.subscription;
    const before = subscriptionStatus[ruleId];
    // Written first: a worker stopped mid-fetch leaves this, and the row says so next time.
    await writeStatus(ruleId, (old) => ({
      ...(old?.url === sub.url ? old : {}),
      url: sub.url,
      startedAt: now(),
    }));
    const fetched = await fetchOnce(sub, before, rule.source.lines);
    const at = now();
    const outcome = await updateState(["siteRules", "subscriptionStatus"], (current) => {
      const index = current.siteRules.findIndex((r) => r.id === ruleId);
      const stored = current.siteRules[index];
      // Deleted or pointed elsewhere meanwhile: this answer is for nothing in force.
      if (!stored || !isSubscribed(stored) || stored.source.subscription.url !== sub.url) {
        return { result: { kind: "gone" } as UpdateOutcome };
      }
      const { problem, validators, lines } = outcomeOf(stored, fetched, at);
      // The states of rules gone from the list go with this write.
      const statuses = ofRules(current.subscriptionStatus, current.siteRules);
      const old = statuses[ruleId];
      const kept = old?.url === sub.url ? old : { url: sub.url };
      const { startedAt: _ended, problem: _old, ...rest } = kept;
      if (problem) {
        const state = { ...rest, checkedAt: at, problem };
        return {
          write: { subscriptionStatus: { ...statuses, [ruleId]: state } },
          result: { kind: "failed", state } as UpdateOutcome,
        };
      }
      const changed = lines !== null && (lines.added > 0 || lines.removed > 0);
      const inForce = lines ? lines.lines : stored.source.lines;
      // A 304 for lines other than the ones now stored (rewritten meanwhile) confirms nothing.
      if (!lines && linesHashOf(inForce) !== linesHashOf(rule.source.lines)) {
        const { etag: _e, lastModified: _m, linesHash: _h, checkedAt: _c, ...bare } = rest;
        return {
          write: { subscriptionStatus: { ...statuses, [ruleId]: bare } },
          result: { kind: "unchanged" } as UpdateOutcome,
        };
      }
      const state: SubscriptionState = {
        ...rest,
        url: sub.url,
        checkedAt: at,
        fetchedAt: at,
        ...(validators ?? {}),
        linesHash: linesHashOf(inForce),
        ...(lines ? { rejected: lines.rejected } : {}),
        ...(changed && lines ? { change: { at, added: lines.added, removed: lines.removed } } : {}),
      };
      const subscriptionStatus = { ...statuses, [ruleId]: state };
      if (!changed || !lines) {
        return { write: { subscriptionStatus }, result: { kind: "unchanged" } as UpdateOutcome };
      }
      const siteRules = current.siteRules.slice();
      siteRules[index] = { ...stored, source: { ...stored.source, lines: lines.lines } };
      return {
        write: { siteRules, subscriptionStatus },
        result: { kind: "changed", added: lines.added, removed: lines.removed } as UpdateOutcome,
      };
    });
    noteList(
      "update",
      sub.url,
      outcome.kind === "failed" && outcome.state.problem
        ? `failed: ${problemText(outcome.state.problem)}`
        : outcome.kind === "changed"
          ? `changed, ${outcome.added} lines added, ${outcome.removed} removed`
          : outcome.kind,
    );
    if (outcome.kind === "changed") await deps.rulesChanged();
    return outcome;
  }

  function writeStatus(
    ruleId: string,
    change: (old: SubscriptionState | undefined) => SubscriptionState,
  ) {
    return updateState(["subscriptionStatus"], ({ subscriptionStatus }) => ({
      write: {
        subscriptionStatus: { ...subscriptionStatus, [ruleId]: change(subscriptionStatus[ruleId]) },
      },
      result: undefined,
    }));
  }

  /** "Update now", or the schedule: joins an update of the same rule already on its way. */
  function update(ruleId: string): Promise<UpdateOutcome> {
    const pending = running.get(ruleId);
    if (pending) return pending;
    const started = runUpdate(ruleId).finally(() => running.delete(ruleId));
    running.set(ruleId, started);
    return started;
  }

  /** Every enabled list that is due, one after another (a few lists, each a small file). */
  async function updateDue(): Promise<void> {
    const { siteRules, subscriptionStatus } = await readState(["siteRules", "subscriptionStatus"]);
    for (const rule of dueSubscriptions(siteRules, subscriptionStatus, now())) {
      await update(rule.id).catch(recordedAs("lists:update"));
    }
  }

  /** Fetched first: a list that cannot be used is not added (there is no good copy to keep). */
  async function subscribe(input: SubscribeInput): Promise<SubscribeOutcome> {
    const checked = validateListUrl(input.url, true);
    if (!checked.ok) return { subscribed: false, problem: "bad-url" };
    const subscription: Subscription = {
      url: checked.url,
      via: input.via,
      everyHours: input.everyHours,
    };
    const fetched = await fetchOnce(subscription, undefined, []);
    const id = crypto.randomUUID();
    const rule = {
      id,
      enabled: true,
      route: input.route,
      source: { type: "list" as const, name: input.name, lines: [], subscription },
    };
    const at = now();
    const judged = outcomeOf(rule, fetched, at);
    noteList(
      "subscribe",
      subscription.url,
      judged.problem ? `failed: ${problemText(judged.problem)}` : "fetched",
    );
    if (judged.problem) return { subscribed: false, problem: judged.problem };
    const lines = judged.lines;
    if (!lines) return { subscribed: false, problem: { at, reason: "status", detail: "304" } };
    const added = await updateState(["siteRules", "subscriptionStatus"], (current) => {
      const siteRules = [
        ...current.siteRules,
        { ...rule, source: { ...rule.source, lines: lines.lines } },
      ];
      if (!rulesAdmitted(siteRules, current.siteRules)) return { result: false };
      const state: SubscriptionState = {
        url: subscription.url,
        checkedAt: at,
        fetchedAt: at,
        ...(judged.validators ?? {}),
        linesHash: linesHashOf(lines.lines),
        rejected: lines.rejected,
      };
      return {
        write: {
          siteRules,
          subscriptionStatus: { ...current.subscriptionStatus, [id]: state },
        },
        result: true,
      };
    });
    if (!added) return { subscribed: false, problem: "full" };
    await deps.rulesChanged();
    const count = ruleLines(lines.lines).length; // as the rule's row counts: no `[AutoProxy]` header
    return { subscribed: true, ruleId: id, lines: count, rejected: lines.rejected };
  }

  return { update, updateDue, subscribe };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

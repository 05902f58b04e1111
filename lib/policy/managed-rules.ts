/**
 * The administrator's site rules (pure): stored in the list like the user's, so the router,
 * the editor and the list fetcher treat them as any rule, but always first (they win) and
 * never changed or removed by an edit. Their ids say whose they are: `managed-<position>`.
 */
import { dequal } from "dequal";
import { isManagedRule, MANAGED_RULE_PREFIX } from "../routing/rule-caps";
import type { SiteRule } from "../routing/rules";
import type { ManagedRuleSpec } from "./managed";

/** The policy's rules as site rules. A list by URL starts empty: the fetcher fills it. */
export function managedRulesOf(specs: readonly ManagedRuleSpec[]): SiteRule[] {
  return specs.map((spec, index): SiteRule => {
    const id = `${MANAGED_RULE_PREFIX}${index + 1}`;
    const route = { kind: spec.route };
    if ("pattern" in spec) {
      return { id, enabled: true, source: { type: "pattern", text: spec.pattern }, route };
    }
    const subscription = {
      url: spec.subscription,
      via: { kind: "direct" as const },
      everyHours: spec.everyHours,
    };
    return {
      id,
      enabled: true,
      source: { type: "list", name: spec.name, lines: [], subscription },
      route,
    };
  });
}

/**
 * The stored list with the policy's rules first, in the policy's order, and no other managed
 * rule. A list by URL the policy still names at the same place keeps its last good copy.
 */
export function withManagedRules(
  stored: readonly SiteRule[],
  managed: readonly SiteRule[],
): SiteRule[] {
  const before = new Map(stored.filter(isManagedRule).map((rule) => [rule.id, rule]));
  const placed = managed.map((rule) => {
    const old = before.get(rule.id);
    if (rule.source.type !== "list" || old?.source.type !== "list") return rule;
    const sameList = old.source.subscription?.url === rule.source.subscription?.url;
    return sameList ? { ...rule, source: { ...rule.source, lines: old.source.lines } } : rule;
  });
  return [...placed, ...stored.filter((rule) => !isManagedRule(rule))];
}

/**
 * An edit's list with the stored managed rules put back as stored, first: a page cannot
 * change, disable, move or remove them, nor add a rule that passes for one.
 */
export function keepManagedRules(
  stored: readonly SiteRule[],
  next: readonly SiteRule[],
): SiteRule[] {
  return [...stored.filter(isManagedRule), ...next.filter((rule) => !isManagedRule(rule))];
}

/** Whether two lists hold the same rules in the same order (a sync that changes nothing). */
export const sameRules = (a: readonly SiteRule[], b: readonly SiteRule[]): boolean =>
  a.length === b.length && a.every((rule, i) => rule === b[i] || dequal(rule, b[i]));

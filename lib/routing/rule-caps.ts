/**
 * Whose a rule is, and how many of each a list may hold (pure): the administrator's rules
 * (a policy's, lib/policy/managed-rules.ts) are told apart by their ids, `managed-<position>`,
 * and come on top of the user's MAX_RULES. The one writer holds every list to these caps.
 */
import { MAX_MANAGED_RULES, MAX_RULES, type SiteRule } from "./rules";

export const MANAGED_RULE_PREFIX = "managed-";

export const isManagedRule = (rule: Pick<SiteRule, "id">): boolean =>
  rule.id.startsWith(MANAGED_RULE_PREFIX);

/** How many of the list's rules are the user's own (MAX_RULES counts these only). */
export const ownRuleCount = (rules: readonly SiteRule[]): number =>
  rules.reduce((count, rule) => (isManagedRule(rule) ? count : count + 1), 0);

/**
 * Whether the writer may store `next` over `before`: within the caps (the user's own rules
 * and the administrator's each), or at least not growing past them. Lists stored over a cap
 * by an older version still take edits, list updates and removals; only more rules are refused.
 */
export function rulesAdmitted(next: readonly SiteRule[], before: readonly SiteRule[]): boolean {
  const own = ownRuleCount(next);
  const managed = next.length - own;
  const ownBefore = ownRuleCount(before);
  const ownFits = own <= MAX_RULES || own <= ownBefore;
  const managedFits = managed <= MAX_MANAGED_RULES || managed <= before.length - ownBefore;
  return ownFits && managedFits;
}

/**
 * Saving the site rules: every pattern checked again here (the editor checked it too, but the
 * background trusts no page), the whole ordered list written in one step.
 */
import type { Failure } from "../base/failure";
import { keepManagedRules } from "../policy/managed-rules";
import { parsePattern } from "../routing/pattern";
import { rulesAdmitted } from "../routing/rule-caps";
import { checkRule } from "../routing/rule-check";
import { MAX_RULES, type Route, type SiteRule } from "../routing/rules";
import { updateState } from "../storage/store";
import { isOwnRule } from "../traffic/site-route";

/** Full: MAX_RULES of the user's own (the administrator's come on top). */
const FULL: Failure = { code: "site-rules-full", max: MAX_RULES };

/**
 * A subscribed list's lines belong to its fetches (subscriptions.ts): a page's copy of the rule
 * (sent back with a new route, say) keeps the lines stored now, which an update may have
 * replaced since the page read them.
 */
function withStoredLines(rule: SiteRule, stored: ReadonlyMap<string, SiteRule>): SiteRule {
  const before = stored.get(rule.id);
  if (rule.source.type !== "list" || !rule.source.subscription) return rule;
  if (before?.source.type !== "list") return rule;
  if (before.source.subscription?.url !== rule.source.subscription.url) return rule;
  return { ...rule, source: { ...rule.source, lines: before.source.lines } };
}

/** `typedByUser`: the editor's rules (a file's are not: see checkRule's list addresses). */
export function firstInvalidRule(rules: SiteRule[], typedByUser = true): Failure | null {
  for (const [index, rule] of rules.entries()) {
    const checked = checkRule(rule, typedByUser);
    if (!checked.ok) {
      const pattern = checked.refusal.detail ?? "";
      return { code: "site-rule-invalid", position: index + 1, pattern };
    }
  }
  const ids = new Set(rules.map((rule) => rule.id));
  if (ids.size !== rules.length) return { code: "malformed-command" };
  return null;
}

/** Stores the rules and gives the ones they replace, or says which one is wrong (nothing stored). */
export async function saveSiteRules(
  rules: SiteRule[],
): Promise<{ ok: true; previous: SiteRule[] } | { ok: false; failure: Failure }> {
  const invalid = firstInvalidRule(rules);
  if (invalid) return { ok: false, failure: invalid };
  // The administrator's rules stay first, as stored, whatever the page sent; a subscribed
  // list keeps the lines its fetches stored.
  const previous = await updateState(["siteRules"], ({ siteRules }) => {
    const stored = new Map(siteRules.map((rule) => [rule.id, rule]));
    const sent = rules.map((rule) => withStoredLines(rule, stored));
    const next = keepManagedRules(siteRules, sent);
    if (!rulesAdmitted(next, siteRules)) return { result: null };
    return { write: { siteRules: next }, result: siteRules };
  });
  return previous ? { ok: true, previous } : { ok: false, failure: FULL };
}

/**
 * The editor's change as a patch (see the command): the stored list with `upsert` laid over
 * it, in `order`. Only the sent rules are checked; the rest were checked when stored. With
 * `removed` (the page names what the user removed), the page's change is laid over whatever
 * changed elsewhere meanwhile: a rule in `order` that is neither sent nor stored was removed
 * elsewhere, and stays removed; a stored rule the page did not name either way arrived
 * meanwhile, and is kept, at the end. Without `removed`, a rule in `order` that is gone refuses
 * the patch ("site-rules-changed"), and nothing is stored.
 */
export async function patchSiteRules(
  upsert: SiteRule[],
  order: string[],
  removed?: string[],
): Promise<{ ok: true } | { ok: false; failure: Failure }> {
  const invalid = firstInvalidRule(upsert);
  if (invalid) return { ok: false, failure: invalid };
  if (new Set(order).size !== order.length)
    return { ok: false, failure: { code: "malformed-command" } };
  const failure = await updateState(["siteRules"], ({ siteRules }) => {
    const byId = new Map(siteRules.map((rule) => [rule.id, rule]));
    for (const rule of upsert) byId.set(rule.id, withStoredLines(rule, byId));
    const ordered = order.map((id) => byId.get(id));
    const next = ordered.filter((rule): rule is SiteRule => rule !== undefined);
    if (next.length < ordered.length && !removed) {
      return { result: { code: "site-rules-changed" } as Failure };
    }
    // A rule the page never saw (it arrived meanwhile) is not the user's to have removed.
    if (removed) {
      const named = new Set([...order, ...removed]);
      next.push(...siteRules.filter((rule) => !named.has(rule.id)));
    }
    // Full: refused whole, as a new rule from the popup is (the administrator's not counted).
    const kept = keepManagedRules(siteRules, next);
    if (!rulesAdmitted(kept, siteRules)) return { result: FULL };
    return { write: { siteRules: kept }, result: null };
  });
  return failure ? { ok: false, failure } : { ok: true };
}

/**
 * The popup's two-click choice for one site: its own rule goes first (so it wins over the
 * user's broader rules), replacing the one it had; null removes it (back to the default).
 */
export async function setSiteRoute(
  host: string,
  route: Route | null,
  newId: () => string,
): Promise<{ ok: true; previous: SiteRule[] } | { ok: false; failure: Failure }> {
  const site = host.toLowerCase();
  // A site is one host: a name with * or ? in it would become a wildcard rule.
  if (/[*?]/.test(site) || !parsePattern(site).ok) {
    const failure: Failure = {
      code: "site-rule-invalid",
      position: 1,
      pattern: site.slice(0, 100),
    };
    return { ok: false, failure };
  }
  const outcome = await updateState(["siteRules"], ({ siteRules }) => {
    const others = siteRules.filter((rule) => !isOwnRule(rule, site));
    const own: SiteRule[] = route
      ? [{ id: newId(), enabled: true, source: { type: "pattern", text: site }, route }]
      : [];
    const next = keepManagedRules(siteRules, [...own, ...others]);
    // Full: refused, never by dropping one of the user's rules.
    if (!rulesAdmitted(next, siteRules)) return { result: null };
    return { write: { siteRules: next }, result: siteRules };
  });
  if (!outcome) return { ok: false, failure: FULL };
  const previous = outcome;
  return { ok: true, previous };
}

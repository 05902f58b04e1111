/**
 * Saving the site rules: every pattern checked again here (the editor checked it too, but the
 * background trusts no page), the whole ordered list written in one step.
 */
import type { Failure } from "../protocol/failure";
import { parsePattern } from "../routing/pattern";
import { MAX_RULES, type Route, type SiteRule } from "../routing/rules";
import { isOwnRule } from "../routing/site-route";
import { updateState } from "../state/store";

export function firstInvalidRule(rules: SiteRule[]): Failure | null {
  for (const [index, rule] of rules.entries()) {
    if (rule.source.type !== "pattern") continue;
    if (!parsePattern(rule.source.text).ok) {
      return {
        code: "site-rule-invalid",
        position: index + 1,
        pattern: rule.source.text.slice(0, 100),
      };
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
  const previous = await updateState(["siteRules"], ({ siteRules }) => ({
    write: { siteRules: rules },
    result: siteRules,
  }));
  return { ok: true, previous };
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
    // Full: refused, never by dropping one of the user's rules.
    if (route && others.length >= MAX_RULES) return { result: null };
    const own: SiteRule[] = route
      ? [{ id: newId(), enabled: true, source: { type: "pattern", text: site }, route }]
      : [];
    return { write: { siteRules: [...own, ...others] }, result: siteRules };
  });
  if (!outcome) return { ok: false, failure: { code: "site-rules-full", max: MAX_RULES } };
  const previous = outcome;
  return { ok: true, previous };
}

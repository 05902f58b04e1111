/**
 * What syncs. Settings: the non-secret ones (never `auth`; `webrtcProtection` neither, since
 * its permission is granted in each browser on its own). Site rules: those that mean the same
 * in every browser. A rule through a proxy added by hand (a negative id: it exists in this
 * browser only) or limited to a Firefox container (container ids are per profile) stays in
 * this browser, and Options says so; so do the rules of a managed policy (each browser has
 * its own policy). A rule list kept by URL syncs without its fetched lines:
 * each browser fetches the list itself.
 */
import { isManagedRule } from "../routing/rule-caps";
import type { SiteRule } from "../routing/rules";
import type { SettingKey } from "../state/settings";

export const SYNCED_SETTINGS: readonly SettingKey[] = [
  "baseUrl",
  "bypassList",
  "autoRefreshMinutes",
  "plan",
  "language",
  "fallbackDirect",
  "trafficUnit",
  "warnDays",
  "badgeFailures",
];

export type LocalOnlyReason = "local-proxy" | "container" | "managed";

export function localOnlyReason(rule: SiteRule): LocalOnlyReason | null {
  // The administrator's rules come with the policy of each browser, not from another browser.
  if (isManagedRule(rule)) return "managed";
  if (rule.container !== undefined) return "container";
  if (rule.route.kind === "token" && rule.route.tokenId < 0) return "local-proxy";
  const via = rule.source.type === "list" ? rule.source.subscription?.via : undefined;
  if (via?.kind === "token" && via.tokenId < 0) return "local-proxy";
  return null;
}

/** The rule as it syncs: a subscription without its fetched copy. */
export function syncedForm(rule: SiteRule): SiteRule {
  const { source } = rule;
  if (source.type !== "list" || !source.subscription || source.lines.length === 0) return rule;
  return { ...rule, source: { ...source, lines: [] } };
}

/**
 * A synced rule as stored here: a subscription this browser already keeps (same id and URL)
 * keeps its fetched copy; otherwise it starts empty, and the fetcher takes it as due at once.
 */
export function arrivedForm(incoming: SiteRule, local: SiteRule | undefined): SiteRule {
  const { source } = incoming;
  if (source.type !== "list" || !source.subscription) return incoming;
  const here = local?.source.type === "list" ? local.source : undefined;
  const same = here?.subscription?.url === source.subscription.url;
  return { ...incoming, source: { ...source, lines: same && here ? here.lines : [] } };
}

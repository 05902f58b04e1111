/**
 * What the Options page shows before a setup from another extension is applied (pure): each
 * proxy and whether it is new or held already, each rule with where it leads, the bypass
 * entries that would be added or refused, and the items that cannot come over.
 */
import { ruleLines } from "../routing/rule-list";
import type { SiteRule } from "../routing/rules";
import type { ForeignImport, ForeignRoute, Skipped } from "./foreign";
import { heldIds, mergedBypass, proxyKey } from "./plan";

export type RuleWhat =
  | { kind: "pattern"; text: string }
  | { kind: "list"; name: string; count: number; url: string | null };
export type RouteWhat = { kind: "proxy"; name: string } | { kind: "direct" } | { kind: "block" };

export interface PreviewModel {
  proxies: {
    name: string;
    type: string;
    host: string;
    port: number;
    username: string;
    heldId: number | null;
  }[];
  rules: { what: RuleWhat; route: RouteWhat; enabled: boolean }[];
  storedRules: number;
  bypassAdded: string[];
  bypassRefused: string[];
  /** Entries not added because the administrator's policy sets the bypass list. */
  bypassLocked: string[];
  skipped: Skipped[];
  rest: RouteWhat | null;
  /** Something would be written. */
  changes: boolean;
}

interface Held {
  tokens: readonly { id: number; host: string; port: number; username: string }[];
  siteRules: readonly SiteRule[];
  bypassList: readonly string[];
  /** The administrator's policy sets the bypass list: the import adds nothing to it. */
  bypassLocked?: boolean;
}

export function previewOf(setup: ForeignImport, held: Held): PreviewModel {
  const ids = heldIds(held.tokens);
  const seen = new Set<string>();
  const proxies: PreviewModel["proxies"] = [];
  for (const p of setup.proxies) {
    const key = proxyKey(p);
    if (seen.has(key)) continue;
    seen.add(key);
    const { name, type, host, port, username } = p;
    proxies.push({ name, type, host, port, username, heldId: ids.get(key) ?? null });
  }
  const routeWhat = (route: ForeignRoute): RouteWhat =>
    route.kind === "proxy"
      ? { kind: "proxy", name: setup.proxies[route.proxy]?.name ?? "?" }
      : route;
  const rules = setup.rules.map((rule) => {
    const s = rule.source;
    const what: RuleWhat =
      s.type === "pattern"
        ? { kind: "pattern", text: s.text }
        : {
            kind: "list",
            name: s.name,
            count: ruleLines(s.lines).length,
            url: s.subscription?.url ?? null,
          };
    return { what, route: routeWhat(rule.route), enabled: rule.enabled };
  });
  const bypass = mergedBypass(held.bypassList, setup.bypass);
  const bypassAdded = held.bypassLocked ? [] : bypass.added;
  return {
    proxies,
    rules,
    storedRules: held.siteRules.length,
    bypassAdded,
    bypassRefused: bypass.refused,
    bypassLocked: held.bypassLocked ? bypass.added : [],
    skipped: setup.skipped,
    rest: setup.rest ? routeWhat(setup.rest) : null,
    changes: proxies.some((p) => p.heldId === null) || rules.length > 0 || bypassAdded.length > 0,
  };
}

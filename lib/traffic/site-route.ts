/**
 * The popup's "this site" (pure): the tab's site, the route it takes now and which rule says
 * so. The same router as the browser's config, so what the popup says is what traffic does.
 */
import type { Failure } from "../base/failure";
import { compiledRouter } from "../routing/compiled-router";
import type { RoutingPlan } from "../routing/plan";
import { isProviderUrl, providerTarget } from "../routing/provider-route";
import type { Route, SiteRule } from "../routing/rules";
import type { PageSummary } from "./page-traffic";

/** What the popup's "this site" line says: the site, the route it takes now, and why. */
export interface SiteRouteReport {
  /** The site's host name, or "" when the tab shows no web page (a browser page, a file). */
  host: string;
  /** The rule that takes it (1-based position and its text), or null for the default route. */
  rule: { id: string; position: number; text: string; route: Route } | null;
  /** Where that leads now: a token, direct, or blocked (with the reason when one is known). */
  target:
    | { kind: "proxy"; tokenId: number }
    | { kind: "direct" }
    | { kind: "block"; failure: Failure | null };
  /** The site has a rule of its own (set from the popup): "default" can remove it. */
  ownRule: boolean;
  /** The tokens the site can be sent through in this browser now (the popup offers each). */
  choices: SiteChoice[];
  /** The tab's requests since its page loaded (asked with a tab): by route, failures by host. */
  thisPage?: PageSummary | null;
  /** Firefox: the tab has a route of its own ("This tab only"): `target` is where it leads. */
  byTab?: boolean;
  /** The bypass list sends the host direct: no rule and no tab route is asked. */
  bypassed?: boolean;
}

/** A token as the popup's "this site" offers it: enough to tell tokens apart and find one. */
export interface SiteChoice {
  id: number;
  ip: string;
  /** The user's name for it (token-look.ts), or "". */
  name: string;
  /** Its colour's hex, or "". */
  colour: string;
  countryCode: string;
}

const webHost = (url: string): string => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.hostname : "";
  } catch {
    // Not a web address: no site to name.
    return "";
  }
};

/** A rule the popup wrote for one site: its pattern is the site's host, nothing more. */
export const isOwnRule = (rule: SiteRule, host: string) =>
  rule.source.type === "pattern" && rule.source.text.toLowerCase() === host;

/**
 * The address as Chrome hands it to a PAC script: of an https:// address only its origin (no
 * path, no query), so a path rule can match plain http:// only there.
 */
export function asChromeSeesIt(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? `${parsed.origin}/` : url;
  } catch {
    // Not an address: Chrome sees it as it is.
    return url;
  }
}

export function siteRouteReport(
  url: string,
  plan: RoutingPlan,
  options: {
    container?: string;
    originOnlyForHttps?: boolean;
    choices?: SiteChoice[];
    /** The provider's host:port: routed as the rest, never by a rule (provider-route.ts). */
    provider?: string;
  } = {},
): SiteRouteReport {
  const host = webHost(url);
  const seen = options.originOnlyForHttps ? asChromeSeesIt(url) : url;
  const provider = isProviderUrl(url, options.provider ?? "");
  const match =
    host && !provider ? compiledRouter(plan.rules).route(seen, options.container) : null;
  const rule = match ? plan.rules.find((r) => r.id === match.ruleId) : undefined;
  const target = rule
    ? plan.targetOf(rule.route)
    : provider
      ? providerTarget(plan.fallback)
      : plan.fallback;
  return {
    host,
    rule: rule
      ? {
          id: rule.id,
          position: plan.rules.indexOf(rule) + 1,
          text: rule.source.type === "pattern" ? rule.source.text : rule.source.name,
          route: rule.route,
        }
      : null,
    target: target.kind === "proxy" ? { kind: "proxy", tokenId: target.token.id } : target,
    ownRule: plan.rules.some((r) => isOwnRule(r, host)),
    choices: host ? (options.choices ?? []) : [],
  };
}

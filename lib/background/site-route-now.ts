/**
 * The popup's "this site" as the browser carries it now: the routing plan the engine applies,
 * with the engine's own fail-closed decision on top. While the connected token cannot be used
 * the engine blocks all traffic (the status says "blocked"), or, when the user prefers it,
 * sends the default route direct while the rules still hold.
 */

import { asFailure, type Failure } from "../base/failure";
import { chromeBypasses, isBypassed } from "../proxy/config";
import { currentPlan, type PlanOptions } from "../proxy/route-plan";
import type { RoutingPlan } from "../routing/plan";
import { isProviderUrl } from "../routing/provider-route";
import { tabTarget } from "../routing/tab-routes";
import { proxyEndpoint } from "../state/token-facts";
import { tokenTag } from "../state/token-look";
import { providerHost, unusableReason } from "../state/usable";
import { readState, readStateWithNamedTokens } from "../storage/read";
import { type SiteChoice, type SiteRouteReport, siteRouteReport } from "../traffic/site-route";

/**
 * The popup's question: the route, and every token that can carry traffic in this browser
 * now (in the popup's list order). Only the popup needs the whole token list: the auth path's
 * carrier lookup asks siteRouteNow alone.
 */
export async function siteRouteWithChoices(
  url: string,
  container: string | undefined,
  options: PlanOptions,
): Promise<SiteRouteReport> {
  const [report, { tokens }] = await Promise.all([
    siteRouteNow(url, container, options),
    readState(["tokens"]),
  ]);
  if (!report.host) return report;
  const now = options.now?.() ?? Date.now();
  const choices: SiteChoice[] = tokens
    .filter((token) => unusableReason(token, options.supportsSocksAuth, now) === null)
    .map((token) => ({
      id: token.id,
      // Unnamed tokens of one country differ by exit IP, or by address before the first check.
      ip: token.ip || proxyEndpoint(token),
      name: tokenTag(token).replace(/^#\S+ ?/, ""),
      colour: token.look?.colour ?? "",
      countryCode: token.countryCode,
    }));
  return { ...report, choices };
}

/**
 * Firefox's "This tab only": where the tab's own route leads now (its token, or blocked when the
 * token cannot be used), or null when it has none (and always in Chrome, which has no tab routes).
 */
export async function tabRouteNow(
  tabId: number | undefined,
  options: PlanOptions,
): Promise<SiteRouteReport["target"] | null> {
  if (tabId === undefined || options.oneLoginPerEndpoint) return null;
  // The popup asks as it opens: the token list is decoded only for a tab with a route.
  const { tabRoutes, tokens, connection } = await readStateWithNamedTokens(
    ["tabRoutes", "connection"],
    ({ tabRoutes }) => {
      const id = tabRoutes[String(tabId)];
      return new Set(id === undefined ? [] : [id]);
    },
  );
  // The user's Off sets a tab's own route aside (firefox.ts).
  if (connection.off === true && connection.activeTokenId === null) return null;
  const now = options.now?.() ?? Date.now();
  const target = tabTarget(tabRoutes, tabId, tokens, (token) =>
    unusableReason(token, options.supportsSocksAuth, now),
  );
  if (!target) return null;
  return target.kind === "proxy"
    ? { kind: "proxy", tokenId: target.token.id }
    : { kind: "block", failure: target.failure };
}

/** The token this address goes through now, or null (direct, blocked). */
export async function tokenNow(url: string, options: PlanOptions): Promise<number | null> {
  const { target } = await siteRouteNow(url, undefined, options);
  return target.kind === "proxy" ? target.tokenId : null;
}

export async function siteRouteNow(
  url: string,
  container: string | undefined,
  options: PlanOptions,
): Promise<SiteRouteReport> {
  return routeNowOn(url, container, await routingNow(options));
}

/** The plan the browser carries now, with the engine's fail-closed decision on top. */
export interface RoutingNow {
  plan: RoutingPlan;
  /** Chrome's PAC sees only the origin of https:// addresses. */
  originOnlyForHttps: boolean;
  /** Everything is blocked because the connected token cannot be used (and why). */
  blockedBy: Failure | null;
  bypassList: string[];
  /** Goes direct by the bypass list, as this browser reads it (the browser decides it first). */
  bypasses: (url: string) => boolean;
  /** The user's Off: Firefox's per-tab routes rest (only the administrator's rules hold). */
  off: boolean;
  /** The provider's host:port, routed as the rest (routing/provider-route.ts). */
  provider: string;
}

export async function routingNow(options: PlanOptions): Promise<RoutingNow> {
  const { status, settings, connection } = await readState(["status", "settings", "connection"]);
  const planned = await currentPlan({ ...options, defaultDirect: false });
  // The default route blocked for a reason (the connected token cannot be used): with "fall
  // back to direct" only it changes; such a token takes no gateway spelling from the rules.
  const defaultUnusable = planned.fallback.kind === "block" && planned.fallback.failure !== null;
  const plan =
    defaultUnusable && settings.fallbackDirect
      ? { ...planned, fallback: { kind: "direct" as const } }
      : planned;
  const blockedBy =
    status.state === "blocked" && status.error && !settings.fallbackDirect
      ? asFailure(status.error.failure)
      : null;
  return {
    plan,
    // Chrome's PAC sees only the origin of https:// addresses (one login per gateway
    // spelling is Chrome's mark).
    originOnlyForHttps: options.oneLoginPerEndpoint,
    blockedBy,
    bypassList: settings.bypassList,
    bypasses: (url) =>
      options.oneLoginPerEndpoint
        ? chromeBypasses(url, settings.bypassList)
        : isBypassed(url, settings.bypassList),
    off: connection.off === true && connection.activeTokenId === null,
    provider: providerHost(settings.baseUrl),
  };
}

/** One address routed by `routingNow`'s answer (sync: the traffic log asks per request). */
export function routeNowOn(
  url: string,
  container: string | undefined,
  now: RoutingNow,
): SiteRouteReport {
  const report = siteRouteReport(url, now.plan, {
    container,
    originOnlyForHttps: now.originOnlyForHttps,
    provider: now.provider,
  });
  // The browser sends a bypassed host direct before any rule or block is asked.
  if (report.host && now.bypasses(url)) {
    return { ...report, rule: null, target: { kind: "direct" }, bypassed: true };
  }
  // Blocked, the provider's host is still reachable (the user can buy another token).
  if (report.host && now.blockedBy && !isProviderUrl(url, now.provider)) {
    return { ...report, rule: null, target: { kind: "block", failure: now.blockedBy } };
  }
  return report;
}

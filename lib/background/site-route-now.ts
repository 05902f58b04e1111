/**
 * The popup's "this site" as the browser carries it now: the routing plan the engine applies,
 * with the engine's own fail-closed decision on top. While the connected token cannot be used
 * the engine blocks all traffic (the status says "blocked"), or, when the user prefers it,
 * sends the default route direct while the rules still hold.
 */
import { asFailure } from "../protocol/failure";
import { currentPlan, type PlanOptions } from "../proxy/route-plan";
import { unusableReason } from "../proxy/usable";
import { type SiteChoice, type SiteRouteReport, siteRouteReport } from "../routing/site-route";
import { readState } from "../state/read";

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
    .map(({ id, ip, name, countryCode }) => ({ id, ip, name, countryCode }));
  return { ...report, choices };
}

export async function siteRouteNow(
  url: string,
  container: string | undefined,
  options: PlanOptions,
): Promise<SiteRouteReport> {
  const { status, settings } = await readState(["status", "settings"]);
  const planned = await currentPlan({ ...options, defaultDirect: false });
  // The default route blocked for a reason (the connected token cannot be used): with "fall
  // back to direct" only it changes; such a token takes no gateway spelling from the rules.
  const defaultUnusable = planned.fallback.kind === "block" && planned.fallback.failure !== null;
  const plan =
    defaultUnusable && settings.fallbackDirect
      ? { ...planned, fallback: { kind: "direct" as const } }
      : planned;
  const report = siteRouteReport(url, plan, {
    container,
    // Chrome's PAC sees only the origin of https:// addresses (one login per gateway
    // spelling is Chrome's mark).
    originOnlyForHttps: options.oneLoginPerEndpoint,
  });
  if (report.host && status.state === "blocked" && status.error && !settings.fallbackDirect) {
    return {
      ...report,
      rule: null,
      target: { kind: "block", failure: asFailure(status.error.failure) },
    };
  }
  return report;
}

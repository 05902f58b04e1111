/**
 * "Did this page go through my proxy, and what failed?": the tab's requests since its page
 * loaded, by route, and those that failed, by host, each routed in one click: the same route
 * as this site, direct, or through the connected token (each click gives the host a rule of
 * its own, first in the list).
 */
import type { SiteKey } from "../../lib/i18n/this-site-strings";
import type { Route } from "../../lib/routing/rules";
import type { SiteRouteReport } from "../../lib/routing/site-route";

/** Hosts listed; the rest are counted. */
const SHOWN_HOSTS = 5;

export function PageTraffic({
  report,
  activeTokenId,
  busy,
  routed,
  words: w,
  onRoute,
}: {
  report: SiteRouteReport;
  activeTokenId: number | null;
  busy: boolean;
  /** Hosts routed from here since the popup opened. */
  routed: ReadonlySet<string>;
  words: (key: SiteKey, values?: Record<string, string | number>) => string;
  onRoute: (host: string, route: Route) => void;
}) {
  const page = report.thisPage;
  if (!page) return null;
  const { routes } = page;
  const routeParts = [
    ...routes.proxy.map(({ tokenId, count }) => w("site.pageVia", { count, id: tokenId })),
    ...(routes.direct ? [w("site.pageDirect", { count: routes.direct })] : []),
    ...(routes.block ? [w("site.pageBlocked", { count: routes.block })] : []),
  ];
  const routeLine = routeParts.length > 0 && (
    <p data-testid="page-routes">{w("site.pageRoutes", { routes: routeParts.join(", ") })}</p>
  );
  if (page.count === 0) return routeLine || null;
  // The route this site takes now, as a route another host can be given.
  const same: Route | null =
    report.target.kind === "proxy"
      ? { kind: "token", tokenId: report.target.tokenId }
      : report.target.kind === "direct"
        ? { kind: "direct" }
        : null;
  const hosts = page.hosts.filter((entry) => entry.host !== report.host);
  const shown = hosts.slice(0, SHOWN_HOSTS);
  return (
    <div class="site-failures" data-testid="page-failures">
      {routeLine}
      <p>{page.count === 1 ? w("site.failedOne") : w("site.failed", { count: page.count })}</p>
      <ul>
        {shown.map(({ host, count }) => (
          <li key={host}>
            <span class="failed-host">{w("site.failedHost", { host, count })}</span>
            <fieldset class="site-actions">
              <legend class="visually-hidden">{w("site.routeHost", { host })}</legend>
              {same && (
                <button
                  type="button"
                  class="btn btn--small"
                  disabled={busy}
                  onClick={() => onRoute(host, same)}
                >
                  {w("site.sameRoute")}
                </button>
              )}
              <button
                type="button"
                class="btn btn--small"
                disabled={busy}
                onClick={() => onRoute(host, { kind: "direct" })}
              >
                {w("site.useDirect")}
              </button>
              {activeTokenId !== null && (
                <button
                  type="button"
                  class="btn btn--small"
                  disabled={busy}
                  onClick={() => onRoute(host, { kind: "token", tokenId: activeTokenId })}
                >
                  {w("site.useToken", { id: activeTokenId })}
                </button>
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      {hosts.length > SHOWN_HOSTS && (
        <p class="muted">{w("site.moreHosts", { count: hosts.length - SHOWN_HOSTS })}</p>
      )}
      {routed.size > 0 && <p role="status">{w("site.reload")}</p>}
    </div>
  );
}

/**
 * "Did this page go through my proxy, and what failed?": the tab's requests since its page
 * loaded, by route, and those that failed, by host, each routed in one click: the same route
 * as this site, direct, or through the connected token (each click gives the host a rule of
 * its own, first in the list).
 */
import { useState } from "preact/hooks";
import type { SiteKey } from "../../lib/i18n/this-site-strings";
import type { Route } from "../../lib/routing/rules";
import type { RecentRequest } from "../../lib/traffic/page-traffic";
import type { SiteRouteReport } from "../../lib/traffic/site-route";

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
  const [showRecent, setShowRecent] = useState(false);
  const page = report.thisPage;
  if (!page) return null;
  const { routes } = page;
  const routeParts = [
    ...routes.proxy.map(({ tokenId, count }) => w("site.pageVia", { count, id: tokenId })),
    ...(routes.direct ? [w("site.pageDirect", { count: routes.direct })] : []),
    ...(routes.block ? [w("site.pageBlocked", { count: routes.block })] : []),
  ];
  // The short log opens below on request: the line itself keeps the room the first frame kept.
  const routeLine = routeParts.length > 0 && (
    <p data-testid="page-routes">
      {w("site.pageRoutes", { routes: routeParts.join(", ") })}{" "}
      {page.recent.length > 0 && (
        <button
          type="button"
          class="link"
          aria-expanded={showRecent}
          aria-controls="page-recent"
          onClick={() => setShowRecent(!showRecent)}
        >
          {w("site.recent", { count: page.recent.length })}
        </button>
      )}
    </p>
  );
  const recent = showRecent && page.recent.length > 0 && (
    <RecentRequests recent={page.recent} words={w} />
  );
  if (page.count === 0)
    return routeLine || recent ? (
      <>
        {routeLine}
        {recent}
      </>
    ) : null;
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
      {recent}
    </div>
  );
}

type Words = (key: SiteKey, values?: Record<string, string | number>) => string;

/** The page's short log: its last requests, newest first, each with its route and outcome. */
function RecentRequests({ recent, words: w }: { recent: RecentRequest[]; words: Words }) {
  const routeWord = (route: string) =>
    route.startsWith("proxy:")
      ? w("site.viaToken", { id: route.slice("proxy:".length) })
      : route === "block"
        ? w("site.blocked")
        : w("site.direct");
  const outcomeWord = (outcome: string) =>
    /^\d+$/.test(outcome)
      ? outcome
      : outcome === "login-refused"
        ? w("site.outLoginRefused")
        : outcome === "proxy-unreachable"
          ? w("site.outUnreachable")
          : outcome === "blocked"
            ? w("site.outBlocked")
            : w("site.outFailed");
  return (
    <ul id="page-recent" class="page-recent" data-testid="page-recent">
      {recent.map((r, i) => (
        // The list is replaced whole on each answer: a position is a stable key.
        <li key={i}>
          {w("site.recentLine", {
            host: r.host,
            route: routeWord(r.route),
            outcome: outcomeWord(r.outcome),
          })}
        </li>
      ))}
    </ul>
  );
}

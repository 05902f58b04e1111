/**
 * The popup's "this site": the current tab's site, the route it takes now and which rule says
 * so, and two clicks to change it (through the connected token, direct, back to the default,
 * or, under "Other…", through any token that can carry traffic, or blocked). Loaded after the first rows, in its own chunk: it adds nothing before them.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";
import { translateOf } from "../../lib/i18n/index";
import { thisSiteStrings } from "../../lib/i18n/this-site-strings";
import { answerToShow, askSiteRoute, takeEarlyAnswer } from "../../lib/popup/site-question";
import type { Reply } from "../../lib/protocol/commands";
import type { Route } from "../../lib/routing/rules";
import type { SiteRouteReport } from "../../lib/traffic/site-route";
import { type ActiveTab, useEnv } from "./env";
import { ErrorText } from "./Messages";
import { PageTraffic } from "./PageTraffic";
import { SiteRouteChooser } from "./SiteRouteChooser";
import "./this-site.css";

const siteWords = translateOf(thisSiteStrings);

export function ThisSite({
  activeTokenId,
  engineState,
  activeTab,
}: {
  activeTokenId: number | null;
  /** The engine's state: a block or a fallback changes where the site goes. */
  engineState: string;
  /** The active tab (activeTab), or null when there is none. */
  activeTab: () => Promise<ActiveTab | null>;
}) {
  const { send, explain, language } = useEnv();
  const w = siteWords(language);
  // The page asked as it opened (site-question.ts): an answer already in is shown in the
  // line's first render.
  const [early] = useState(takeEarlyAnswer);
  const [tab, setTab] = useState<ActiveTab | null>(() => answerToShow(early)?.tab ?? null);
  const [report, setReport] = useState<SiteRouteReport | null>(() => {
    const reply = answerToShow(early)?.reply;
    return reply?.ok ? reply.data : null;
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [routedHosts, setRoutedHosts] = useState<ReadonlySet<string>>(new Set());

  const show = (reply: Reply<"routeOf">) => {
    if (reply.ok) setReport(reply.data);
    else setFailure(reply.failure);
  };
  const load = async (shown: ActiveTab) => show(await send({ type: "routeOf", ...shown }));
  const firstAsk = useRef(true);
  useEffect(() => {
    const first = firstAsk.current;
    firstAsk.current = false;
    if (first && answerToShow(early)) return;
    // The early answer still on its way is awaited; later changes ask again, and so does a
    // failed early answer (the worker may have been starting; the page's send words failures).
    const ask = async () => {
      const waited = first && early instanceof Promise ? answerToShow(await early) : null;
      return waited ?? askSiteRoute(activeTab, send);
    };
    void ask().then(({ tab: shown, reply }) => {
      setTab(shown);
      if (reply) show(reply);
    });
  }, [activeTokenId, engineState]);

  if (!tab || !report) return null;
  if (!report.host) {
    return (
      <section class="site" aria-label={w("site.label")} data-testid="this-site">
        <p class="muted">{w("site.none")}</p>
      </section>
    );
  }

  // "#3 Work": the id the words carry, with the user's name for the token when it has one.
  const named = (id: number) => {
    const name = report.choices.find((choice) => choice.id === id)?.name;
    return name ? `${id} ${name}` : id;
  };
  const where =
    report.target.kind === "proxy"
      ? w("site.viaToken", { id: named(report.target.tokenId) })
      : report.target.kind === "direct"
        ? w("site.direct")
        : w("site.blocked");
  const why = report.byTab
    ? w("site.byTab")
    : report.rule
      ? w("site.byRule", { position: report.rule.position, text: report.rule.text })
      : w("site.byDefault");

  // Which route the site has now: its own rule's, or the default.
  const ownRoute = report.ownRule && report.rule ? report.rule.route : null;
  const own = ownRoute?.kind ?? null;
  const ownOther =
    (ownRoute?.kind === "token" && ownRoute.tokenId !== activeTokenId) || own === "block";
  const choose = async (route: Route | null) => {
    setBusy(true);
    setFailure(null);
    const reply = await send({ type: "setSiteRoute", host: report.host, route });
    if (reply.ok) {
      setChoosing(false);
      await load(tab);
    } else setFailure(reply.failure);
    setBusy(false);
  };

  /** A host that failed on this page gets a rule of its own. */
  const routeHost = async (host: string, route: Route) => {
    setBusy(true);
    setFailure(null);
    const reply = await send({ type: "setSiteRoute", host, route });
    if (reply.ok) setRoutedHosts(new Set([...routedHosts, host]));
    else setFailure(reply.failure);
    setBusy(false);
  };

  return (
    <section class="site" aria-label={w("site.label")} data-testid="this-site">
      <p>
        <span class="label">{w("site.label")}</span> <strong>{report.host}</strong>{" "}
        <span data-testid="site-route">{where}</span> <span class="muted">{why}</span>
      </p>
      {report.target.kind === "block" && report.target.failure && (
        <ErrorText failure={report.target.failure} />
      )}
      <fieldset class="site-actions">
        <legend class="visually-hidden">{w("site.choose")}</legend>
        {activeTokenId !== null && (
          <button
            type="button"
            class="btn btn--small"
            aria-pressed={ownRoute?.kind === "token" && ownRoute.tokenId === activeTokenId}
            disabled={busy}
            onClick={() => choose({ kind: "token", tokenId: activeTokenId })}
          >
            {w("site.useToken", { id: named(activeTokenId) })}
          </button>
        )}
        <button
          type="button"
          class="btn btn--small"
          aria-pressed={own === "direct"}
          disabled={busy}
          onClick={() => choose({ kind: "direct" })}
        >
          {w("site.useDirect")}
        </button>
        <button
          type="button"
          class="btn btn--small"
          aria-pressed={own === null}
          disabled={busy || !report.ownRule}
          onClick={() => choose(null)}
        >
          {w("site.useDefault")}
        </button>
        <button
          type="button"
          class="btn btn--small"
          aria-expanded={choosing}
          aria-pressed={ownOther}
          onClick={() => setChoosing(!choosing)}
        >
          {w("site.other")}
        </button>
      </fieldset>
      {choosing && (
        <SiteRouteChooser
          choices={report.choices}
          current={ownRoute}
          busy={busy}
          onChoose={(route) => void choose(route)}
        />
      )}
      <PageTraffic
        report={report}
        activeTokenId={activeTokenId}
        busy={busy}
        routed={routedHosts}
        words={w}
        onRoute={(host, route) => void routeHost(host, route)}
      />
      {failure && <p class="error">{explain(failure)}</p>}
    </section>
  );
}

/**
 * Options' traffic log: every request while the section is open, with its tab, host, route,
 * why, outcome and time; filtered by tab, site, route and outcome; paused and cleared.
 */
import { useContext, useMemo, useState } from "preact/hooks";
import { type TrafficT, trafficTranslate } from "@/lib/i18n/traffic-strings";
import {
  logTime,
  matches,
  NO_FILTER,
  outcomeWords,
  reasonWords,
  routeWords,
  type TrafficFilter,
  tabName,
  tabsSeen,
} from "@/lib/options/traffic-view";
import { isFailure } from "@/lib/traffic/entry";
import { LanguageContext, useExplain, useLocale } from "../shared";
import { useTabTitles } from "./use-tab-titles";
import { useTraffic } from "./use-traffic";
import "./traffic.css";

/** Rows drawn; the count says how many more match. */
const SHOWN = 200;

/** The section: the log is watched (and the background logs) only while it is open. */
export function TrafficSection() {
  const language = useContext(LanguageContext);
  const t = useMemo(() => trafficTranslate(language), [language]);
  const [open, setOpen] = useState(false);
  return (
    <section id="traffic" aria-labelledby="traffic-heading">
      <h2 id="traffic-heading">{t("traffic.heading")}</h2>
      <p class="hint">{t("traffic.intro")}</p>
      <details class="traffic" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t("traffic.watch")}</summary>
        {open && <TrafficLog t={t} />}
      </details>
    </section>
  );
}

function TrafficLog({ t }: { t: TrafficT }) {
  const explain = useExplain();
  const locale = useLocale();
  const [fullUrls, setFullUrls] = useState(false);
  const [filter, setFilter] = useState<TrafficFilter>(NO_FILTER);
  const traffic = useTraffic(fullUrls);
  const all = [...traffic.entries.values()];
  const matching = all.filter((entry) => matches(entry, filter)).reverse();
  const shown = matching.slice(0, SHOWN);
  const set = (patch: Partial<TrafficFilter>) => setFilter({ ...filter, ...patch });
  const tabs = tabsSeen(all);
  const titles = useTabTitles(tabs.map((tab) => tab.id));
  const hosts = new Map(tabs.map((tab) => [tab.id, tab.host]));

  return (
    // Busy until the background listens: "no requests yet" before then would not be evidence.
    <div class="traffic-log" aria-busy={!traffic.live}>
      <div class="traffic-controls">
        <button type="button" onClick={() => traffic.pause(!traffic.paused)}>
          {traffic.paused ? t("traffic.resume") : t("traffic.pause")}
        </button>
        <button type="button" class="secondary" onClick={traffic.clear}>
          {t("traffic.clear")}
        </button>
        <label class="inline">
          <input
            type="checkbox"
            checked={fullUrls}
            onChange={(event) => setFullUrls(event.currentTarget.checked)}
          />{" "}
          {t("traffic.fullUrls")}
        </label>
      </div>
      <div class="traffic-filters">
        <label>
          {t("traffic.filterTab")}
          <select value={filter.tab} onChange={(event) => set({ tab: event.currentTarget.value })}>
            <option value="all">{t("traffic.allTabs")}</option>
            {tabs.map((tab) => (
              <option key={tab.id} value={String(tab.id)}>
                {tab.id < 0 ? t("traffic.noTab") : tabName(tab, titles)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("traffic.filterSite")}
          <input
            type="search"
            value={filter.site}
            spellcheck={false}
            onInput={(event) => set({ site: event.currentTarget.value })}
          />
        </label>
        <label>
          {t("traffic.filterRoute")}
          <select
            value={filter.route}
            onChange={(event) =>
              set({ route: event.currentTarget.value as TrafficFilter["route"] })
            }
          >
            <option value="all">{t("traffic.any")}</option>
            <option value="proxy">{t("traffic.routeProxy", { id: "…" })}</option>
            <option value="direct">{t("traffic.routeDirect")}</option>
            <option value="block">{t("traffic.routeBlock")}</option>
          </select>
        </label>
        <label>
          {t("traffic.filterOutcome")}
          <select
            value={filter.outcome}
            onChange={(event) =>
              set({ outcome: event.currentTarget.value as TrafficFilter["outcome"] })
            }
          >
            <option value="all">{t("traffic.any")}</option>
            <option value="failed">{t("traffic.failedOnly")}</option>
            <option value="ok">{t("traffic.okOnly")}</option>
            <option value="pending">{t("traffic.pendingOnly")}</option>
          </select>
        </label>
      </div>
      <p role="status" class="traffic-status" id="traffic-status">
        {traffic.paused
          ? t("traffic.paused", { count: traffic.heldCount })
          : all.length > 0
            ? t("traffic.count", { shown: shown.length, total: matching.length })
            : traffic.live && t("traffic.empty")}
        {traffic.restart === "lost" && ` ${t("traffic.reconnecting")}`}
        {traffic.restart === "again" && ` ${t("traffic.watchingAgain")}`}
      </p>
      {shown.length > 0 && (
        // A long language's columns can be wider than the page: the table then scrolls in its
        // box, which a keyboard must reach (it holds no control of its own), named by the count
        // above it ("3 of 5 requests shown").
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box with no control inside is reached only this way (axe: scrollable-region-focusable).
        <section class="traffic-table-wrap" tabIndex={0} aria-labelledby="traffic-status">
          <table class="data-table traffic-table">
            <thead>
              <tr>
                <th scope="col">{t("traffic.col.time")}</th>
                <th scope="col">{t("traffic.col.tab")}</th>
                <th scope="col">{t("traffic.col.host")}</th>
                <th scope="col">{t("traffic.col.route")}</th>
                <th scope="col">{t("traffic.col.why")}</th>
                <th scope="col">{t("traffic.col.outcome")}</th>
                <th scope="col">{t("traffic.col.ms")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr
                  key={entry.requestId}
                  class={isFailure(entry.outcome) ? "failed" : undefined}
                  data-host={entry.host}
                >
                  <td>{logTime(entry.at, locale)}</td>
                  <td class="traffic-tab">
                    {entry.tabId < 0
                      ? "–"
                      : tabName({ id: entry.tabId, host: hosts.get(entry.tabId) ?? "" }, titles)}
                  </td>
                  <td class="traffic-host">{entry.url ?? entry.host}</td>
                  <td>{routeWords(entry, t)}</td>
                  <td>{reasonWords(entry, t, explain)}</td>
                  <td>{outcomeWords(entry, t)}</td>
                  <td>{entry.ms === null ? "" : t("traffic.ms", { ms: Math.round(entry.ms) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

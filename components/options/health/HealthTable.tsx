/**
 * Every token with its last health result: sortable, each with a checkbox for "Check
 * selected". 10,000 tokens: the rows are sorted once per change of results or order, and only
 * the first page of them is drawn, with "show more" for the next.
 */

import { useContext, useMemo, useState } from "preact/hooks";
import { LookDot } from "@/components/common/LookDot";
import type { HealthResults } from "@/lib/health/health";
import type { HealthT } from "@/lib/i18n/health-strings";
import { exitWords, gatewayUser, outcomeSentence } from "@/lib/i18n/health-words";
import { formatDateTime, relativeTime } from "@/lib/i18n/time";
import {
  HEALTH_SORTS,
  type HealthRow,
  type HealthSort,
  healthRows,
  tokenName,
} from "@/lib/options/health-view";
import type { StoredToken } from "@/lib/state/tokens";
import { LanguageContext } from "../shared";

/** Rows drawn at first and per "show more". */
export const HEALTH_PAGE = 200;

export function HealthTable(props: {
  tokens: StoredToken[];
  /** The stored results, and the gateway owners their words name. */
  health: { results: HealthResults; owners: Readonly<Record<string, number>> };
  /** The tokens ticked, and how to change them. */
  selection: readonly [ReadonlySet<number>, (next: ReadonlySet<number>) => void];
  t: HealthT;
}) {
  const { tokens, t } = props;
  const { results, owners } = props.health;
  const [selected, onSelect] = props.selection;
  const [sort, setSort] = useState<HealthSort>("id");
  const [shown, setShown] = useState(HEALTH_PAGE);
  const rows = useMemo(() => healthRows(tokens, results, sort), [tokens, results, sort]);
  const page = rows.slice(0, shown);
  const allSelected = tokens.length > 0 && tokens.every((token) => selected.has(token.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };

  return (
    <div class="health-list">
      <div class="health-table-controls">
        <label>
          {t("health.sort")}{" "}
          <select
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value as HealthSort)}
          >
            {HEALTH_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`health.sort.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {/* Said only when some are not shown: "1 of 1 tokens shown" tells nothing. */}
        {page.length < rows.length && (
          <span class="hint">{t("health.shown", { shown: page.length, total: rows.length })}</span>
        )}
      </div>
      <div class="health-table-wrap">
        <table class="data-table health-table">
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  checked={allSelected}
                  aria-label={t("health.selectAll")}
                  onChange={(event) =>
                    onSelect(
                      event.currentTarget.checked ? new Set(tokens.map((tk) => tk.id)) : new Set(),
                    )
                  }
                />
              </th>
              <th scope="col">{t("health.col.token")}</th>
              <th scope="col">{t("health.col.result")}</th>
              <th scope="col">{t("health.col.latency")}</th>
              <th scope="col">{t("health.col.exit")}</th>
              <th scope="col">{t("health.col.at")}</th>
            </tr>
          </thead>
          <tbody>
            {page.map((row) => (
              <Row
                key={row.token.id}
                row={row}
                owners={owners}
                selected={selected.has(row.token.id)}
                onSelect={toggle}
                t={t}
              />
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > page.length && (
        <button type="button" class="secondary" onClick={() => setShown(shown + HEALTH_PAGE)}>
          {t("health.showMore", { count: Math.min(HEALTH_PAGE, rows.length - page.length) })}
        </button>
      )}
    </div>
  );
}

function Row(props: {
  row: HealthRow;
  owners: Readonly<Record<string, number>>;
  selected: boolean;
  onSelect: (id: number, on: boolean) => void;
  t: HealthT;
}) {
  const { row, t } = props;
  const language = useContext(LanguageContext);
  const { token, health } = row;
  const outcome = health?.outcome;
  const tone = !outcome
    ? ""
    : outcome.kind === "ok"
      ? "ok"
      : outcome.kind === "not-checked"
        ? "skipped"
        : "bad";
  return (
    <tr data-token-id={token.id} data-outcome={outcome?.kind ?? "none"} class={tone}>
      <td>
        <input
          type="checkbox"
          checked={props.selected}
          aria-label={t("health.select", { id: token.id })}
          onChange={(event) => props.onSelect(token.id, event.currentTarget.checked)}
        />
      </td>
      <td>
        <LookDot look={token.look} />
        {tokenName(token, t)}
      </td>
      <td class="health-result">
        {/* A working token's latency has a column of its own: said once, there. */}
        {outcome?.kind === "ok"
          ? t("health.works")
          : outcome
            ? outcomeSentence(outcome, t, gatewayUser(token, props.owners))
            : t("health.none")}
      </td>
      <td class="health-latency">
        {outcome?.kind === "ok" ? t("health.ms", { ms: Math.round(outcome.latencyMs) }) : ""}
      </td>
      <td class="health-exit">{outcome ? exitWords(outcome, t) : ""}</td>
      <td>
        {health && (
          <time
            dateTime={new Date(health.at).toISOString()}
            title={formatDateTime(health.at, language)}
          >
            {relativeTime(health.at, Date.now(), language)}
          </time>
        )}
      </td>
    </tr>
  );
}

import { useEffect, useMemo, useState } from "preact/hooks";
import { asFailure } from "../../lib/base/failure";
import { NO_FILTER, type TokenFilter, TokenSearch } from "../../lib/popup/filter";
import type { TrafficUnit } from "../../lib/popup/format";
import type { HealthMark } from "../../lib/popup/health-marks";
import { listControls } from "../../lib/popup/list-controls";
import type { Notice } from "../../lib/popup/outcome";
import { routeStatus } from "../../lib/state/route-status";
import type { Connection, ProxyStatus } from "../../lib/state/status";
import type { StoredToken } from "../../lib/state/tokens";
import { useEnv } from "./env";
import { withIds } from "./id-state";
import { whenIdle } from "./idle";
import { SelectAll } from "./ListControls";
import { FiltersView, HealthBarView, Rows } from "./lazy-views";
import { TokenRow } from "./TokenRow";
import { useRowActions } from "./use-row-actions";

/** A row's usual height and the gap between rows (popup.css), before rows are measured. */
const ROW_HEIGHT = 128;
const ROW_GAP = 6;

export interface TokenListProps {
  tokens: StoredToken[];
  connection: Connection;
  status: ProxyStatus;
  /** The clock for expiry texts (moves on a tick and on storage changes). */
  now: number;
  notify: (notice: Notice) => void;
  trafficUnit: TrafficUnit;
  warnDays: number;
}

export function TokenList({
  tokens,
  connection,
  status,
  now,
  notify,
  trafficUnit,
  warnDays,
}: TokenListProps) {
  const env = useEnv();
  const { t } = env;
  const [filter, setFilter] = useState<TokenFilter>(NO_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [batchBusy, setBatchBusy] = useState(false);
  // Filled by the health chunk after the first rows; until then rows carry no mark.
  const [marks, setMarks] = useState<ReadonlyMap<number, HealthMark> | null>(null);

  // Expired tokens last: they cannot be connected (the clock moves them on its tick).
  const search = useMemo(() => new TokenSearch(tokens), [tokens]);
  const matches = useMemo(() => search.find(filter, now), [search, filter, now]);
  // The first keystroke then finds the search texts ready.
  useEffect(() => whenIdle(() => search.prepare()), [search]);
  const existing = useMemo(() => new Set(tokens.map((tk) => tk.id)), [tokens]);
  const selectedIds = [...selected].filter((id) => existing.has(id));
  const allMatchesSelected = matches.length > 0 && matches.every((tk) => selected.has(tk.id));

  const changeFilter = (change: Partial<TokenFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
  };

  const { handlers, deleteIds, pending, errors, notes } = useRowActions(
    tokens,
    notify,
    setSelected,
  );

  const deleteSelected = async () => {
    if (selectedIds.length === 0) return;
    setBatchBusy(true);
    await deleteIds(selectedIds);
    setBatchBusy(false);
  };

  const toggleAll = (on: boolean) => {
    const ids = matches.map((tk) => tk.id);
    setSelected((set) => withIds(set, ids, on));
  };

  if (tokens.length === 0) return <p class="empty">{t("noTokens")}</p>;

  const statusError = status.error && status.tokenId !== null ? status : null;
  const route = routeStatus(status, connection);
  const shown = listControls(tokens.length, selectedIds.length, filter);

  return (
    <section aria-label={t("tokenList")}>
      {shown.filters && (
        <FiltersView.Lazy filter={filter} tokens={tokens} onChange={changeFilter} />
      )}
      <div class="toolbar">
        {shown.bulk && (
          <>
            <SelectAll
              checked={allMatchesSelected}
              disabled={matches.length === 0}
              text={t("selectAllMatching", { count: matches.length })}
              onChange={toggleAll}
            />
            <button
              type="button"
              class="btn btn--danger"
              disabled={selectedIds.length === 0 || batchBusy}
              onClick={deleteSelected}
            >
              {batchBusy ? t("deleting") : t("deleteSelected", { count: selectedIds.length })}
            </button>
          </>
        )}
        {selectedIds.length > 0 && (
          <button type="button" class="btn" onClick={() => setSelected(new Set())}>
            {t("clearSelection")}
          </button>
        )}
        <HealthBarView.Lazy tokens={tokens} onMarks={setMarks} notify={notify} />
      </div>
      {matches.length === 0 ? (
        <p class="empty">
          {t("noMatches")}{" "}
          <button type="button" class="link" onClick={() => changeFilter(NO_FILTER)}>
            {t("clearFilters")}
          </button>
        </p>
      ) : (
        <Rows.Lazy
          class="rows"
          count={matches.length}
          keyOf={(index) => matches[index]?.id ?? -index}
          estimate={ROW_HEIGHT}
          gap={ROW_GAP}
          renderRow={(index) => {
            const token = matches[index] as StoredToken;
            return (
              <TokenRow
                key={token.id}
                index={index}
                token={token}
                active={connection.activeTokenId === token.id}
                routeState={connection.activeTokenId === token.id ? route : undefined}
                selected={selected.has(token.id)}
                pending={pending.get(token.id)}
                error={
                  errors.get(token.id) ??
                  (statusError?.tokenId === token.id && statusError.error
                    ? asFailure(statusError.error.failure)
                    : undefined)
                }
                note={notes.get(token.id)}
                now={now}
                t={t}
                language={env.language}
                socksAuth={env.socksAuth}
                trafficUnit={trafficUnit}
                warnDays={warnDays}
                handlers={handlers}
                health={marks?.get(token.id)}
              />
            );
          }}
        />
      )}
    </section>
  );
}

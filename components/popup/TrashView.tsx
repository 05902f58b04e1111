// Typed text and addresses keep their own direction in right-to-left text.
import "../common/bidi.css";
import "./trash.css";
import { useMemo, useState } from "preact/hooks";
import { PAGE_ROWS } from "../../lib/popup/filter";
import { formatDateTime, placeOf, relativeTime } from "../../lib/popup/format";
import { errorNotice, type Notice } from "../../lib/popup/outcome";
import { canRestore, type TrashEntry } from "../../lib/state/trash";
import { useEnv } from "./env";
import { Flag } from "./Flag";
import { withIds, withMark } from "./id-state";
import { SelectAll } from "./ListControls";
import { ShowMore } from "./ShowMore";
import { useTrashT } from "./trash-words";

type Busy = "restore" | "dismiss";

/** Deleted tokens with their restore deadline; past it they can only be dismissed. */
export function TrashView({
  trash,
  now,
  notify,
  restoreIds,
}: {
  trash: TrashEntry[];
  now: number;
  notify: (notice: Notice) => void;
  /** Sends restoreTokens and reports the outcome; resolves when the reply is in. */
  restoreIds: (ids: number[]) => Promise<void>;
}) {
  const { send, language, explain } = useEnv();
  const t = useTrashT();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlyMap<number, Busy>>(new Map());
  const [limit, setLimit] = useState(PAGE_ROWS);

  const entries = useMemo(() => [...trash].sort((a, b) => b.deletedAt - a.deletedAt), [trash]);
  // Exact time, not the ticking clock: the deadline decides what the server accepts.
  const restorable = (entry: TrashEntry) => canRestore(entry, Math.max(now, Date.now()));
  const restorableIds = entries.filter(restorable).map((e) => e.token.id);
  const expiredIds = entries.filter((e) => !restorable(e)).map((e) => e.token.id);
  const selectedIds = restorableIds.filter((id) => selected.has(id));

  const mark = (ids: number[], what: Busy | undefined) =>
    setBusy((map) => withMark(map, ids, what));

  const restore = async (ids: number[]) => {
    mark(ids, "restore");
    await restoreIds(ids);
    mark(ids, undefined);
    setSelected((set) => new Set([...set].filter((id) => !ids.includes(id))));
  };

  const dismiss = async (ids: number[]) => {
    mark(ids, "dismiss");
    const reply = await send({ type: "dismissTrash", tokenIds: ids });
    mark(ids, undefined);
    if (!reply.ok) notify(errorNotice(reply.failure, explain));
  };

  if (entries.length === 0) return <p class="empty">{t("trashEmpty")}</p>;

  const allSelected = restorableIds.length > 0 && selectedIds.length === restorableIds.length;
  return (
    <section aria-label={t("trashList")}>
      <div class="toolbar">
        <SelectAll
          checked={allSelected}
          disabled={restorableIds.length === 0}
          text={t("selectAllRestorable")}
          onChange={(on) => setSelected(new Set(on ? restorableIds : []))}
        />
        <button
          type="button"
          class="btn btn--primary"
          disabled={selectedIds.length === 0 || selectedIds.some((id) => busy.has(id))}
          onClick={() => void restore(selectedIds)}
        >
          {t("restoreSelected", { count: selectedIds.length })}
        </button>
      </div>
      {expiredIds.length > 0 && (
        <div class="toolbar">
          <button
            type="button"
            class="btn"
            disabled={expiredIds.some((id) => busy.has(id))}
            onClick={() => void dismiss(expiredIds)}
          >
            {t("dismissExpired", { count: expiredIds.length })}
          </button>
        </div>
      )}
      <ul class="rows">
        {entries.slice(0, limit).map((entry) => {
          const { token } = entry;
          const id = token.id;
          const open = restorable(entry);
          const state = busy.get(id);
          return (
            <li key={id} class="row trash-row" data-token-id={id}>
              <div class="row-head">
                {open && (
                  <label class="select">
                    <input
                      type="checkbox"
                      checked={selected.has(id)}
                      aria-label={t("selectToken", { id })}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSelected((set) => withIds(set, [id], on));
                      }}
                    />
                  </label>
                )}
                <span class="place">
                  <Flag code={token.countryCode} />
                  {placeOf(token) || t("unknownCountry")}
                </span>
                {open ? (
                  <button
                    type="button"
                    class="btn btn--primary"
                    disabled={state !== undefined}
                    aria-label={t("restoreLabel", { id })}
                    onClick={() => void restore([id])}
                  >
                    {state === "restore" ? t("restoring") : t("restore")}
                  </button>
                ) : (
                  <button
                    type="button"
                    class="btn"
                    disabled={state !== undefined}
                    aria-label={t("dismissLabel", { id })}
                    onClick={() => void dismiss([id])}
                  >
                    {t("dismiss")}
                  </button>
                )}
              </div>
              <p class="row-meta">
                <span class="kind">{t(`kind.${token.kind}`)}</span> · {token.networkType} · #{id} ·{" "}
                <code>{`${token.host}:${token.port}`}</code>
              </p>
              <p class="row-meta">
                {t("deletedWhen", { when: relativeTime(entry.deletedAt, now, language) })}
              </p>
              {open ? (
                <p class="row-meta">
                  {t("restorableUntil", {
                    date: formatDateTime(entry.restoreDeadline, language),
                    when: relativeTime(entry.restoreDeadline, now, language),
                  })}
                </p>
              ) : entry.restorable === false ? (
                <p class="row-meta expired">{t("providerNoRestore")}</p>
              ) : (
                <p class="row-meta expired">
                  {t("notRestorable", { date: formatDateTime(entry.restoreDeadline, language) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ShowMore
        shown={limit}
        total={entries.length}
        onMore={() => setLimit((l) => l + PAGE_ROWS)}
      />
    </section>
  );
}

import { useEffect, useRef, useState } from "preact/hooks";
import type { Failure } from "../../lib/base/failure";
import {
  hasMorePages,
  type RegionChoice,
  type RegionLevel,
  regionLookup,
} from "../../lib/popup/create";
import type { ProviderKind } from "../../lib/state/token-facts";
import { useCreateT } from "./create-words";
import { useEnv } from "./env";
import { Flag } from "./Flag";
import { useLookupTrouble } from "./lookup-trouble";
import { RetryError } from "./Messages";

export interface RegionPickerProps {
  level: RegionLevel;
  kind: ProviderKind;
  /** Only data-centre regions (the spec's is_datacenter filter). */
  datacenter?: boolean;
  /** Country id for states, state id for cities. */
  parentId?: number;
  label: string;
  /** Shown while nothing is chosen on an optional level ("Any state"). */
  anyLabel?: string;
  value: RegionChoice | null;
  onChange: (choice: RegionChoice | null) => void;
  /** Id of the element saying what is missing, when the form was refused. */
  problemId?: string;
}

const SEARCH_DELAY_MS = 250;

/** Type to search (`search_text`), pick from a page, "More results" for the next page. */
export function RegionPicker(props: RegionPickerProps) {
  const {
    level,
    kind,
    datacenter = false,
    parentId,
    label,
    anyLabel,
    value,
    onChange,
    problemId,
  } = props;
  const { send } = useEnv();
  const t = useCreateT();
  const [search, setSearch] = useState("");
  const [entries, setEntries] = useState<RegionChoice[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const trouble = useLookupTrouble(`region-${level}`, error);
  // Only the newest request may fill the list (typing outruns the answers).
  const requestSeq = useRef(0);
  // The button the user pressed disappears when the picker switches between its two faces:
  // keep keyboard focus in the picker (on "Change", or back on the search field).
  const focusNext = useRef(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (value ? changeButton.current : searchInput.current)?.focus();
  }, [value]);
  const pick = (choice: RegionChoice | null) => {
    focusNext.current = true;
    onChange(choice);
  };
  // "More results" goes while its page loads (and for good after the last): focus moves to
  // the first entry it brought, not to the page.
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const at = firstNew.current;
    if (loading || at === null) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLButtonElement>("button.option")[at]?.focus();
  }, [loading, entries.length]);

  const load = async (pageNumber: number, append: boolean) => {
    const seq = ++requestSeq.current;
    setLoading(true);
    setError(null);
    const reply = await send(
      regionLookup(level, kind, { parentId, search, page: pageNumber, datacenter }),
    );
    if (seq !== requestSeq.current) return;
    setLoading(false);
    if (!reply.ok) {
      setError(reply.failure);
      return;
    }
    // Only what a choice needs: the answer's other name forms stay out of the form state.
    const found = reply.data.map(({ id, name, code }) => ({ id, name, code }));
    setEntries((list) => (append ? [...list, ...found] : found));
    setPage(pageNumber);
    setMore(hasMorePages(found.length));
  };

  useEffect(() => {
    if (value) return;
    const timer = setTimeout(() => void load(1, false), search ? SEARCH_DELAY_MS : 0);
    return () => {
      clearTimeout(timer);
      requestSeq.current++; // a late answer for the old query is ignored
      setLoading(false);
    };
  }, [value === null, level, kind, datacenter, parentId, search, trouble.retries]);

  const inputId = `picker-${level}`;
  const listId = `picker-${level}-list`;
  if (value) {
    return (
      <div class="picker picker-chosen" data-testid={`picker-${level}`}>
        <span>
          <span class="muted">{label}: </span>
          {level === "countries" && <Flag code={value.code} />}
          <strong>{value.name}</strong>
        </span>
        <button
          type="button"
          class="btn btn--small"
          aria-label={`${t("change")}: ${label}`}
          ref={changeButton}
          onClick={() => pick(null)}
        >
          {t("change")}
        </button>
      </div>
    );
  }
  return (
    <div class="picker" data-testid={`picker-${level}`}>
      <label class="field" for={inputId}>
        <span>
          {label} {anyLabel && <span class="muted">{t("optional")}</span>}
        </span>
      </label>
      <input
        id={inputId}
        ref={searchInput}
        type="search"
        value={search}
        placeholder={t("searchRegion", { what: label })}
        aria-describedby={problemId}
        aria-controls={listId}
        onInput={(e) => setSearch(e.currentTarget.value)}
      />
      {anyLabel && <p class="muted">{anyLabel}</p>}
      {error ? (
        trouble.says && <RetryError failure={error} onRetry={trouble.retry} />
      ) : (
        <>
          <ul class="options-list" id={listId} aria-label={label} aria-busy={loading} ref={list}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <button type="button" class="option" onClick={() => pick(entry)}>
                  {level === "countries" && <Flag code={entry.code} />}
                  {entry.name}
                </button>
              </li>
            ))}
            {loading && <li class="muted">{t("loadingList")}</li>}
            {!loading && entries.length === 0 && <li class="muted">{t("noResults")}</li>}
          </ul>
          {more && !loading && (
            <button
              type="button"
              class="btn btn--small"
              onClick={() => {
                firstNew.current = entries.length;
                void load(page + 1, true);
              }}
            >
              {t("moreResults")}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Everything the popup renders, from storage only (no request on open), in two steps: the
 * small items its first screen needs (the summary of the lists, the connection, the status,
 * two settings), then the full lists after the first frame. Kept fresh by storage events.
 */
import type { PopupSummary } from "../state/popup-summary";
import type { Connection, ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import type { TrashEntry } from "../state/trash";
import { extension } from "./extension";
import { FIRST_KEYS } from "./first-reads";
import {
  type PopupSettings,
  storedConnection,
  storedSettings,
  storedStatus,
  storedSummary,
  storedTokens,
  storedTrash,
  storedUnseenFailure,
  type UnseenFailureView,
} from "./stored";

export interface PopupState {
  tokens: StoredToken[];
  trash: TrashEntry[];
  connection: Connection;
  status: ProxyStatus;
  settings: PopupSettings;
  unseenFailure: UnseenFailureView | null;
  /** Until the full lists arrive, the rows and counts come from the summary. */
  summary?: PopupSummary | null;
}

export { FIRST_KEYS };
/** The full lists, read after the first frame. */
export const LIST_KEYS = ["tokens", "trash"];

const readers: Record<string, (raw: unknown) => Partial<PopupState>> = {
  tokens: (raw) => ({ tokens: storedTokens(raw), summary: null }),
  trash: (raw) => ({ trash: storedTrash(raw) }),
  connection: (raw) => ({ connection: storedConnection(raw) }),
  proxyStatus: (raw) => ({ status: storedStatus(raw) }),
  settings: (raw) => ({ settings: storedSettings(raw) }),
  unseenFailure: (raw) => ({ unseenFailure: storedUnseenFailure(raw) }),
};

function fromRaw(raw: Record<string, unknown>, keys: readonly string[]): Partial<PopupState> {
  return Object.assign({}, ...keys.map((key) => readers[key]?.(raw[key]) ?? {}));
}

/**
 * The first screen's state. `early` is the answer of the read the page started first
 * (lib/popup/first-reads.ts), when there is one. Without a summary (none written yet), the
 * full lists are read now.
 */
export async function loadFirstState(
  early?: Promise<Record<string, unknown>>,
): Promise<PopupState> {
  const raw: Record<string, unknown> =
    // An early read that failed is read again here; a second failure is the caller's to show.
    (await early?.catch(() => undefined)) ?? (await extension().storage.local.get(FIRST_KEYS));
  const summary = storedSummary(raw.popupSummary);
  const base: PopupState = {
    tokens: summary?.first ?? [],
    trash: [],
    connection: storedConnection(raw.connection),
    status: storedStatus(raw.proxyStatus),
    settings: storedSettings(raw.settings),
    unseenFailure: storedUnseenFailure(raw.unseenFailure),
    summary,
  };
  return summary ? base : { ...base, ...(await loadLists()) };
}

/** The full token list and trash. */
export async function loadLists(): Promise<Partial<PopupState>> {
  return fromRaw(await extension().storage.local.get(LIST_KEYS), LIST_KEYS);
}

/** Calls back with the part of the state that changed; returns the unwatch function. */
export function watchPopupState(onChange: (change: Partial<PopupState>) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== "local") return;
    const keys = Object.keys(changes).filter((key) => key in readers);
    if (keys.length === 0) return;
    const raw = Object.fromEntries(keys.map((key) => [key, changes[key]?.newValue]));
    onChange(fromRaw(raw, keys));
  };
  const events = extension().storage.onChanged;
  events.addListener(listener);
  return () => events.removeListener(listener);
}

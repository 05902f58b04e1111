/** Everything the popup renders, read from storage in one go and kept fresh by watchers. */
import { decode, items, type UnseenFailure } from "../state/items";
import type { Settings } from "../state/settings";
import type { Connection, ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import type { TrashEntry } from "../state/trash";

export interface PopupState {
  tokens: StoredToken[];
  trash: TrashEntry[];
  connection: Connection;
  status: ProxyStatus;
  settings: Settings;
  unseenFailure: UnseenFailure | null;
}

const parse = {
  tokens: (v: unknown) => decode("tokens", v),
  trash: (v: unknown) => decode("trash", v),
  connection: (v: unknown) => decode("connection", v),
  status: (v: unknown) => decode("status", v),
  settings: (v: unknown) => decode("settings", v),
  unseenFailure: (v: unknown) => decode("unseenFailure", v),
};

/** The storage keys of the items above, as public/popup-early.js reads them in one call. */
export const POPUP_STORAGE_KEYS = [
  "tokens",
  "trash",
  "connection",
  "proxyStatus",
  "settings",
  "unseenFailure",
];

/**
 * Local storage only: no network request on open. `early` is the raw answer of one
 * `storage.local.get(POPUP_STORAGE_KEYS)` started before the modules loaded, when there is one.
 */
export async function loadPopupState(
  early?: Promise<Record<string, unknown>>,
): Promise<PopupState> {
  const raw = await early?.catch(() => undefined);
  const [tokens, trash, connection, status, settings, unseenFailure] = raw
    ? [raw.tokens, raw.trash, raw.connection, raw.proxyStatus, raw.settings, raw.unseenFailure]
    : await Promise.all([
        items.tokens.getValue(),
        items.trash.getValue(),
        items.connection.getValue(),
        items.status.getValue(),
        items.settings.getValue(),
        items.unseenFailure.getValue(),
      ]);
  return {
    tokens: parse.tokens(tokens),
    trash: parse.trash(trash),
    connection: parse.connection(connection),
    status: parse.status(status),
    settings: parse.settings(settings),
    unseenFailure: parse.unseenFailure(unseenFailure),
  };
}

/** Calls back with the part of the state that changed; returns the unwatch function. */
export function watchPopupState(onChange: (change: Partial<PopupState>) => void): () => void {
  const stops = [
    items.tokens.watch((v) => onChange({ tokens: parse.tokens(v) })),
    items.trash.watch((v) => onChange({ trash: parse.trash(v) })),
    items.connection.watch((v) => onChange({ connection: parse.connection(v) })),
    items.status.watch((v) => onChange({ status: parse.status(v) })),
    items.settings.watch((v) => onChange({ settings: parse.settings(v) })),
    items.unseenFailure.watch((v) => onChange({ unseenFailure: parse.unseenFailure(v) })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The popup's first reads, started the moment its one module starts running (main.tsx imports
 * this first, so nothing else in the module runs before them): the first screen's storage
 * items and the user's language tables. The page carries its own language's strings inline
 * (scripts/popup-first-files.ts), so only storage is a round trip.
 */
import { isLanguage, type Language, resolveLanguage } from "../base/languages";
import { type FailurePack, loadFailures, loadPack, type PopupPack } from "../i18n/popup-pack";

/** What the first screen reads, in one call. */
export const FIRST_KEYS = [
  "popupSummary",
  "connection",
  "proxyStatus",
  "settings",
  "unseenFailure",
];

export interface FirstReads {
  /** The one storage read of what the first screen shows (FIRST_KEYS). */
  storage: Promise<Record<string, unknown>>;
  /** The strings of the language the user sees. */
  pack: Promise<PopupPack>;
  /** Its failure sentences: fetched on the first call, which the page makes when it needs them. */
  failures: () => Promise<FailurePack>;
  /** True once one of FIRST_KEYS changed after the read: the page must read again. */
  storageChanged(): boolean;
}

/** The storage calls the first reads make (the browser's own API in the page). */
export interface FirstReadsApi {
  storage: {
    local: { get(keys: string[]): Promise<Record<string, unknown>> };
    onChanged: {
      addListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
    };
  };
}

export function startFirstReads(
  api: FirstReadsApi,
  pageLanguage: Language,
  browserLanguage: string,
): FirstReads {
  const storage = api.storage.local.get(FIRST_KEYS);
  let changed = false;
  // A change after this read and before the page's own watchers start would be lost: note it.
  api.storage.onChanged.addListener((changes, area) => {
    if (area === "local" && FIRST_KEYS.some((key) => key in changes)) changed = true;
  });
  // The page's language is the one the background opened; a stored choice that says otherwise
  // (changed a moment ago) wins.
  const pagePack = loadPack(pageLanguage);
  // Not left unhandled while the storage read decides; its failure reaches whoever awaits it.
  pagePack.catch(() => undefined);
  const chosen = storage.then(
    (stored): Language => {
      const language = (stored.settings as { language?: unknown } | undefined)?.language;
      return isLanguage(language) ? language : resolveLanguage("auto", browserLanguage);
    },
    // Unread: the page's own language; the read's failure is shown (and recorded) by main.tsx.
    () => pageLanguage,
  );
  return {
    storage,
    pack: chosen.then((language) => (language === pageLanguage ? pagePack : loadPack(language))),
    failures: () => chosen.then(loadFailures),
    storageChanged: () => changed,
  };
}

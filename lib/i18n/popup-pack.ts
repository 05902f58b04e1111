/**
 * The popup's language files, tables only, written at build (scripts/popup-first-files.ts)
 * from lib/i18n/popup-pack-*.ts: per language, the popup's strings (popup-pack-en.js, on the
 * first path) and its failure sentences (popup-failures-en.js, loaded beside them and awaited
 * only when a failure is on screen). The other language is never fetched unless
 * chosen.
 */
import type { FailureCode } from "../protocol/failure";
import type { Language } from "./index";
import type { PopupStringKey } from "./popup-strings";

export interface PopupPack {
  language: Language;
  popup: Record<PopupStringKey, string>;
}

export interface FailurePack {
  language: Language;
  failures: Record<FailureCode, string>;
}

/** Where each table file files itself when it runs: its own address → its table. */
type Filed = { popupTables?: Record<string, { language?: unknown } | undefined> };

/**
 * Waits for a table file, adding it to the page as a classic script unless the page names it
 * already (each popup page names its language's strings, so they load beside the modules).
 * A script, not fetch(): measured in the popup, fetch() and .json() of an extension file took
 * 15–25 ms after the page's first script ran, a script 7–9 ms.
 */
function loadTable<T extends { language: Language }>(
  address: string,
  language: Language,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      const table = (globalThis as Filed).popupTables?.[address];
      if (table?.language === language) resolve(table as T);
      else reject(new Error(table ? `${address} is damaged.` : `${address} did not load.`));
    };
    if ((globalThis as Filed).popupTables?.[address]) return settle();
    const named = document.querySelector(`script[src="${address}"]`);
    const script = named ?? document.createElement("script");
    script.addEventListener("load", settle, { once: true });
    script.addEventListener("error", settle, { once: true });
    if (!named) {
      (script as HTMLScriptElement).src = address;
      document.head.append(script);
    } else if (document.readyState === "complete") {
      settle(); // The named script has run or failed already: its events are past.
    } else {
      window.addEventListener("load", settle, { once: true });
    }
  });
}

/** The file's code, as the build writes it: it files its table under its address. */
export const tableScript = (address: string, table: object): string =>
  `(globalThis.popupTables||(globalThis.popupTables={}))[${JSON.stringify(address)}]=${JSON.stringify(table)};\n`;

// Literal addresses: a computed one is what Firefox's add-on review refuses.

export const loadPack = (language: Language) =>
  loadTable<PopupPack>(language === "zh_CN" ? "/popup-pack-zh.js" : "/popup-pack-en.js", language);

export const loadFailures = (language: Language) =>
  loadTable<FailurePack>(
    language === "zh_CN" ? "/popup-failures-zh.js" : "/popup-failures-en.js",
    language,
  );

/**
 * The popup's language files, tables only, written at build (scripts/popup-first-files.ts)
 * from each language's catalog (popup-pack-of.ts): per language, the popup's strings (popup-pack-en.js; each
 * popup page also carries its own language's strings inline) and its failure sentences
 * (popup-failures-en.js, loaded once the first frame is out, or before it when it shows a
 * failure). Another language is never fetched unless chosen.
 */
import type { FailureCode } from "../base/failure";
import type { Language } from "../base/languages";
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
 * A table: the one the page carries inline (each popup page carries its own language's strings
 * as a JSON data block, no request), else its file, added as a classic script.
 * A script, not fetch(): measured in the popup, fetch() and .json() of an extension file took
 * 15–25 ms after the page's first script ran, a script 7–9 ms.
 */
export function loadTable<T extends { language: Language }>(
  address: string,
  language: Language,
): Promise<T> {
  const scope = globalThis as Filed;
  scope.popupTables ??= {};
  const filed = scope.popupTables;
  return new Promise((resolve, reject) => {
    const settle = () => {
      const table = filed[address];
      if (table?.language === language) resolve(table as T);
      else reject(new Error(table ? `${address} is damaged.` : `${address} did not load.`));
    };
    if (filed[address]) return settle();
    const carried = document.querySelector(
      `script[type="application/json"][data-table="${address}"]`,
    );
    if (carried) {
      try {
        filed[address] = JSON.parse(carried.textContent ?? "") as { language?: unknown };
      } catch {
        // Damaged: settled below as a rejection ("is damaged"), which its caller handles.
        filed[address] = {};
      }
      return settle();
    }
    const script = document.createElement("script");
    script.addEventListener("load", settle, { once: true });
    script.addEventListener("error", settle, { once: true });
    script.src = address;
    document.head.append(script);
  });
}

/** The table as a page carries it: a JSON data block (never run), safe inside HTML. */
export const carriedTable = (address: string, table: object): string =>
  `<script type="application/json" data-table="${address}">${JSON.stringify(table).replace(/</g, "\\u003c")}</script>`;

/** The file's code, as the build writes it: it files its table under its address. */
export const tableScript = (address: string, table: object): string =>
  `(globalThis.popupTables||(globalThis.popupTables={}))[${JSON.stringify(address)}]=${JSON.stringify(table)};\n`;

/** The addresses of a language's two table files (the build writes them there). */
export const packAddress = (language: Language) => `/popup-pack-${language}.js`;
export const failuresAddress = (language: Language) => `/popup-failures-${language}.js`;

export const loadPack = (language: Language) =>
  loadTable<PopupPack>(packAddress(language), language);

export const loadFailures = (language: Language) =>
  loadTable<FailurePack>(failuresAddress(language), language);

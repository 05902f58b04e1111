/**
 * A language's popup pack (popup-pack.ts): the popup's strings and its failure sentences, each
 * table whole in that language (a key the catalog lacks reads in English). Written into the
 * build by scripts/popup-first-files.ts; tests make them the same way.
 */
import type { FailureCode } from "../base/failure";
import type { Language } from "../base/languages";
import type { Catalog } from "./catalog";
import { en as failuresEn } from "./failure-strings-en";
import type { FailurePack, PopupPack } from "./popup-pack";
import type { PopupStringKey } from "./popup-strings";
import { en as popupEn, popupTable } from "./popup-strings-en";
import { statusWords } from "./status-words";

function whole<K extends string>(
  english: Record<K, string>,
  catalog: Catalog,
  tables: readonly string[],
): Record<K, string> {
  const out = { ...english };
  for (const key of Object.keys(english) as K[]) {
    for (const table of [...tables].reverse()) {
      const text = catalog[table]?.[key];
      if (text !== undefined) out[key] = text;
    }
  }
  return out;
}

export const popupPackOf = (
  language: Language,
  catalog: Catalog = {},
): PopupPack & Pick<FailurePack, "failures"> => ({
  language,
  popup: whole<PopupStringKey>(popupEn, catalog, [popupTable.name, statusWords.name]),
  failures: whole<FailureCode>(failuresEn, catalog, ["failures"]),
});

/**
 * UI strings: English in each table's module (the source and the types), every other language
 * from its catalog (catalog.ts, lib/i18n/locales/<code>.json). Our own tables rather than
 * chrome.i18n because the user can pick the language in Settings, and chrome.i18n follows only
 * the browser's. Each page loads only its language, and only the tables it words.
 */

import type { Language } from "../base/languages";
import { translation } from "./catalog";
import { type Count, fill, type Strings } from "./fill";

export {
  intlLocale,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  resolveLanguage,
  textDirection,
} from "../base/languages";
export { type Count, fill, type Strings, wordsFrom } from "./fill";

/**
 * A translator over a table: `tables` names its catalog tables (its own first, then those whose
 * English it spreads in); a key no installed catalog has reads in English, a key English lacks
 * reads as itself.
 */
export function defineStrings<T extends Strings>(
  tables: string | readonly string[],
  en: T,
  count?: Count,
) {
  const names = typeof tables === "string" ? [tables] : tables;
  return (language: Language) =>
    (key: keyof T & string, values: Record<string, string | number> = {}): string =>
      fill(translation(language, names, key) ?? en[key] ?? key, values, language, count);
}

/** A string table's translate function, from its catalog name and its English. */
export const translateOf = <T extends Strings>(table: { name: string; en: T }, count?: Count) =>
  defineStrings<Record<keyof T & string, string>>(table.name, table.en, count);

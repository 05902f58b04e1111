/**
 * UI strings: English in each table's module (the source and the types), every other language
 * from its catalog (catalog.ts, lib/i18n/locales/<code>.json). Our own tables rather than
 * chrome.i18n because the user can pick the language in Settings, and chrome.i18n follows only
 * the browser's. Each page loads only its language, and only the tables it words.
 */
import { translation } from "./catalog";
import { intlLocale, type Language, textDirection } from "./languages";

export {
  intlLocale,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  resolveLanguage,
  textDirection,
} from "./languages";
export type Strings = Record<string, string>;
type Values = Record<string, string | number>;

/**
 * Writes a template's counts (plural.ts's `withPlurals`): passed only by tables that have them,
 * so the popup's first path (20 kB budget) does not carry it.
 */
export type Count = (template: string, values: Values, locale: string) => string;

// Unicode's first-strong isolate: inside right-to-left text an address, a number or a host
// keeps its own left-to-right order, and a Persian value stays right to left.
const isolate = (value: string) => `\u2068${value}\u2069`;

/** Fills `{name}` placeholders (and, with `count`, plural forms) of one template. */
export function fill(template: string, values: Values, language: Language, count?: Count): string {
  const rtl = textDirection(language) === "rtl";
  const shown = rtl
    ? Object.fromEntries(Object.entries(values).map(([name, v]) => [name, isolate(String(v))]))
    : values;
  const counted = count ? count(template, values, intlLocale(language)) : template;
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in shown ? String(shown[name]) : whole,
  );
}

/** Words from a table complete in `language` (the popup's packs): a missing key reads as itself. */
export const wordsFrom =
  <T extends Strings>(table: T, language: Language, count?: Count) =>
  (key: keyof T & string, values: Values = {}): string =>
    fill(table[key] ?? key, values, language, count);

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
    (key: keyof T & string, values: Values = {}): string =>
      fill(translation(language, names, key) ?? en[key] ?? key, values, language, count);
}

/** A string table's translate function, from its catalog name and its English. */
export const translateOf = <T extends Strings>(table: { name: string; en: T }, count?: Count) =>
  defineStrings<Record<keyof T & string, string>>(table.name, table.en, count);

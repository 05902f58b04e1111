/**
 * The translations a page has loaded: per language, its tables (lib/i18n/locales/<code>.json,
 * `{ table: { key: text } }`). English is the source, in each table's module; a language's
 * catalog is installed before the page words anything in it (load-catalog.ts), and a key it
 * lacks reads in English.
 */
import type { Language } from "../base/languages";

export type Table = Readonly<Record<string, string>>;
export type Catalog = Readonly<Record<string, Table | undefined>>;

const installed = new Map<Language, Catalog>();

/** Adds tables to a language's catalog (a later table of the same name replaces the earlier). */
export function installCatalog(language: Language, catalog: Catalog): void {
  installed.set(language, { ...installed.get(language), ...catalog });
}

export const hasCatalog = (language: Language): boolean =>
  language === "en" || installed.has(language);

/** The translation of `key` in the first of `tables` that has it; undefined in English. */
export function translation(
  language: Language,
  tables: readonly string[],
  key: string,
): string | undefined {
  if (language === "en") return undefined;
  const catalog = installed.get(language);
  if (!catalog) return undefined;
  for (const table of tables) {
    const text = catalog[table]?.[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

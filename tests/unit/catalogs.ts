/**
 * Every language's catalog, installed as a page installs its own (lib/i18n/load-catalog.ts):
 * unit tests word things in any language without loading chunks.
 */

import { isLanguage } from "../../lib/base/languages";
import { type Catalog, installCatalog } from "../../lib/i18n/catalog";

export const CATALOG_FILES = import.meta.glob<Catalog>("../../lib/i18n/locales/*.json", {
  eager: true,
  import: "default",
});

export const catalogOf = (language: string): Catalog =>
  CATALOG_FILES[`../../lib/i18n/locales/${language}.json`] ?? {};

export function installAllCatalogs(): void {
  for (const [file, catalog] of Object.entries(CATALOG_FILES)) {
    const language = /(\w+)\.json$/.exec(file)?.[1];
    if (isLanguage(language)) installCatalog(language, catalog);
  }
}

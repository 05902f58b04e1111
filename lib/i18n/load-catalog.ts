/**
 * A page's language: its whole catalog, fetched once as its own chunk (one per language, so a
 * page carries only the language it shows). Options awaits it before its first frame; the
 * popup's first frame words from its pack (popup-pack.ts) and its later views await this.
 */
import { type Catalog, hasCatalog, installCatalog } from "./catalog";
import { isLanguage, type Language } from "./languages";

const catalogs = import.meta.glob<Catalog>("./locales/*.json", { import: "default" });

/** Installs `language`'s catalog; English needs none. A failed load leaves the English words. */
export async function loadCatalog(language: Language): Promise<void> {
  if (hasCatalog(language)) return;
  const load = catalogs[`./locales/${language}.json`];
  if (load) installCatalog(language, await load());
}

/** The catalog of the language the page is shown in (its `<html lang>`, "pt-BR" → pt_BR). */
export function loadPageCatalog(): Promise<void> {
  const language = document.documentElement.lang.replace("-", "_");
  return isLanguage(language) ? loadCatalog(language) : Promise.resolve();
}

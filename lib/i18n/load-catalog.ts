/**
 * Options' language: its whole catalog, fetched once as its own chunk (one per language, so the
 * page carries only the language it shows), awaited before its first frame. The popup loads
 * only its views' tables (popup-views.ts).
 */

import type { Language } from "../base/languages";
import { type Catalog, hasCatalog, installCatalog } from "./catalog";

const catalogs = import.meta.glob<Catalog>("./locales/*.json", { import: "default" });

/** Installs `language`'s catalog; English needs none. A failed load leaves the English words. */
export async function loadCatalog(language: Language): Promise<void> {
  if (hasCatalog(language)) return;
  const load = catalogs[`./locales/${language}.json`];
  if (load) installCatalog(language, await load());
}

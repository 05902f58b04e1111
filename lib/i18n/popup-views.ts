/**
 * The words of the popup's on-demand views (the create form, the Trash, "this site", …) in the
 * page's language: only their tables, written per language at build into a table file
 * (popup-views-<code>.js, scripts/popup-first-files.ts), not the whole catalog Options loads.
 * An English page needs none: English is in the code.
 */

import { isLanguage, type Language } from "../base/languages";
import { type Catalog, hasCatalog, installCatalog } from "./catalog";
import { loadTable } from "./popup-pack";

/** The catalog tables the popup's views word themselves with. */
export const POPUP_VIEW_TABLES = [
  "addProxies",
  "alert",
  "create",
  "filter",
  "firstRun",
  "health",
  "keyboard",
  "outcome",
  "routeBar",
  "thisSite",
  "trash",
  "webrtcOffer",
] as const;

export interface ViewsTable {
  language: Language;
  tables: Catalog;
}

export const viewsAddress = (language: Language) => `/popup-views-${language}.js`;

/** The views' tables of the language the page is shown in (its `<html lang>`: "pt-BR"). */
export async function loadPopupViews(): Promise<void> {
  const language = document.documentElement.lang.replace("-", "_");
  if (!isLanguage(language) || hasCatalog(language)) return;
  const file = await loadTable<ViewsTable>(viewsAddress(language), language);
  installCatalog(language, file.tables);
}

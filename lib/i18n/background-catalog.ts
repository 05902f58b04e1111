/**
 * The background's words in every language: only the tables it speaks (the toolbar title, the
 * page menu, failures, status words), taken out of each catalog at build, so the service worker
 * does not carry the pages' text. The worker cannot import a chunk later (no import() in a
 * service worker), and the language may change while it runs: all languages are in.
 */

import { isLanguage } from "../base/languages";
import { installCatalog, type Table } from "./catalog";

const TABLES: Record<string, Record<string, Table>> = {
  badge: import.meta.glob<Table>("./locales/*.json", { eager: true, import: "badge" }),
  menu: import.meta.glob<Table>("./locales/*.json", { eager: true, import: "menu" }),
  failures: import.meta.glob<Table>("./locales/*.json", { eager: true, import: "failures" }),
  status: import.meta.glob<Table>("./locales/*.json", { eager: true, import: "status" }),
};

/** Installs the background's tables of every language (once, as the worker starts). */
export function installBackgroundCatalogs(): void {
  for (const [table, files] of Object.entries(TABLES)) {
    for (const [file, words] of Object.entries(files)) {
      const language = /(\w+)\.json$/.exec(file)?.[1];
      if (isLanguage(language)) installCatalog(language, { [table]: words });
    }
  }
}

/**
 * What the popup's first screen needs besides its one module, written at build (wxt.config.ts):
 * - per language, two table scripts: the popup's strings and its failure sentences (loaded
 *   when the user switches language, and the failures on demand);
 * - the popup pages themselves: popup.html (English) and popup-<code>.html (the others), each carrying
 *   its stylesheet and its language's strings inline, so opening the popup costs one request
 *   (the module) like an empty page. The stylesheet applies with the first content (see
 *   lib/popup/style.ts). The background opens the page of the user's language
 *   (lib/background/popup-page.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { popupPageOf } from "../lib/background/popup-page";
import { intlLocale, LANGUAGES, type Language, textDirection } from "../lib/base/languages";
import type { Catalog } from "../lib/i18n/catalog";
import { carriedTable, failuresAddress, packAddress, tableScript } from "../lib/i18n/popup-pack";
import { popupPackOf } from "../lib/i18n/popup-pack-of";
import { POPUP_VIEW_TABLES, type ViewsTable, viewsAddress } from "../lib/i18n/popup-views";
import { POPUP_STYLE_ID } from "../lib/popup/style";

// A language without its file reads in English here; the catalogs' unit check (every language,
// every key) is what fails then.
function catalogOf(language: string): Catalog {
  const file = new URL(`../lib/i18n/locales/${language}.json`, import.meta.url);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Catalog) : {};
}

const packs = LANGUAGES.map((language) => popupPackOf(language, catalogOf(language)));

/** A language's tables of the popup's views (popup-views.ts); none for English. */
function viewsTable(language: Language): ViewsTable {
  const catalog = catalogOf(language);
  return {
    language,
    tables: Object.fromEntries(POPUP_VIEW_TABLES.map((name) => [name, catalog[name] ?? {}])),
  };
}

export function popupTableFiles(): { relativeDest: string; contents: string }[] {
  return packs.flatMap(({ language, popup, failures }) => {
    const file = (address: string, table: object) => ({
      relativeDest: address.slice(1),
      contents: tableScript(address, table),
    });
    return [
      file(packAddress(language), { language, popup }),
      file(failuresAddress(language), { language, failures }),
      ...(language === "en" ? [] : [file(viewsAddress(language), viewsTable(language))]),
    ];
  });
}

const STRINGS_MARK = "<!-- popup-strings -->";
const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/popup-[\w-]+\.css)">/;

/** The stylesheet popup.html as built links to (its address inside the output folder). */
export function popupStylesheet(html: string): string {
  const link = STYLESHEET.exec(html);
  if (!link?.[1]) throw new Error("popup.html no longer links one stylesheet: update popupPages()");
  return link[1];
}

/**
 * The popup pages, one per language, from the built popup.html and its stylesheet's text: the
 * stylesheet in a <style> element, the language's strings in a JSON data block, and the page's
 * language and direction (so a right-to-left page is laid out so from its first frame).
 */
export function popupPages(html: string, css: string): { file: string; html: string }[] {
  if (!html.includes(STRINGS_MARK) || !html.includes('<html lang="en">')) {
    throw new Error("popup.html changed: update popupPages()");
  }
  if (/<\/style/i.test(css)) throw new Error("the popup's stylesheet cannot be carried inline");
  const styled = html.replace(
    STYLESHEET,
    () => `<style id="${POPUP_STYLE_ID}" media="not all">${css}</style>`,
  );
  return packs.map(({ language, popup }) => ({
    file: popupPageOf(language),
    html: styled
      .replace(STRINGS_MARK, () => carriedTable(packAddress(language), { language, popup }))
      .replace(
        '<html lang="en">',
        // Right to left from the first frame; left to right is the default.
        textDirection(language) === "rtl"
          ? `<html lang="${intlLocale(language)}" dir="rtl">`
          : `<html lang="${intlLocale(language)}">`,
      ),
  }));
}

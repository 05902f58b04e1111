/**
 * What the popup's first screen needs besides its one module, written at build (wxt.config.ts):
 * - per language, two table scripts: the popup's strings and its failure sentences (loaded
 *   when the user switches language, and the failures on demand);
 * - the popup pages themselves: popup.html (English) and popup-zh.html (Chinese), each carrying
 *   its stylesheet and its language's strings inline, so opening the popup costs one request
 *   (the module) like an empty page. The stylesheet applies with the first content (see
 *   lib/popup/style.ts). The background opens the page of the user's language
 *   (lib/background/popup-page.ts).
 */
import { popupPageOf } from "../lib/background/popup-page";
import { carriedTable, tableScript } from "../lib/i18n/popup-pack";
import { pack as en } from "../lib/i18n/popup-pack-en";
import { pack as zh } from "../lib/i18n/popup-pack-zh";
import { locale } from "../lib/i18n/time";
import { POPUP_STYLE_ID } from "../lib/popup/style";

const packs = [en, zh];
const fileCode = (language: string) => (language === "zh_CN" ? "zh" : "en");

export function popupTableFiles(): { relativeDest: string; contents: string }[] {
  return packs.flatMap(({ language, popup, failures }) => {
    const file = (name: string, table: object) => ({
      relativeDest: `${name}-${fileCode(language)}.js`,
      contents: tableScript(`/${name}-${fileCode(language)}.js`, table),
    });
    return [
      file("popup-pack", { language, popup }),
      file("popup-failures", { language, failures }),
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
 * The two popup pages from the built popup.html and its stylesheet's text: the stylesheet in a
 * <style> element, the language's strings in a JSON data block, and the page's language.
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
      .replace(STRINGS_MARK, () =>
        carriedTable(`/popup-pack-${fileCode(language)}.js`, { language, popup }),
      )
      .replace('<html lang="en">', `<html lang="${locale(language)}">`),
  }));
}

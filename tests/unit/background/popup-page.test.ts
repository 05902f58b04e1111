/**
 * The toolbar opens the popup page of the user's language; each page is the built one carrying
 * its stylesheet and its language's strings.
 */
import { readFileSync } from "node:fs";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { syncPopupPage } from "../../../lib/background/popup-page";
import { LANGUAGES } from "../../../lib/base/languages";
import { carriedTable } from "../../../lib/i18n/popup-pack";
import { popupPackOf } from "../../../lib/i18n/popup-pack-of";
import { POPUP_STYLE_ID } from "../../../lib/popup/style";
import { popupPages, popupStylesheet } from "../../../scripts/popup-first-files";
import { catalogOf } from "../catalogs";
import { en, zh } from "../popup/packs";

async function pageFor(language: "auto" | "en" | "zh_CN", browserLanguage: string) {
  const set: string[] = [];
  await syncPopupPage(
    { setPopup: async ({ popup }) => void set.push(popup) },
    { language },
    browserLanguage,
  );
  return set;
}

describe("the popup page of the user's language", () => {
  it("follows the setting, and the browser's language when it is auto", async () => {
    expect(await pageFor("zh_CN", "en-US")).toEqual(["popup-zh_CN.html"]);
    expect(await pageFor("en", "zh-CN")).toEqual(["popup.html"]);
    expect(await pageFor("auto", "zh-TW")).toEqual(["popup-zh_TW.html"]);
    expect(await pageFor("auto", "zh-Hans-SG")).toEqual(["popup-zh_CN.html"]);
    expect(await pageFor("auto", "pt-PT")).toEqual(["popup-pt_BR.html"]);
    expect(await pageFor("auto", "fa-IR")).toEqual(["popup-fa.html"]);
    expect(await pageFor("auto", "de")).toEqual(["popup-de.html"]);
    // A language Proxy Deck does not speak reads English.
    expect(await pageFor("auto", "ko-KR")).toEqual(["popup.html"]);
  });

  it("each page carries its stylesheet and its own language's strings, and says its language", () => {
    const source = readFileSync("entrypoints/popup/index.html", "utf8");
    const built = source.replace(
      "</head>",
      '<link rel="stylesheet" crossorigin href="/assets/popup-Ab1_-.css"></head>',
    );
    expect(popupStylesheet(built)).toBe("assets/popup-Ab1_-.css");
    const pages = popupPages(built, ".row{gap:4px}");
    expect(pages.map((p) => p.file)).toEqual(
      LANGUAGES.map((l) => (l === "en" ? "popup.html" : `popup-${l}.html`)),
    );
    const pageOf = (file: string) => pages.find((p) => p.file === file);
    for (const [page, pack, lang, dir] of [
      [pageOf("popup.html"), en, "en", "ltr"],
      [pageOf("popup-zh_CN.html"), zh, "zh-CN", "ltr"],
      [pageOf("popup-fa.html"), popupPackOf("fa", catalogOf("fa")), "fa", "rtl"],
    ] as const) {
      const { document } = parseHTML(page?.html ?? "");
      expect(document.documentElement.getAttribute("lang")).toBe(lang);
      // Right to left from the first frame.
      expect(document.documentElement.getAttribute("dir") ?? "ltr").toBe(dir);
      const style = document.querySelector("style");
      expect(style?.textContent).toBe(".row{gap:4px}");
      // Switched on by the page with its first content (lib/popup/style.ts).
      expect(style?.getAttribute("id")).toBe(POPUP_STYLE_ID);
      expect(style?.getAttribute("media")).toBe("not all");
      expect(document.querySelector("link[rel=stylesheet]")).toBeNull();
      const carried = document.querySelectorAll('script[type="application/json"]');
      expect(carried.length).toBe(1);
      expect(JSON.parse(carried[0]?.textContent ?? "")).toEqual({
        language: pack.language,
        popup: pack.popup,
      });
    }
  });

  it("a carried table cannot end its data block, whatever its strings say", () => {
    const hostile = { language: "en", popup: { title: '</script><script src="/x.js"></script>' } };
    const { document } = parseHTML(`<head>${carriedTable("/popup-pack-en.js", hostile)}</head>`);
    const scripts = document.querySelectorAll("script");
    expect(scripts.length).toBe(1);
    expect(JSON.parse(scripts[0]?.textContent ?? "")).toEqual(hostile);
  });

  it("a popup page that no longer has the strings' mark or one stylesheet stops the build", () => {
    expect(() => popupPages('<html lang="en"><body></body></html>', "")).toThrow(/changed/);
    expect(() => popupStylesheet('<html lang="en"><!-- popup-strings --></html>')).toThrow(
      /stylesheet/,
    );
    const page = '<html lang="en"><!-- popup-strings --></html>';
    expect(() => popupPages(page, "p{}</style><script>")).toThrow(/inline/);
    expect(() => popupPages(page, "p{}</STYLE ><script>")).toThrow(/inline/);
  });
});

/**
 * The popup's language files: strings first, failure sentences when they land. The page reads
 * the strings it carries inline and adds any other table as a script (see ./table-files).
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadPopupLanguage } from "../../../lib/i18n/popup-language";
import { en, zh } from "./packs";
import { carriedText, forgetTables, serveFiles } from "./table-files";

afterEach(forgetTables);

describe("the popup's language", () => {
  it("words failures once their sentences land, and says it is loading until then", async () => {
    let land: () => void = () => undefined;
    serveFiles(new Promise((resolve) => (land = resolve)));
    const language = await loadPopupLanguage("en");
    expect(language.t("viewCreate")).toBe("New token");
    expect(language.explain({ code: "no-credentials" })).toBe("Loading…");
    land();
    await language.ready();
    expect(language.explain({ code: "no-credentials" })).toBe(en.failures["no-credentials"]);
  });

  it("fetches only the chosen language's files", async () => {
    const loaded = serveFiles(Promise.resolve());
    const language = await loadPopupLanguage("zh_CN");
    await language.ready();
    expect(loaded.sort()).toEqual(["/popup-failures-zh_CN.js", "/popup-pack-zh_CN.js"]);
    expect(language.explain({ code: "no-credentials" })).toBe(zh.failures["no-credentials"]);
  });

  it("the strings the page carries are read from the page, not fetched", async () => {
    const address = "/popup-pack-zh_CN.js";
    const loaded = serveFiles(Promise.resolve(), [], {
      [address]: carriedText(address, { language: zh.language, popup: zh.popup }),
    });
    const language = await loadPopupLanguage("zh_CN");
    expect(language.t("viewCreate")).toBe(zh.popup.viewCreate);
    await language.ready();
    expect(loaded).toEqual(["/popup-failures-zh_CN.js"]);
  });

  it("carried strings of another language are not taken for the chosen one's", async () => {
    const loaded = serveFiles(Promise.resolve(), [], {
      "/popup-pack-zh_CN.js": carriedText("/popup-pack-zh_CN.js", {
        language: "en",
        popup: en.popup,
      }),
    });
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/damaged/);
    expect(loaded).toEqual([]);
  });

  it("a damaged carried table is reported, not used", async () => {
    serveFiles(Promise.resolve(), [], { "/popup-pack-en.js": '{"language":"en","pop' });
    await expect(loadPopupLanguage("en")).rejects.toThrow(/damaged/);
  });

  it("a pack that does not load is an error the page can report", async () => {
    serveFiles(Promise.resolve(), ["/popup-pack-zh_CN.js"]);
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/did not load/);
  });
});

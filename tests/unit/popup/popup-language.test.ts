/**
 * The popup's language files: strings first, failure sentences when they land. `fetch` is the
 * page's glue to its own packaged files, so it is stubbed here to control their timing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPopupLanguage } from "../../../lib/i18n/popup-language";
import { pack as en } from "../../../lib/i18n/popup-pack-en";
import { pack as zh } from "../../../lib/i18n/popup-pack-zh";

function serveFiles(failuresLanded: Promise<void>) {
  const fetched: string[] = [];
  vi.stubGlobal("fetch", async (address: string) => {
    fetched.push(address);
    const pack = address.includes("-zh") ? zh : en;
    if (address.includes("failures")) await failuresLanded;
    const body = address.includes("failures")
      ? { language: pack.language, failures: pack.failures }
      : { language: pack.language, popup: pack.popup };
    return { json: async () => body };
  });
  return fetched;
}

afterEach(() => vi.unstubAllGlobals());

describe("the popup's language", () => {
  it("words failures once their sentences land, and says it is loading until then", async () => {
    let land: () => void = () => undefined;
    serveFiles(new Promise((resolve) => (land = resolve)));
    const language = await loadPopupLanguage("en");
    expect(language.t("viewCreate")).toBe("New token");
    expect(language.explain({ code: "no-credentials" })).toBe("Loading…");
    land();
    await language.ready;
    expect(language.explain({ code: "no-credentials" })).toBe(en.failures["no-credentials"]);
  });

  it("fetches only the chosen language's files", async () => {
    const fetched = serveFiles(Promise.resolve());
    const language = await loadPopupLanguage("zh_CN");
    await language.ready;
    expect(fetched.sort()).toEqual(["/popup-failures-zh.json", "/popup-pack-zh.json"]);
    expect(language.explain({ code: "no-credentials" })).toBe(zh.failures["no-credentials"]);
  });

  it("refuses a file that is not the language asked for", async () => {
    vi.stubGlobal("fetch", async () => ({ json: async () => ({ language: "en", popup: {} }) }));
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/damaged/);
  });
});

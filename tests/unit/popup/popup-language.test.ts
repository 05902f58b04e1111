/**
 * The popup's language files: strings first, failure sentences when they land. The page adds
 * each file as a script; here a stub document runs the file the build writes (tableScript)
 * when it is appended, so the timing is the test's to control.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPopupLanguage } from "../../../lib/i18n/popup-language";
import { tableScript } from "../../../lib/i18n/popup-pack";
import { pack as en } from "../../../lib/i18n/popup-pack-en";
import { pack as zh } from "../../../lib/i18n/popup-pack-zh";

/** A document whose appended scripts run the built table files (or fail, for `broken`). */
function serveFiles(failuresLanded: Promise<void>, broken: string[] = []) {
  const loaded: string[] = [];
  const head = {
    append(script: { src: string; onload?: () => void; onerror?: () => void }) {
      const address = script.src;
      loaded.push(address);
      const pack = address.includes("-zh") ? zh : en;
      const table = address.includes("failures")
        ? { language: pack.language, failures: pack.failures }
        : { language: pack.language, popup: pack.popup };
      void (address.includes("failures") ? failuresLanded : Promise.resolve()).then(() => {
        if (broken.includes(address)) return script.onerror?.();
        new Function(tableScript(address, table))();
        script.onload?.();
      });
    },
  };
  vi.stubGlobal("document", { createElement: () => ({}), head });
  return loaded;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { popupTables?: unknown }).popupTables;
});

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
    const loaded = serveFiles(Promise.resolve());
    const language = await loadPopupLanguage("zh_CN");
    await language.ready;
    expect(loaded.sort()).toEqual(["/popup-failures-zh.js", "/popup-pack-zh.js"]);
    expect(language.explain({ code: "no-credentials" })).toBe(zh.failures["no-credentials"]);
  });

  it("a pack that does not load is an error the page can report", async () => {
    serveFiles(Promise.resolve(), ["/popup-pack-zh.js"]);
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/did not load/);
  });
});

/**
 * The popup's language files: strings first, failure sentences when they land. The page reads
 * the strings it carries inline (carriedTable) and adds any other table as a script; here a stub
 * document runs the file the build writes (tableScript) when it is appended, so the timing is
 * the test's to control.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPopupLanguage } from "../../../lib/i18n/popup-language";
import { carriedTable, tableScript } from "../../../lib/i18n/popup-pack";
import { pack as en } from "../../../lib/i18n/popup-pack-en";
import { pack as zh } from "../../../lib/i18n/popup-pack-zh";

type Listener = () => void;

/** A script element of the stub document: its listeners, as the page adds them. */
function stubScript(src = "") {
  const listeners: Record<string, Listener[]> = {};
  return {
    src,
    addEventListener(type: string, listener: Listener) {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    fire(type: "load" | "error") {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
}

/** The table file the build writes for this address, run as the browser would run it. */
function runTable(address: string) {
  const pack = address.includes("-zh") ? zh : en;
  const table = address.includes("failures")
    ? { language: pack.language, failures: pack.failures }
    : { language: pack.language, popup: pack.popup };
  new Function(tableScript(address, table))();
}

/** The text of the data block the build writes into a page for this table. */
function carriedText(address: string, table: object): string {
  return carriedTable(address, table)
    .replace(/^<script[^>]*>/, "")
    .replace(/<\/script>$/, "");
}

/**
 * A document whose appended scripts run the built table files (or fail, for `broken`);
 * `carried` are the data blocks the page's HTML carries, by address.
 */
function serveFiles(
  failuresLanded: Promise<void>,
  broken: string[] = [],
  carried: Record<string, string> = {},
) {
  const loaded: string[] = [];
  const head = {
    append(script: ReturnType<typeof stubScript>) {
      const address = script.src;
      loaded.push(address);
      void (address.includes("failures") ? failuresLanded : Promise.resolve()).then(() => {
        if (broken.includes(address)) return script.fire("error");
        runTable(address);
        script.fire("load");
      });
    },
  };
  vi.stubGlobal("document", {
    createElement: () => stubScript(),
    querySelector: (selector: string) => {
      const address = /data-table="([^"]+)"/.exec(selector)?.[1] ?? "";
      const text = carried[address];
      return text === undefined ? null : { textContent: text };
    },
    head,
  });
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
    await language.ready();
    expect(language.explain({ code: "no-credentials" })).toBe(en.failures["no-credentials"]);
  });

  it("fetches only the chosen language's files", async () => {
    const loaded = serveFiles(Promise.resolve());
    const language = await loadPopupLanguage("zh_CN");
    await language.ready();
    expect(loaded.sort()).toEqual(["/popup-failures-zh.js", "/popup-pack-zh.js"]);
    expect(language.explain({ code: "no-credentials" })).toBe(zh.failures["no-credentials"]);
  });

  it("the strings the page carries are read from the page, not fetched", async () => {
    const address = "/popup-pack-zh.js";
    const loaded = serveFiles(Promise.resolve(), [], {
      [address]: carriedText(address, { language: zh.language, popup: zh.popup }),
    });
    const language = await loadPopupLanguage("zh_CN");
    expect(language.t("viewCreate")).toBe(zh.popup.viewCreate);
    await language.ready();
    expect(loaded).toEqual(["/popup-failures-zh.js"]);
  });

  it("carried strings of another language are not taken for the chosen one's", async () => {
    const loaded = serveFiles(Promise.resolve(), [], {
      "/popup-pack-zh.js": carriedText("/popup-pack-zh.js", { language: "en", popup: en.popup }),
    });
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/damaged/);
    expect(loaded).toEqual([]);
  });

  it("a damaged carried table is reported, not used", async () => {
    serveFiles(Promise.resolve(), [], { "/popup-pack-en.js": '{"language":"en","pop' });
    await expect(loadPopupLanguage("en")).rejects.toThrow(/damaged/);
  });

  it("a pack that does not load is an error the page can report", async () => {
    serveFiles(Promise.resolve(), ["/popup-pack-zh.js"]);
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/did not load/);
  });
});

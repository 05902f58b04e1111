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

/**
 * A document whose appended scripts run the built table files (or fail, for `broken`); `named`
 * are scripts the page's HTML names, which the test runs when it likes.
 */
function serveFiles(
  failuresLanded: Promise<void>,
  broken: string[] = [],
  named: ReturnType<typeof stubScript>[] = [],
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
    querySelector: (selector: string) => named.find((s) => selector.includes(`"${s.src}"`)) ?? null,
    readyState: "loading",
    head,
  });
  vi.stubGlobal("window", { addEventListener: () => undefined });
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

  it("a table the page names is waited for, not fetched again", async () => {
    const named = stubScript("/popup-pack-zh.js");
    const loaded = serveFiles(Promise.resolve(), [], [named]);
    const language = loadPopupLanguage("zh_CN");
    runTable("/popup-pack-zh.js");
    named.fire("load");
    expect((await language).t("viewCreate")).toBe(zh.popup.viewCreate);
    await (await language).ready;
    expect(loaded).toEqual(["/popup-failures-zh.js"]);
  });

  it("a table the page named and already ran is used at once", async () => {
    runTable("/popup-pack-en.js");
    const loaded = serveFiles(Promise.resolve(), [], [stubScript("/popup-pack-en.js")]);
    const language = await loadPopupLanguage("en");
    expect(language.t("viewCreate")).toBe("New token");
    await language.ready;
    expect(loaded).toEqual(["/popup-failures-en.js"]);
  });

  it("a table the page named that failed before anyone listened is reported, not waited for", async () => {
    serveFiles(Promise.resolve(), [], [stubScript("/popup-pack-zh.js")]);
    vi.stubGlobal("document", { ...document, readyState: "complete" });
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/did not load/);
  });

  it("a pack that does not load is an error the page can report", async () => {
    serveFiles(Promise.resolve(), ["/popup-pack-zh.js"]);
    await expect(loadPopupLanguage("zh_CN")).rejects.toThrow(/did not load/);
  });
});

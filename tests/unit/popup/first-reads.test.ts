/**
 * The popup's first reads: one storage read of the first screen's items, started at once, and
 * the strings of the language the user sees, which the stored choice decides over the page's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { FIRST_KEYS, startFirstReads } from "../../../lib/popup/first-reads";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { en, zh } from "./packs";
import { carriedText, forgetTables, serveFiles } from "./table-files";

/** A page carrying the English strings; other tables are fetched as files (recorded). */
const englishPage = () =>
  serveFiles(Promise.resolve(), [], {
    "/popup-pack-en.js": carriedText("/popup-pack-en.js", { language: "en", popup: en.popup }),
  });

beforeEach(() => fakeBrowser.reset());
afterEach(forgetTables);

describe("the popup's first reads", () => {
  it("read the first screen's items and use the strings the page carries", async () => {
    await fakeBrowser.storage.local.set({ settings: DEFAULT_SETTINGS, tokens: ["not read"] });
    const get = vi.spyOn(fakeBrowser.storage.local, "get");
    const fetched = englishPage();
    const first = startFirstReads(fakeBrowser, "en", "en-US");
    expect(get).toHaveBeenCalledWith(FIRST_KEYS);
    const stored = await first.storage;
    expect(stored.settings).toEqual(DEFAULT_SETTINGS);
    expect(stored).not.toHaveProperty("tokens");
    expect((await first.pack).popup.viewCreate).toBe("New token");
    // The failure sentences only when the page asks for them.
    expect(fetched).toEqual([]);
    expect((await first.failures()).language).toBe("en");
    expect(fetched).toEqual(["/popup-failures-en.js"]);
    expect(first.storageChanged()).toBe(false);
  });

  it("a language chosen a moment ago wins over the page's", async () => {
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, language: "zh_CN" } });
    const fetched = englishPage();
    const first = startFirstReads(fakeBrowser, "en", "en-US");
    expect((await first.pack).popup.viewCreate).toBe(zh.popup.viewCreate);
    expect((await first.failures()).language).toBe("zh_CN");
    expect(fetched).toContain("/popup-pack-zh_CN.js");
  });

  it("'auto' follows the browser's language", async () => {
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, language: "auto" } });
    englishPage();
    const first = startFirstReads(fakeBrowser, "en", "zh-CN");
    expect((await first.pack).language).toBe("zh_CN");
  });

  it("a change to a first-screen item after the read is noted; other items are not", async () => {
    englishPage();
    const first = startFirstReads(fakeBrowser, "en", "en-US");
    await first.storage;
    await fakeBrowser.storage.local.set({ tokens: [] });
    expect(first.storageChanged()).toBe(false);
    await fakeBrowser.storage.local.set({ connection: { activeTokenId: 1, lastTokenId: 1 } });
    expect(first.storageChanged()).toBe(true);
  });
});

/**
 * The toolbar opens the popup page of the user's language, and the Chinese page is the built
 * English one naming the Chinese strings.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { syncPopupPage } from "../../../lib/background/popup-page";
import { chinesePopupPage } from "../../../scripts/popup-first-files";

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
    expect(await pageFor("zh_CN", "en-US")).toEqual(["popup-zh.html"]);
    expect(await pageFor("en", "zh-CN")).toEqual(["popup.html"]);
    expect(await pageFor("auto", "zh-TW")).toEqual(["popup-zh.html"]);
    expect(await pageFor("auto", "de")).toEqual(["popup.html"]);
  });

  it("the Chinese page names the Chinese strings and says its language; nothing else changes", () => {
    const english = readFileSync("entrypoints/popup/index.html", "utf8");
    const chinese = chinesePopupPage(english);
    expect(chinese).toContain('<html lang="zh-CN">');
    expect(chinese).toContain('src="/popup-pack-zh.js"');
    expect(chinese).not.toContain("popup-pack-en");
    expect(chinese.replace("zh-CN", "en").replace("pack-zh", "pack-en")).toBe(english);
  });

  it("a popup page that no longer names its strings stops the build", () => {
    expect(() => chinesePopupPage('<html lang="en"><body></body></html>')).toThrow(/changed/);
  });
});

/**
 * The toolbar's popup in the user's language on Firefox ESR: the background points the action
 * at popup-zh_CN.html when Chinese is chosen and back at popup.html for English; the Chinese page
 * words its first screen in Chinese, with the stylesheet it carries.
 */

import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { guard } from "../support/pace";
import { assertPrerequisites, extensionPage, launchFirefox, sendOk } from "./firefox";

let browser: Browser | undefined;
let ext: Page;

assertPrerequisites();

beforeAll(async () => {
  browser = await launchFirefox();
  ext = await extensionPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until the toolbar button opens `file`. */
async function toolbarPage(file: string): Promise<void> {
  await ext.waitForFunction(
    async (name) => (await chrome.action.getPopup({})).endsWith(`/${name}`),
    { timeout: guard(10_000) },
    file,
  );
}

test("choosing Chinese points the toolbar at the Chinese page, which speaks Chinese; English points back", async () => {
  const launched = browser;
  if (!launched) throw new Error("Firefox did not start");
  await sendOk(ext, { type: "patchSettings", patch: { language: "zh_CN" } });
  await toolbarPage("popup-zh_CN.html");
  const chinese = await extensionPage(launched, "popup-zh_CN.html");
  // No credentials in this profile: the first screen says what to do first, in Chinese.
  await chinese.waitForFunction(() => document.body.textContent?.includes("设置服务商"), {
    timeout: guard(10_000),
  });
  expect(await chinese.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  // The page carries its stylesheet inline: Firefox applies it (the popup is 400 px wide).
  expect(await chinese.evaluate(() => getComputedStyle(document.body).width)).toBe("400px");

  await sendOk(ext, { type: "patchSettings", patch: { language: "en" } });
  await toolbarPage("popup.html");
});

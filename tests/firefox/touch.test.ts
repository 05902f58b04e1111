/**
 * The popup as Firefox for Android shows it, in Firefox ESR: a 360 × 740 page, the pointer a
 * finger (Gecko's pointer preferences: coarse, no hover; touch events on). In every view, in
 * English and German (the longest words here), every control is at least 44 px tall, inside the
 * screen's width, and a tap at its centre lands on it; Firefox's popup offers no keyboard
 * shortcuts where the browser has no commands API (Android), and does here.
 */

import type { Page } from "puppeteer-core";
import { expect, test } from "vitest";
import { TOUCH_WIDTH, touchProblems } from "../e2e/touch-targets";
import { guard } from "../support/pace";
import { must } from "../support/sandbox-session";
import { assertPrerequisites, createTokens, extensionPage, sendOk } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite({
  prefs: {
    // Gecko's pointer capabilities: 1 is coarse without hover (a phone's finger).
    "ui.primaryPointerCapabilities": 1,
    "ui.allPointerCapabilities": 1,
    "dom.w3c_touch_events.enabled": 1,
  },
});

const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

test("the popup at 360 × 740 with a finger: every control at least 44 px tall and within reach, in every view, en and de", async () => {
  const { ext } = suite;
  const tokens = await createTokens(ext, "static-traffic", 7);
  await sendOk(ext, { type: "connect", tokenId: must(tokens[0], "token").id });
  await sendOk(ext, { type: "deleteTokens", tokenIds: [must(tokens[6], "token").id] });

  for (const [language, file] of [
    ["en", "popup.html"],
    ["de", "popup-de.html"],
  ] as const) {
    await sendOk(ext, { type: "patchSettings", patch: { language } });
    const popup = await extensionPage(suite.browser, file);
    await popup.setViewport({ width: TOUCH_WIDTH, height: 740 });
    expect(await popup.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    await popup.waitForSelector("[data-token-id]", { timeout: guard(10_000) });
    await nextFrames(popup);
    const problems = await touchProblems(popup, `${language} tokens`);
    // Firefox ESR has the commands API: its shortcuts are offered here (not on Android).
    expect(await popup.$('[data-testid="keyboard-shortcuts"]')).not.toBeNull();

    const views = await popup.$$(".view-button");
    for (const index of [1, 2, 3]) {
      await must(views[index], `view ${index}`).click();
      await popup.waitForFunction(
        (i) =>
          document.querySelectorAll(".view-button")[i]?.getAttribute("aria-pressed") === "true",
        { timeout: guard(10_000) },
        index,
      );
      await popup.waitForFunction(
        () =>
          [...document.querySelectorAll("main :is(form, ul, fieldset, textarea)")].some((el) =>
            el.checkVisibility(),
          ),
        { timeout: guard(10_000) },
      );
      await nextFrames(popup);
      problems.push(...(await touchProblems(popup, `${language} view ${index}`)));
    }
    expect(problems).toEqual([]);
    await popup.close();
  }
});

/**
 * The popup as Firefox for Android shows it, checked in Chromium: a 360 × 740 page on a touch
 * screen (Blink's pointer settings: a coarse primary pointer, no hover, touch events). In every
 * view (tokens with the list's filters, a new token, add yours, the Trash), in English and in
 * the language with the longest words here (German), every control a finger can reach is at
 * least 44 px tall, inside the screen's width, and a tap at its centre lands on it.
 */
import { expect, test } from "./fixtures";
import { createTokens, extensionPage, must, sandboxPage, sendOk } from "./harness";
import { screenshotPath } from "./screenshot-path";
import { TOUCH_WIDTH, touchProblems } from "./touch-targets";

test.use({
  chromiumArgs: [
    "--blink-settings=primaryPointerType=2,availablePointerTypes=2,primaryHoverType=1,availableHoverTypes=1",
    "--touch-events=enabled",
  ],
});

test("the popup at 360 × 740 on a touch screen: every control at least 44 px tall and within reach, in every view, en and de", async ({
  context,
  extensionId,
  sb,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  // Seven tokens (the list's filters show from six), one connected, one in the Trash.
  const tokens = await createTokens(ext, "static-traffic", 7);
  await sendOk(ext, { type: "connect", tokenId: must(tokens[0], "token").id });
  await sendOk(ext, { type: "deleteTokens", tokenIds: [must(tokens[6], "token").id] });

  for (const [language, page] of [
    ["en", "popup.html"],
    ["de", "popup-de.html"],
  ] as const) {
    await sendOk(ext, { type: "patchSettings", patch: { language } });
    const popup = await extensionPage(context, extensionId, page);
    await popup.setViewportSize({ width: TOUCH_WIDTH, height: 740 });
    expect(await popup.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    await popup.locator("[data-token-id]").first().waitFor();
    await popup.getByTestId("this-site").waitFor();
    const problems = await touchProblems(popup, `${language} tokens`);
    await popup.screenshot({ path: screenshotPath(`popup-touch-360-${language}.png`) });

    const views = popup.locator(".view-button");
    for (const index of [1, 2, 3]) {
      await views.nth(index).click();
      await expect(views.nth(index)).toHaveAttribute("aria-pressed", "true");
      // The view's chunk and its words are in once its first field or row shows.
      await popup.locator("main :is(form, ul, fieldset, textarea):visible").first().waitFor();
      await popup.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      problems.push(...(await touchProblems(popup, `${language} view ${index}`)));
    }
    expect(problems).toEqual([]);
    await popup.close();
  }
});

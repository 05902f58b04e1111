import { expect, test } from "./fixtures";
import { createTokens, extensionPage, sandboxPage, sendOk } from "./harness";
import { touchTargetsInPage } from "./touch-targets";

test("probe", async ({ context, extensionId, sb }) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const tokens = await createTokens(ext, "static-traffic", 7);
  await sendOk(ext, { type: "connect", tokenId: tokens[0]!.id });
  await sendOk(ext, { type: "patchSettings", patch: { language: "ru" } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setDeviceMetricsOverride", {
    width: 360,
    height: 740,
    deviceScaleFactor: 2,
    mobile: true,
  });
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  await page.goto(`chrome-extension://${extensionId}/popup-ru.html`);
  await page.locator("[data-token-id]").first().waitFor();
  await page.waitForTimeout(1000);
  console.log(
    "coarse",
    await page.evaluate(() => matchMedia("(pointer: coarse)").matches),
    "w",
    await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
      innerWidth,
    ]),
  );
  const targets = await page.evaluate(touchTargetsInPage);
  for (const t of targets)
    if (t.height < 44 || !t.reachable || t.right > 361 || t.left < -1)
      console.log(JSON.stringify(t));
  await page.screenshot({ path: "/work/exp/touch/popup-ru-360.png", fullPage: true });
});

/**
 * The popup's "this site" in the real action popup (chrome.action.openPopup, reached through
 * the DevTools protocol: Playwright does not list extension popups): the tab's site, its route
 * now and why, and two clicks that change where the site's traffic really goes.
 */
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import {
  backgroundWorker,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  must,
  NAMED_GATEWAY_ARGS,
  sandboxPage,
  sendOk,
  TEST_NAMES,
  twoTokensOnNamedGateway,
} from "./harness";
import { launchWithPopup } from "./popup-window";
import { screenshotPath } from "./screenshot-path";

const extensionId = unpackedExtensionId(extensionPath);

test("the popup names this site's route and why; Direct and Default move its traffic", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const { context, openPopup, close } = await launchWithPopup(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await ext.close();
    const site = await context.newPage();
    const shop = `http://shop.test:${new URL(echo.url).port}/`;
    await site.goto(shop);
    await site.bringToFront();
    // The default route: the connected token (a .test name, so it goes through the proxy).
    expect(await site.locator("#remote").textContent()).toBe(token.ip);

    const worker = await backgroundWorker(context);

    let popup = await openPopup();
    const line = () => popup.$eval('[data-testid="this-site"] p', (p) => p.textContent ?? "");
    await popup.waitForSelector('[data-testid="this-site"]');
    expect(await line()).toContain("shop.test");
    expect(await line()).toContain(`through #${token.id}`);
    expect(await line()).toContain("by the default route");

    // Two clicks: the popup is open (one), "Direct" (two).
    await popup.locator("button::-p-text(Direct)").click();
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="this-site"] p')?.textContent?.includes("by rule 1"),
    );
    expect(await line()).toContain("direct");
    await popup.screenshot({ path: screenshotPath("popup-this-site.png") });
    await site.reload();
    expect(await site.locator("#remote").textContent()).toBe("127.0.0.1");

    // Back to the default: the site's own rule goes, its traffic takes the token again.
    await popup.locator("button::-p-text(Default)").click();
    await popup.waitForFunction(() =>
      document
        .querySelector('[data-testid="this-site"] p')
        ?.textContent?.includes("by the default route"),
    );
    await site.reload();
    expect(await site.locator("#remote").textContent()).toBe(token.ip);

    // The line fills the room the first frame kept for it: nothing below it moved.
    const room = await popup.$eval(".site-slot", (slot) => ({
      height: slot.getBoundingClientRect().height,
      kept: Number.parseFloat(getComputedStyle(slot).minHeight),
    }));
    expect(room.height).toBe(room.kept);

    // "Through #id": the site's own rule names the connected token.
    await popup.locator(`button::-p-text(Through #${token.id})`).click();
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="this-site"] p')?.textContent?.includes("by rule 1"),
    );
    expect(await line()).toContain(`through #${token.id}`);
    await site.reload();
    expect(await site.locator("#remote").textContent()).toBe(token.ip);
    await popup.close();

    // Opened again, the popup reads the stored rules afresh.
    popup = await openPopup();
    await popup.waitForSelector('[data-testid="this-site"]');
    expect(await line()).toContain("by rule 1");

    // The site goes direct by its own rule; then the connected token is deleted elsewhere. The
    // engine fails closed on all traffic, this site's too, and "this site" says what the
    // browser does (not what the site's rule alone would say).
    await popup.locator("button::-p-text(Direct)").click();
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="site-route"]')?.textContent?.includes("direct"),
    );
    // (Written from the worker: a new tab would take the focus, and the popup would close.)
    await worker.evaluate(() => chrome.storage.local.set({ tokens: [] }));
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="site-route"]')?.textContent?.includes("blocked"),
    );
    expect(await popup.$eval('[data-testid="this-site"] .error', (e) => e.textContent)).toContain(
      "no longer stored",
    );
    const load = await site.reload().then(
      () => "loaded",
      (e: Error) => e.message,
    );
    expect(load).toContain("ERR_PROXY_CONNECTION_FAILED");
  } finally {
    await close();
  }
});

test("Other…: this site through a token other than the connected one in two clicks; other sites keep the default", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const { context, openPopup, close } = await launchWithPopup(userDataDir, NAMED_GATEWAY_ARGS);
  try {
    const ext = await extensionPage(context, extensionId);
    const { one, two, first, second } = await twoTokensOnNamedGateway(ext, sb);
    await sendOk(ext, { type: "connect", tokenId: first });
    await ext.close();
    const port = new URL(echo.url).port;
    const shop = `http://shop.test:${port}/`;
    const news = `http://news.test:${port}/`;
    const site = await context.newPage();
    expect(await exitOfPageLoad(site, news)).toBe(one.ip);
    expect(await exitOfPageLoad(site, shop)).toBe(one.ip);
    await site.bringToFront();

    const popup = await openPopup();
    await popup.waitForSelector('[data-testid="this-site"]');
    // Two clicks in the popup: "Other…", then the token.
    await popup.locator("button::-p-text(Other…)").click();
    await popup.waitForSelector('[data-testid="site-chooser"]');
    await popup.screenshot({ path: screenshotPath("popup-this-site-other.png") });
    await popup.locator(`[data-testid="site-chooser"] button::-p-text(Through #${second})`).click();
    await popup.waitForFunction(
      (id) =>
        document.querySelector('[data-testid="site-route"]')?.textContent === `through #${id}`,
      {},
      second,
    );
    expect(await popup.$eval('[data-testid="this-site"] p', (p) => p.textContent)).toContain(
      "by rule 1",
    );
    // This site goes through the second token; every other site still through the first.
    expect(await exitOfPageLoad(site, shop)).toBe(two.ip);
    expect(await exitOfPageLoad(site, news)).toBe(one.ip);

    // Block: the same two clicks; the site's traffic goes nowhere, the rest keeps flowing.
    await popup.locator("button::-p-text(Other…)").click();
    await popup.locator('[data-testid="site-chooser"] button::-p-text(Block)').click();
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="site-route"]')?.textContent === "blocked",
    );
    const blocked = await site.goto(shop).then(
      (r) => String(r?.status()),
      (e: Error) => e.message,
    );
    expect(blocked).toMatch(/ERR_/);
    // (A fresh page: the blocked one is still on Chromium's error page.)
    expect(await exitOfPageLoad(await context.newPage(), news)).toBe(one.ip);
  } finally {
    await close();
  }
});

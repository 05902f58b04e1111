/**
 * A popup that reads at a glance (issue 36): the route word is never cut, one state reads the
 * same in the popup, Options and the toolbar title, the list's filters wait for a list long
 * enough to need them, the WebRTC offer stays dismissed, and before credentials the popup says
 * what to do first, once.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { expect, extensionPath, launchWithExtension, test } from "./fixtures";
import {
  backgroundWorker,
  createTokens,
  extensionPage,
  must,
  openOptions,
  proxyStatus,
  sandboxPage,
  sendOk,
} from "./harness";
import { screenshotPath } from "./screenshot-path";

async function openPopup(context: BrowserContext, extensionId: string, file = "popup.html") {
  const page = await extensionPage(context, extensionId, file);
  await page.setViewportSize({ width: 400, height: 800 }); // the popup's own width (popup.css)
  await page.locator(".popup").waitFor();
  return page;
}

/** Whether an element shows all of its text: nothing scrolled away, nothing past the popup. */
const fits = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => ({
    cut: el.scrollWidth > el.clientWidth,
    right: el.getBoundingClientRect().right,
    width: document.documentElement.clientWidth,
  }));

/** The sandbox's settings saved and one token bought (not connected). */
async function oneToken(context: BrowserContext, extensionId: string, sb: Sandbox) {
  const ext = await sandboxPage(context, extensionId, sb);
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  return { ext, token };
}

const toolbarTitle = (ext: Page) => ext.evaluate(() => chrome.action.getTitle({}));

/**
 * The view's chunk in the page's module map and two frames drawn since: a view that would show
 * has shown by then, so an absent one is the popup's decision, not a chunk still loading.
 */
async function chunkIn(page: Page, name: string): Promise<void> {
  const file = must(
    readdirSync(path.join(extensionPath, "chunks")).find((f) => f.startsWith(`${name}-`)),
    `${name} chunk`,
  );
  await page.evaluate(async (src) => {
    await import(src);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, `/chunks/${file}`);
}

test("the route word is never cut: a long place and a long token name at the popup's width, in English and Chinese", async ({
  context,
  extensionId,
  sb,
}) => {
  const { ext, token } = await oneToken(context, extensionId, sb);
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await expect.poll(async () => (await proxyStatus(ext)).state).toBe("connected");
  // A place and a name longer than the popup is wide, as stored (the background wrote the
  // rest from a real connect and exit check).
  await ext.evaluate(async (id) => {
    const stored = await chrome.storage.local.get(["tokens", "proxyStatus"]);
    const status = stored.proxyStatus as { exitIp: Record<string, unknown> };
    const tokens = stored.tokens as { id: number; name: string }[];
    const long = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    await chrome.storage.local.set({
      tokens: tokens.map((t) => (t.id === id ? { ...t, name: `office-line-${long}` } : t)),
      proxyStatus: {
        ...status,
        exitIp: {
          ...status.exitIp,
          city: long,
          country: "United Kingdom of Great Britain and Northern Ireland",
        },
      },
    });
  }, token.id);

  for (const [language, file, words] of [
    ["en", "popup.html", `Through #${token.id}`],
    ["zh_CN", "popup-zh_CN.html", `经由 #${token.id}`],
  ] as const) {
    await sendOk(ext, { type: "patchSettings", patch: { language } });
    const popup = await openPopup(context, extensionId, file);
    await expect(popup.getByTestId("route-word")).toHaveText(words);
    await expect(popup.getByTestId("exit-ip")).toContainText("Llanfair");
    const route = await fits(popup, "route-word");
    expect(route.cut, language).toBe(false);
    expect(route.right, language).toBeLessThanOrEqual(route.width);
    // The detail beside and below it is what gives way.
    expect((await fits(popup, "exit-ip")).cut, language).toBe(true);
    await popup.close();
  }
});

test("one state, the same words: the popup's top line and row, Options and the toolbar title", async ({
  context,
  extensionId,
  sb,
}) => {
  const { ext, token } = await oneToken(context, extensionId, sb);
  const popup = await openPopup(context, extensionId);
  const options = await openOptions(context, extensionId, "exit");
  const optionsWord = options.locator("#exit-ip").getByTestId("route-word");

  await sendOk(ext, { type: "connect", tokenId: token.id });
  await expect.poll(async () => (await proxyStatus(ext)).state).toBe("connected");
  const through = `Through #${token.id}`;
  await expect(popup.getByTestId("route-word")).toHaveText(through);
  await expect(popup.locator(`[data-token-id="${token.id}"] .badge`)).toHaveText(through);
  await expect(optionsWord).toHaveText(through);
  await expect.poll(() => toolbarTitle(ext)).toMatch(new RegExp(`^Proxy Deck: ${through} · `));

  await sendOk(ext, { type: "off" });
  await expect(popup.getByTestId("route-word")).toHaveText("Off");
  await expect(optionsWord).toHaveText("Off");
  await expect.poll(() => toolbarTitle(ext)).toMatch(/^Proxy Deck: Off · /);
});

test("filters and bulk actions wait for a list that needs them: none with two tokens, there with six", async ({
  context,
  extensionId,
  sb,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  await createTokens(ext, "dynamic-traffic", 2);
  const popup = await openPopup(context, extensionId);
  await expect(popup.locator(".rows [data-token-id]")).toHaveCount(2);
  await chunkIn(popup, "Filters"); // idle prefetch: the filters could show, and do not
  await expect(popup.getByLabel("Search")).toHaveCount(0);
  await expect(popup.getByLabel("Kind")).toHaveCount(0);
  await expect(popup.getByText("Select all")).toHaveCount(0);

  await createTokens(ext, "dynamic-traffic", 4);
  await expect(popup.getByRole("button", { name: "Tokens (6)" })).toBeVisible();
  await expect(popup.getByLabel("Search")).toBeVisible();
  await expect(popup.getByLabel("Kind")).toBeVisible();
  await expect(popup.getByText("Select all 6 matching")).toBeVisible();
});

test("the WebRTC offer dismissed stays dismissed after reopening the popup and a browser restart; Options offers it again", async ({
  userDataDir,
  sb,
}) => {
  let context = await launchWithExtension(userDataDir);
  const extensionId = new URL((await backgroundWorker(context)).url()).host;
  const { ext, token } = await oneToken(context, extensionId, sb);
  await sendOk(ext, { type: "connect", tokenId: token.id });
  let popup = await openPopup(context, extensionId);
  const offer = () => popup.getByTestId("webrtc-offer");
  await offer().getByRole("button", { name: "Not now" }).click();
  await expect(offer()).toHaveCount(0);
  const dismissed = () =>
    popup.evaluate(
      async () =>
        ((await chrome.storage.local.get("settings")).settings as Record<string, unknown>)
          .webrtcOfferDismissed,
    );
  expect(await dismissed()).toBe(true);

  await popup.close();
  popup = await openPopup(context, extensionId);
  await expect(popup.getByTestId("route-word")).toHaveText(/#\d+$/);
  await chunkIn(popup, "WebrtcOffer");
  await expect(offer()).toHaveCount(0);
  await context.close();

  context = await launchWithExtension(userDataDir);
  try {
    await backgroundWorker(context);
    popup = await openPopup(context, extensionId);
    await expect(popup.getByTestId("route-word")).toHaveText(`Through #${token.id}`);
    await chunkIn(popup, "WebrtcOffer");
    await expect(offer()).toHaveCount(0);
    expect(await dismissed()).toBe(true);

    // Still reachable from Settings: Options says so and can bring the offer back.
    const options = await openOptions(context, extensionId, "settings");
    await options.getByRole("button", { name: "Offer it in the popup again" }).click();
    await expect(offer()).toContainText("WebRTC protection is off");
  } finally {
    await context.close();
  }
});

test("before credentials the popup says what to do first, once: one instruction, one action, no error", async ({
  context,
  extensionId,
}) => {
  const popup = await openPopup(context, extensionId);
  const start = popup.getByTestId("first-run");
  await expect(start).toContainText("First connect Proxy Deck to your proxy provider");
  await expect(popup.getByTestId("first-run")).toHaveCount(1);
  await expect(popup.getByRole("button")).toHaveCount(1);
  await expect(popup.locator(".error, [role=alert]")).toHaveCount(0);
  await expect(popup.getByText("No tokens yet")).toHaveCount(0);
  expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);

  const opened = context.waitForEvent("page");
  await popup.getByRole("button", { name: "Set up your provider" }).click();
  const options = await opened;
  expect(options.url()).toBe(`chrome-extension://${extensionId}/options.html#welcome`);
});

test("the popup at a glance in light and dark, English and Chinese: axe clean, screenshots kept", async ({
  context,
  extensionId,
  sb,
}) => {
  const { ext, token } = await oneToken(context, extensionId, sb);
  const [second] = await createTokens(ext, "static-traffic", 1);
  await sendOk(ext, {
    type: "editToken",
    tokenId: must(second, "second token").id,
    look: { name: "Work", colour: "#3b82f6" },
  });
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await expect.poll(async () => (await proxyStatus(ext)).state).toBe("connected");
  for (const [language, lang] of [
    ["en", "en"],
    ["zh_CN", "zh"],
  ] as const) {
    await sendOk(ext, { type: "patchSettings", patch: { language } });
    const popup = await openPopup(context, extensionId);
    await expect(popup.getByTestId("route-word")).toHaveText(
      lang === "en" ? `Through #${token.id}` : `经由 #${token.id}`,
    );
    for (const colorScheme of ["light", "dark"] as const) {
      await popup.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page: popup }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
        `${lang} ${colorScheme}`,
      ).toEqual([]);
      await popup.screenshot({ path: screenshotPath(`popup-${lang}-${colorScheme}.png`) });
    }
    await popup.close();
  }
});

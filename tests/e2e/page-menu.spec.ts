/**
 * The page context menu in real Chromium against the sandbox. Playwright cannot click a native
 * menu, so the click is the browser's own onClicked event dispatched in the service worker
 * (Chromium's extension events have dispatch(), which runs the registered listeners): the same
 * listener a real click reaches, with the OnClickData a real click brings. The result is counted
 * where it lands: the echo server sees each site arrive through the chosen token, or not at all.
 */

import type { Worker } from "@playwright/test";
import type { StoredToken } from "../../lib/state/tokens";
import { guard } from "../support/pace";
import {
  backgroundWorker,
  expect,
  extensionPath,
  launchWithExtension,
  test,
  unpackedExtensionId,
} from "./fixtures";
import {
  createTokens,
  exitOfSite,
  extensionPage,
  must,
  sandboxSettings,
  sendOk,
  TEST_NAMES,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);

/** Does the menu hold this item? (update() fails for an id the extension never created) */
const hasItem = (worker: Worker, id: string) =>
  worker.evaluate(
    (itemId) =>
      new Promise<boolean>((resolve) => {
        chrome.contextMenus.update(itemId, {}, () => resolve(!chrome.runtime.lastError));
      }),
    id,
  );

/** A right click on a page (and on a link in it, when given) and a click on the item. */
const click = (worker: Worker, menuItemId: string, pageUrl: string, linkUrl?: string) =>
  worker.evaluate(
    async ({ menuItemId, pageUrl, linkUrl }) => {
      const [tab] = await chrome.tabs.query({ url: `${new URL(pageUrl).origin}/*` });
      const info = { menuItemId, pageUrl, editable: false, ...(linkUrl ? { linkUrl } : {}) };
      (chrome.contextMenus.onClicked as unknown as { dispatch(...args: unknown[]): void }).dispatch(
        info,
        tab,
      );
    },
    { menuItemId, pageUrl, linkUrl },
  );

test("the page menu sends the clicked site (or the link's) through a token, blocks it, puts it back on the default; Chrome offers no per-tab route", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(90_000));
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const ext = await extensionPage(context, extensionId);
    const worker = await backgroundWorker(context);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
      must(t, `token ${i}`),
    ) as [StoredToken, StoredToken];
    await sendOk(ext, { type: "connect", tokenId: a.id });

    // Built from the tokens as they change: both offered, the connected one marked.
    await expect.poll(() => hasItem(worker, `pd-site:token:${b.id}`)).toBe(true);
    expect(await hasItem(worker, `pd-site:token:${a.id}`)).toBe(true);
    expect(await hasItem(worker, "pd-site:block")).toBe(true);
    // Chrome: the disabled line that says why, never a per-tab item that would do nothing.
    expect(await hasItem(worker, "pd-tab:chrome")).toBe(true);
    expect(await hasItem(worker, `pd-tab:token:${a.id}`)).toBe(false);

    const port = new URL(echo.url).port;
    const page = `http://shop.test:${port}/`;
    const link = `http://img.test:${port}/pixel`;
    const shop = await context.newPage();
    await shop.goto(page);
    expect(await exitOfSite(context, echo, "shop.test")).toBe(a.ip);
    expect(await exitOfSite(context, echo, "img.test")).toBe(a.ip);

    // On a link: the link's host gets its own rule, through token b; the page's site does not.
    await click(worker, `pd-site:token:${b.id}`, page, link);
    await expect
      .poll(async () => (await sendOk(ext, { type: "routeOf", url: link })).target)
      .toEqual({ kind: "proxy", tokenId: b.id });
    const own = await sendOk(ext, { type: "routeOf", url: link });
    expect(own.rule?.text).toBe("img.test");
    expect(own.ownRule).toBe(true);
    expect(await exitOfSite(context, echo, "img.test")).toBe(b.ip);
    expect(await exitOfSite(context, echo, "shop.test")).toBe(a.ip);

    // On the page: its site blocked, then back on the default route (its rule removed).
    await click(worker, "pd-site:block", page);
    await expect
      .poll(async () => (await sendOk(ext, { type: "routeOf", url: page })).target.kind)
      .toBe("block");
    expect(await exitOfSite(context, echo, "shop.test")).toBe("blocked");
    await click(worker, "pd-site:default", page);
    await expect
      .poll(async () => (await sendOk(ext, { type: "routeOf", url: page })).ownRule)
      .toBe(false);
    expect(await exitOfSite(context, echo, "shop.test")).toBe(a.ip);
    // Stored as one JSON text (lib/storage/items.ts): the link's rule kept, the page's gone.
    const stored = await ext.evaluate(async () =>
      JSON.parse(String((await chrome.storage.local.get("siteRules")).siteRules)),
    );
    expect(stored).toEqual([
      expect.objectContaining({
        source: { type: "pattern", text: "img.test" },
        route: { kind: "token", tokenId: b.id },
      }),
    ]);

    // A new token is offered once it is stored.
    const c = must((await createTokens(ext, "static-traffic", 1))[0], "token c");
    await expect.poll(() => hasItem(worker, `pd-site:token:${c.id}`)).toBe(true);
  } finally {
    await context.close();
  }
});

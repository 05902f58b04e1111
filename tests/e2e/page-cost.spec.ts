/**
 * What a page pays for Proxy Deck, in real Chromium against the sandbox: connected with no site
 * rules, no listener of the extension hears each of a page's requests (the browser would hand
 * every one to the worker: a tenth of a 300-image page's load time, `npm run bench`). Seen from
 * outside: a stopped worker stays asleep while the page fetches through the token. A site rule
 * brings the page's counts by route back.
 */

import type { Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import { guard } from "../support/pace";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import { createTokens, must, sandboxPage, sendOk, TEST_NAMES, watchWorker } from "./harness";

const extensionId = unpackedExtensionId(extensionPath);

const blockRule: SiteRule = {
  id: "block-ads",
  enabled: true,
  source: { type: "pattern", text: "ads.test" },
  route: { kind: "block" },
};

/** Ten fetches from the page, one at a time, each answered (their exits at the echo server). */
const fetchTen = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 10; i++) await (await fetch(`/?n=${i}`, { cache: "no-store" })).text();
  });

test("connected without rules, a page's requests go through the token without waking a stopped worker; a site rule brings the counts back", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    const site = await context.newPage();
    await site.goto(`http://shop.test:${new URL(echo.url).port}/`);
    expect(await site.locator("#remote").textContent()).toBe(token.ip);

    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.sleep();
    const starts = worker.starts();
    const heard = echo.requestsFrom.length;
    await fetchTen(site);
    // All ten went through the token, and the worker was not woken to hear them (a listener
    // for every request's end or headers, even one left from before the stop, would wake it).
    expect(echo.requestsFrom.slice(heard)).toEqual(Array(10).fill(token.ip));
    await expect.poll(() => worker.isRunning(), { timeout: guard(2_000) }).toBe(false);
    expect(worker.starts()).toBe(starts);

    // A rule: requests go more than one way, so this page's are counted by route again.
    await sendOk(ext, { type: "setSiteRules", rules: [blockRule] });
    const tabs = await ext.evaluate(() => chrome.tabs.query({ url: "http://shop.test/*" }));
    const tabId = must(tabs[0]?.id, "the site's tab");
    await site.reload();
    await fetchTen(site);
    await expect
      .poll(async () => {
        const route = await sendOk(ext, { type: "routeOf", url: site.url(), tabId });
        return route.thisPage?.routes.proxy.find((r) => r.tokenId === token.id)?.count ?? 0;
      })
      .toBeGreaterThanOrEqual(11);
  } finally {
    await context.close();
  }
});

/**
 * Seeing the traffic, in real Chromium against the sandbox: the popup's "failed on this page"
 * (counted since the page loaded, named by host, routed in one click; kept across a worker
 * stop, never counted twice) and Options' traffic log (each request's route, why, outcome).
 */
import type { SiteRule } from "../../lib/routing/rules";
import type { Sandbox } from "../sandbox/index";
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import {
  createTokens,
  extensionPage,
  must,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
  watchWorker,
} from "./harness";
import { launchWithPopup } from "./popup-window";

const extensionId = unpackedExtensionId(extensionPath);

let sb: Sandbox;
let echo: Awaited<ReturnType<typeof startEchoServer>>;
test.beforeEach(async () => {
  sb = await sandboxFor();
  echo = await startEchoServer();
});
test.afterEach(async () => {
  await echo.close();
  await sb.close();
});

const blockRule = (host: string): SiteRule => ({
  id: `block-${host}`,
  enabled: true,
  source: { type: "pattern", text: host },
  route: { kind: "block" },
});

/** Requests for this host's image that reached the echo server, and from where. */
const pixelsFrom = (host: string) =>
  echo.requestsFrom.filter((_, i) => echo.requestPaths[i]?.includes(`from=${host}`));

test("the popup counts this page's failed requests by host and routes one in a click; a worker stop keeps the count", async ({
  userDataDir,
}) => {
  const { context, openPopup, close } = await launchWithPopup(userDataDir, [
    "--host-resolver-rules=MAP *.test 127.0.0.1",
  ]);
  try {
    const ext = await extensionPage(context, extensionId);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await sendOk(ext, { type: "setSiteRules", rules: [blockRule("cdn.test")] });
    const port = new URL(echo.url).port;
    const site = await context.newPage();
    await site.goto(`http://shop.test:${port}/?images=cdn.test,img.test`);
    await site.waitForLoadState("load");
    await site.bringToFront();
    // img.test went through the token; cdn.test was blocked by its rule.
    expect(pixelsFrom("img.test")).toEqual([token.ip]);
    expect(pixelsFrom("cdn.test")).toEqual([]);

    // The failure is stored as it happens (the popup reads it after the stop).
    await expect
      .poll(() =>
        ext.evaluate(async () => JSON.stringify(await chrome.storage.session.get("pageFailures"))),
      )
      .toContain('"cdn.test":1');
    // A worker stop between the failure and the look: the count is kept, and not doubled.
    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.stop();
    await expect.poll(() => worker.isRunning()).toBe(false);
    // Woken by a page's question, as the popup's own would.
    await sendOk(ext, { type: "routeOf", url: "http://other.test/" });
    await site.bringToFront();

    const popup = await openPopup();
    await popup.waitForSelector('[data-testid="page-failures"]');
    const failures = () => popup.$eval('[data-testid="page-failures"]', (e) => e.textContent ?? "");
    expect(await failures()).toContain("1 request of this page failed since it loaded");
    expect(await failures()).toContain("cdn.test (1)");
    expect(await failures()).not.toContain("img.test");

    // One click: cdn.test takes this site's route (the token).
    await popup.locator('[data-testid="page-failures"] button::-p-text(Same as this site)').click();
    await popup.waitForSelector('[data-testid="page-failures"] [role="status"]');
    const rules = await sendOk(ext, { type: "routeOf", url: `http://cdn.test:${port}/` });
    expect(rules.target).toEqual({ kind: "proxy", tokenId: token.id });
    expect(rules.rule?.text).toBe("cdn.test");

    await site.reload();
    await site.waitForLoadState("load");
    await expect.poll(() => pixelsFrom("cdn.test")).toEqual([token.ip]);
    // The new page failed nothing: the popup says nothing about failures.
    await popup.close();
    await site.bringToFront();
    const again = await openPopup();
    await again.waitForSelector('[data-testid="this-site"]');
    expect(await again.$('[data-testid="page-failures"]')).toBeNull();
  } finally {
    await close();
  }
});

/**
 * Seeing the traffic, in real Chromium against the sandbox: the popup's "failed on this page"
 * (counted since the page loaded, named by host, routed in one click; kept across a worker
 * stop, never counted twice) and Options' traffic log (each request's route, why, outcome).
 */
import type { SiteRule } from "../../lib/routing/rules";
import type { EchoServer } from "../support/echo-server";
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
  must,
  openOptions,
  sandboxPage,
  sendOk,
  TEST_NAMES,
  watchWorker,
} from "./harness";
import { launchWithPopup } from "./popup-window";

const extensionId = unpackedExtensionId(extensionPath);

const blockRule = (host: string): SiteRule => ({
  id: `block-${host}`,
  enabled: true,
  source: { type: "pattern", text: host },
  route: { kind: "block" },
});

/** Requests for this host's image that reached the echo server, and from where. */
const pixelsFrom = (echo: EchoServer, host: string) =>
  echo.requestsFrom.filter((_, i) => echo.requestPaths[i]?.includes(`from=${host}`));

test("the popup counts this page's failed requests by host and routes one in a click; a worker stop keeps the count", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const { context, openPopup, close } = await launchWithPopup(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await sendOk(ext, { type: "setSiteRules", rules: [blockRule("cdn.test")] });
    const port = new URL(echo.url).port;
    const site = await context.newPage();
    await site.goto(`http://shop.test:${port}/?images=cdn.test,img.test`);
    await site.waitForLoadState("load");
    await site.bringToFront();
    // img.test went through the token; cdn.test was blocked by its rule.
    expect(pixelsFrom(echo, "img.test")).toEqual([token.ip]);
    expect(pixelsFrom(echo, "cdn.test")).toEqual([]);

    // The failure is stored as it happens (the popup reads it after the stop).
    await expect
      .poll(() =>
        ext.evaluate(async () => JSON.stringify(await chrome.storage.session.get("pageTraffic"))),
      )
      .toContain('"cdn.test":1');
    // And the page's short log has the image that went through (written within a second).
    await expect
      .poll(() =>
        ext.evaluate(async () => JSON.stringify(await chrome.storage.session.get("pageTraffic"))),
      )
      .toContain('"host":"img.test"');
    // A worker stop between the failure and the look: the count is kept, and not doubled.
    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.sleep();
    // Woken by a page's question, as the popup's own would.
    await sendOk(ext, { type: "routeOf", url: "http://other.test/" });
    await site.bringToFront();

    const popup = await openPopup();
    await popup.waitForSelector('[data-testid="page-failures"]');
    const failures = () => popup.$eval('[data-testid="page-failures"]', (e) => e.textContent ?? "");
    expect(await failures()).toContain("1 request of this page failed since it loaded");
    expect(await failures()).toContain("cdn.test (1)");
    expect(await failures()).not.toContain("img.test");
    // And where the page's requests went: the page and its image through the token, one blocked.
    const routes = await popup.$eval('[data-testid="page-routes"]', (e) => e.textContent ?? "");
    expect(routes).toMatch(new RegExp(`This page so far: \\d+ through #${token.id}, 1 blocked\\.`));
    // The page's short log: its last requests, each with its route and outcome.
    await popup.click('[data-testid="page-routes"] button');
    const recent = await popup.$$eval('[data-testid="page-recent"] li', (items) =>
      items.map((item) => item.textContent ?? ""),
    );
    expect(recent).toContain("cdn.test: blocked, sent nowhere");
    expect(recent).toContain(`img.test: through #${token.id}, 200`);

    // One click: cdn.test takes this site's route (the token).
    await popup.locator('[data-testid="page-failures"] button::-p-text(Same as this site)').click();
    await popup.waitForSelector('[data-testid="page-failures"] [role="status"]');
    const rules = await sendOk(ext, { type: "routeOf", url: `http://cdn.test:${port}/` });
    expect(rules.target).toEqual({ kind: "proxy", tokenId: token.id });
    expect(rules.rule?.text).toBe("cdn.test");

    await site.reload();
    await site.waitForLoadState("load");
    await expect.poll(() => pixelsFrom(echo, "cdn.test")).toEqual([token.ip]);
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

test("Options' traffic log shows each request's route, why and outcome; filters, pause, clear; full addresses hide secrets; a worker stop reconnects", {
  tag: "@waits",
}, async ({ userDataDir, sb, echo }) => {
  const { context, close } = await launchWithPopup(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await sendOk(ext, { type: "setSiteRules", rules: [blockRule("cdn.test")] });
    const options = await openOptions(context, extensionId, "traffic");
    await options.getByText("Watch the traffic").click();
    await expect(options.locator("#traffic [role=status]")).toContainText("No request yet");

    const port = new URL(echo.url).port;
    const site = await context.newPage();
    await site.goto(`http://shop.test:${port}/?images=cdn.test,img.test`);
    await site.waitForLoadState("load");

    const row = (host: string) => options.locator(`#traffic tr[data-host="${host}"]`).first();
    await expect(row("cdn.test")).toContainText("Blocked");
    await expect(row("cdn.test")).toContainText("rule 1 (cdn.test)");
    await expect(row("cdn.test")).toContainText("blocked (sent nowhere)");
    await expect(row("img.test")).toContainText(`Token #${token.id}`);
    await expect(row("img.test")).toContainText("the default route");
    await expect(row("img.test")).toContainText("200");
    await expect(row("shop.test")).toContainText("200");
    // A row's time reads as a clock to the millisecond; its tab by the page's title ("echo").
    await expect(row("shop.test").locator("td").first()).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
    await expect(row("shop.test").locator("td.traffic-tab")).toHaveText("echo");

    // Failed only: the blocked image, nothing else.
    await options.getByLabel("Outcome").selectOption("failed");
    await expect(options.locator("#traffic tbody tr")).toHaveCount(1);
    await expect(options.locator("#traffic tbody tr")).toContainText("cdn.test");
    await options.getByLabel("Outcome").selectOption("all");

    // Paused: a new page's requests wait, and come on resume.
    await options.getByRole("button", { name: "Pause" }).click();
    await site.goto(`http://paused.test:${port}/`);
    // Held, not shown: the status counts what came.
    await expect(options.locator("#traffic [role=status]")).toContainText(
      /Paused: [1-9]\d* updates? held/,
    );
    await expect(row("paused.test")).toHaveCount(0);
    await options.getByRole("button", { name: "Resume" }).click();
    await expect(row("paused.test")).toContainText("200");

    // Full addresses: shown, with the secret-looking query values hidden.
    await options.getByLabel("Show full addresses").check();
    // The choice reaches the background a moment after the click: a request sent before it
    // is logged by host, so the page is loaded until one is logged with its address.
    const withAddress = options
      .locator('#traffic tr[data-host="keys.test"]')
      .filter({ hasText: "page=2" });
    let visit = 0;
    await expect
      .poll(async () => {
        await site.goto(`http://keys.test:${port}/?page=2&api_key=S3CRET&visit=${++visit}`);
        return withAddress.count();
      })
      .toBeGreaterThan(0);
    await expect(withAddress.first()).toContainText("api_key=");
    expect(await options.locator("#traffic").textContent()).not.toContain("S3CRET");

    // Clear empties it.
    await options.getByRole("button", { name: "Clear" }).click();
    await expect(options.locator("#traffic tbody tr")).toHaveCount(0);

    // The worker stops: the log opens its port again and goes on logging.
    const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
    await worker.stop();
    await expect(options.locator("#traffic [role=status]")).toContainText(
      "The background restarted: watching again",
    );
    // Listening again (the new port's snapshot came), so the next page is logged.
    await expect(options.locator("#traffic .traffic-log")).toHaveAttribute("aria-busy", "false");
    await site.goto(`http://after.test:${port}/`);
    await expect(row("after.test")).toContainText("200");
  } finally {
    await close();
  }
});

test("the badge counts the page's failed requests when the user asks, and gives way to a block", async ({
  userDataDir,
  sb,
  echo,
}) => {
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const ext = await sandboxPage(context, extensionId, sb);
    const [first, second] = await createTokens(ext, "static-traffic", 2);
    const token = must(first, "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await sendOk(ext, {
      type: "setSiteRules",
      rules: [blockRule("cdn.test"), blockRule("api.test")],
    });
    const port = new URL(echo.url).port;
    const site = await context.newPage();
    const worker = await backgroundWorker(context);
    const badgeOfSite = () =>
      worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ url: "http://shop.test/*" });
        return chrome.action.getBadgeText({ tabId: tab?.id });
      });
    const global = () => worker.evaluate(() => chrome.action.getBadgeText({}));

    // Off (the default): the tab shows the global badge.
    await site.goto(`http://shop.test:${port}/?images=cdn.test,api.test,img.test`);
    await expect.poll(badgeOfSite).toBe(await global());
    await sendOk(ext, { type: "patchSettings", patch: { badgeFailures: true } });
    await site.reload();
    await expect.poll(badgeOfSite).toBe("2");
    expect(await global()).not.toBe("2");

    // A block outranks the count: the connected token expires (written behind the engine's
    // back, as another device would), and the tab shows "STOP" with every other.
    await ext.evaluate(async (id) => {
      const { tokens } = await chrome.storage.local.get("tokens");
      const list = tokens as { id: number; expiresAt: number | null }[];
      await chrome.storage.local.set({
        tokens: list.map((t) => (t.id === id ? { ...t, expiresAt: Date.now() - 1000 } : t)),
      });
    }, token.id);
    await expect.poll(global).toBe("STOP");
    await expect.poll(badgeOfSite).toBe("STOP");
    // Connected again: the count comes back.
    await sendOk(ext, { type: "connect", tokenId: must(second, "second token").id });
    await expect.poll(badgeOfSite).toBe("2");
  } finally {
    await context.close();
  }
});

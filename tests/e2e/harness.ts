/**
 * End-to-end harness: a sandbox provider per test, a page server that reports which address a
 * request came from, and commands sent to the background the way the popup sends them.
 */

import { type BrowserContext, type CDPSession, expect, type Page } from "@playwright/test";
import type { ProviderKind } from "../../lib/state/token-facts";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { startEchoServer } from "../support/echo-server";
import { guard } from "../support/pace";
import { commandsFor, pageCommands } from "../support/page-commands";
import { buyElsewhere, must, sandboxSettings } from "../support/sandbox-session";
import { backgroundWorker } from "./fixtures";

export async function sandboxFor(): Promise<Sandbox> {
  return startSandbox({ plan: "enterprise" });
}

/** An extension page (the popup unless told) from which to send commands, as the popup does. */
export async function extensionPage(
  context: BrowserContext,
  extensionId: string,
  pagePath = "popup.html",
): Promise<Page> {
  const page = await context.newPage();
  await extensionLoaded(context, page, extensionId);
  await page.goto(`chrome-extension://${extensionId}/${pagePath}`);
  return page;
}

/**
 * The options page, once its heading is shown: at `address` (a page such as "tokens", or a
 * section such as "health", which opens the page that holds it).
 */
export async function openOptions(
  context: BrowserContext,
  extensionId: string,
  address = "",
): Promise<Page> {
  const page = await extensionPage(
    context,
    extensionId,
    `options.html${address ? `#${address}` : ""}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Proxy Deck options" })).toBeVisible();
  return page;
}

const loadedIn = new WeakSet<BrowserContext>();

/**
 * Right after a launch (or a relaunch, which re-installs it) Chromium may still be loading the
 * unpacked extension, and its pages do not open yet. Chromium starts the extension's service
 * worker only once the extension is loaded: wait for that, through CDP (Playwright's own worker
 * list lags behind). Once per context, so a later page does not wait on a worker gone idle.
 */
async function extensionLoaded(context: BrowserContext, page: Page, extensionId: string) {
  if (loadedIn.has(context)) return;
  const cdp = await context.newCDPSession(page);
  try {
    await new Promise<void>((resolve, reject) => {
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
        const started = versions.some(
          (v) =>
            v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) &&
            (v.runningStatus === "starting" || v.runningStatus === "running"),
        );
        if (started) resolve();
      });
      cdp.send("ServiceWorker.enable").catch(reject);
    });
  } finally {
    await cdp.detach();
  }
  loadedIn.add(context);
}

/** The typed commands of one extension page (opened by extensionPage). */
const commandsOf = (page: Page) =>
  pageCommands(
    (message) => page.evaluate((m) => chrome.runtime.sendMessage(m), message),
    (key) => page.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key),
  );

export const { send, sendOk, createTokens, storedTokens, proxyStatus } = commandsFor(commandsOf);

/** Chromium's names for the test sites: every name under `.test` is loopback. */
export const TEST_NAMES = "--host-resolver-rules=MAP *.test 127.0.0.1";

/** An extension page to send commands from, with the sandbox's settings saved. */
export async function sandboxPage(context: BrowserContext, extensionId: string, sb: Sandbox) {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  return ext;
}

/**
 * The sandbox's settings saved, a token of `kind` bought and connected, and a tab for pages; when
 * `echo` is given, the tab's first load has exited through the token.
 */
export async function connectedToken(
  context: BrowserContext,
  extensionId: string,
  sb: Sandbox,
  options: { kind?: ProviderKind; echo?: { url: string } } = {},
) {
  const ext = await sandboxPage(context, extensionId, sb);
  const token = must((await createTokens(ext, options.kind ?? "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  const page = await context.newPage();
  if (options.echo) expect(await exitOfPageLoad(page, options.echo.url)).toBe(token.ip);
  return { ext, token, page };
}

/** Chromium's names for the sites under `.test` and a provider's named gateway (its root dot too). */
export const NAMED_GATEWAY_ARGS = [
  "--host-resolver-rules=MAP *.test 127.0.0.1, MAP gw.sandbox.test. 127.0.0.1",
];

/**
 * Two tokens bought, then added again as the user's own proxies on the gateway written as a
 * name, as a real provider's is: the bought tokens and the ids of the added ones.
 */
export async function twoTokensOnNamedGateway(ext: Page, sb: Sandbox) {
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  const bought = await createTokens(ext, "static-traffic", 2);
  const [one, two] = [must(bought[0], "token 1"), must(bought[1], "token 2")];
  const added = await sendOk(ext, {
    type: "addProxies",
    text: [one, two].map((t) => `gw.sandbox.test:${t.port}:${t.username}:${t.password}`).join("\n"),
  });
  return { one, two, first: must(added.added[0], "first"), second: must(added.added[1], "second") };
}

/**
 * Tokens bought at the sandbox outside the extension and added as the user's own proxies, each
 * under a gateway name of its own (every name under `.test` is loopback: launch with
 * TEST_NAMES), as tokens of several gateways or providers are: Chrome holds one login per
 * name, so each can be checked beside the others without dropping one. `sandboxId` is the
 * sandbox's id (for its control endpoints), `id` the extension's.
 */
export async function tokensOnOwnGateways(ext: Page, sb: Sandbox, count: number) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const bought = await buyElsewhere(sb);
    const host = `gw${i}.own.test`;
    const line = `${host}:${bought.port}:${bought.username}:${bought.password}`;
    const added = await sendOk(ext, { type: "addProxies", text: line });
    tokens.push({ ...bought, host, sandboxId: bought.id, id: must(added.added[0], "added") });
  }
  return tokens;
}

/**
 * The exit address of a load of `site` (a name under `.test`) on the echo server, or "blocked"
 * when the load failed. Each load in a tab of its own: after a failed load Chromium's error page
 * can cut the next navigation short.
 */
export async function exitOfSite(
  context: BrowserContext,
  echo: { url: string },
  site: string,
): Promise<string> {
  const page = await context.newPage();
  try {
    const url = `http://${site}:${new URL(echo.url).port}/?${Math.random()}`;
    const response = await page.goto(url, { timeout: guard(10_000) });
    if (!response?.ok()) return `status ${response?.status()}`;
    return (await page.locator("#remote").textContent()) ?? "";
  } catch {
    return "blocked";
  } finally {
    await page.close();
  }
}

export async function exitOfPageLoad(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  if (!response?.ok()) throw new Error(`page load failed: ${response?.status()}`);
  return (await page.locator("#remote").textContent()) ?? "";
}

/** Watches the extension's worker through CDP: Playwright's own worker list lags behind. */
export async function watchWorker(cdp: CDPSession, extensionId: string) {
  let running = false;
  let starts = 0;
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const version of versions) {
      if (!version.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) continue;
      const nowRunning = version.runningStatus === "running";
      if (nowRunning && !running) starts++;
      running = nowRunning;
    }
  });
  await cdp.send("ServiceWorker.enable");
  return {
    isRunning: () => running,
    starts: () => starts,
    stop: () => cdp.send("ServiceWorker.stopAllWorkers"),
    /**
     * Waits to see exactly one start since `before`. CDP reports a start after the fact: on a
     * loaded machine the report can arrive after the page load the woken worker served.
     */
    async startedOnceSince(before: number, what: string) {
      await expect
        .poll(() => starts, { message: `${what}: the worker woke once`, timeout: guard(10_000) })
        .toBe(before + 1);
    },
    /**
     * Stops the worker and waits until it is seen asleep. On a loaded machine a stop can take
     * more than a poll's default 5 s, or a late event (the last load's) can wake the worker
     * again: it is stopped once more then.
     */
    async sleep() {
      await cdp.send("ServiceWorker.stopAllWorkers");
      await expect
        .poll(
          async () => {
            if (running) await cdp.send("ServiceWorker.stopAllWorkers");
            return running;
          },
          { timeout: guard(30_000) },
        )
        .toBe(false);
    },
  };
}

export {
  buyElsewhere,
  control,
  gatewayLog,
  heldAnswers,
  must,
  sandboxSettings,
} from "../support/sandbox-session";
export { backgroundWorker, startEchoServer };

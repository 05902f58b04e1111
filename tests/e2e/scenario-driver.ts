/**
 * The shared scenarios (tests/scenarios/) driven in Chromium through Playwright: each test
 * launches its own Chromium with the built extension (fixtures.ts), every `.test` name and the
 * sandbox's gateway name mapped to loopback (Chromium never hands loopback to PAC).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { type Driver, type Expect, POLL_TIMEOUT_MS, type Scenario } from "../scenarios/driver";
import { type Tab, TabbedProfile, type TabOpener } from "../scenarios/tabbed-profile";
import { type EchoServer, startEchoServer } from "../support/echo-server";
import { sandboxSettings } from "../support/sandbox-session";
import {
  expect,
  extensionPath,
  test as fixtureTest,
  launchWithExtension,
  unpackedExtensionId,
} from "./fixtures";
import {
  extensionPage,
  NAMED_GATEWAY_ARGS,
  openOptions,
  twoTokensOnNamedGateway,
  watchWorker,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);
const pollingExpect = expect.configure({ timeout: POLL_TIMEOUT_MS });
const scenarioExpect: Expect = Object.assign(
  (actual: unknown, message?: string) => expect(actual, message),
  {
    poll: <T>(probe: () => T | Promise<T>, options?: { timeout?: number; message?: string }) =>
      pollingExpect.poll(probe, options),
    arrayContaining: expect.arrayContaining,
    objectContaining: expect.objectContaining,
  },
);

interface PlaywrightTab extends Tab {
  page: Page;
}

function tabOf(page: Page): PlaywrightTab {
  return {
    page,
    // Playwright types the function by its serialized argument; the scenarios pass plain data.
    evaluate: (fn, arg) => page.evaluate(fn as never, arg),
    goto: async (url, timeout) => (await page.goto(url, { timeout }))?.status() ?? 0,
    checkbox(name) {
      const box = page.getByRole("checkbox", { name });
      return { click: () => box.click(), checked: () => box.isChecked() };
    },
    close: () => page.close(),
  };
}

const openerIn = (context: BrowserContext): TabOpener<PlaywrightTab> => ({
  extension: async (file) => tabOf(await extensionPage(context, extensionId, file)),
  options: async (address) => tabOf(await openOptions(context, extensionId, address)),
  web: async () => tabOf(await context.newPage()),
  visitsShareATab: true,
});

/** The Playwright driver of one test: its profile, and whatever else it opened. */
function chromiumDriver(
  context: BrowserContext,
  userDataDir: string,
  servers: { sb: Sandbox; echo: EchoServer; secure: EchoServer },
  closeLater: (close: () => Promise<unknown>) => void,
): Driver {
  const profile = new TabbedProfile(openerIn(context), servers.echo);
  let current = context;
  let watcher: Awaited<ReturnType<typeof watchWorker>> | undefined;
  // Through CDP, from a web tab of its own: Playwright's own worker list lags behind, and keeps
  // handing out a stopped worker (README, machine traps).
  const watched = async () => {
    watcher ??= await watchWorker(
      await current.newCDPSession(await current.newPage()),
      extensionId,
    );
    return watcher;
  };
  return {
    browser: "Chromium",
    expect: scenarioExpect,
    ...servers,
    main: profile,
    async newProfile() {
      const dir = mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-b-"));
      const other = await launchWithExtension(dir, NAMED_GATEWAY_ARGS);
      closeLater(async () => {
        await other.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return new TabbedProfile(openerIn(other), servers.echo);
    },
    can: {
      containers: false,
      async restart() {
        await current.close();
        current = await launchWithExtension(userDataDir, NAMED_GATEWAY_ARGS);
        closeLater(() => current.close());
        profile.restarted(openerIn(current));
        watcher = undefined;
      },
      worker: {
        stop: async () => (await watched()).stop().then(() => undefined),
        sleep: async () => {
          const worker = await watched();
          await profile.closeExtensionPages();
          await worker.sleep();
        },
        starts: async () => (await watched()).starts(),
        startedOnceSince: async (before, what) => (await watched()).startedOnceSince(before, what),
      },
      proxyMode: async () =>
        (await profile.ext()).evaluate(
          async () => (await chrome.proxy.settings.get({})).value.mode as string,
          undefined,
        ),
      // Chrome keeps one login per gateway address as written: each token is added under a
      // spelling of its own (the gateway's name, and the name with its root dot).
      async twoTokensOnOneGateway() {
        const ext = (await profile.ext()).page;
        const { one, two, first, second } = await twoTokensOnNamedGateway(ext, servers.sb);
        return { one, two, routeOne: first, routeTwo: second };
      },
      // Chromium bypasses loopback unless told not to (`<-loopback>`).
      useSandbox: async () => {
        await profile.sendOk({ type: "patchSettings", patch: sandboxSettings(servers.sb) });
      },
    },
  };
}

/** The fixtures' test, launched with every `.test` name and the sandbox's gateway name mapped. */
export const test = fixtureTest.extend({ chromiumArgs: NAMED_GATEWAY_ARGS });

/** A scenario's Playwright details: the tag of the lane it runs in (playwright.config.ts). */
export const detailsOf = (scenario: Scenario) => (scenario.waits ? { tag: "@waits" } : {});

/**
 * A scenario as a Playwright test's body, with a driver of its own. The spec files call `test`
 * themselves (`test(s.name, detailsOf(s), bodyOf(s))`), so the report names the spec file.
 */
export function bodyOf(scenario: Scenario) {
  // Playwright reads the fixtures a test uses from its destructured first parameter.
  return async ({
    context,
    userDataDir,
    sb,
    echo,
  }: {
    context: BrowserContext;
    userDataDir: string;
    sb: Sandbox;
    echo: EchoServer;
  }) => {
    if (scenario.timeout) test.setTimeout(scenario.timeout);
    const secure = await startEchoServer({ https: true });
    const closing: (() => Promise<unknown>)[] = [() => secure.close()];
    const servers = { sb, echo, secure };
    try {
      await scenario.run(chromiumDriver(context, userDataDir, servers, (c) => closing.push(c)));
    } finally {
      for (const close of closing.reverse()) await close().catch(() => undefined);
    }
  };
}

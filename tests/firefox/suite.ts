/**
 * A Firefox suite's shared world, set up once for its tests: a sandbox provider, a test
 * website (and an HTTPS one), Firefox with the extension, a page of the extension to send
 * commands from (the sandbox's settings saved) and a tab to browse in.
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Settings } from "../../lib/state/settings";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { type EchoServer, startEchoServer } from "../support/echo-server";
import {
  diagnosticsOf,
  extensionPage,
  firefoxSandboxSettings,
  launchFirefox,
  sendOk,
} from "./firefox";

export interface FirefoxSuite {
  browser: Browser;
  sb: Sandbox;
  echo: EchoServer;
  /** The test website over HTTPS (a self-signed certificate), when the suite asks for it. */
  secure: EchoServer;
  /** An extension page commands are sent from. */
  ext: Page;
  /** A tab to browse in. */
  site: Page;
}

/**
 * Registers the suite's setup and teardown; its fields are there once the tests run. `settings`
 * changes the sandbox's settings before they are saved; `https` starts the HTTPS website too,
 * for the suites that load it.
 */
export function firefoxSuite(
  options: {
    settings?: (settings: Settings) => Settings;
    https?: boolean;
    /** Firefox preferences of this suite's launch. */
    prefs?: Record<string, unknown>;
  } = {},
): FirefoxSuite {
  const suite = {} as FirefoxSuite;
  beforeAll(async () => {
    suite.sb = await startSandbox({ plan: "enterprise" });
    suite.echo = await startEchoServer();
    if (options.https) suite.secure = await startEchoServer({ https: true });
    suite.browser = await launchFirefox(undefined, options.prefs);
    suite.ext = await extensionPage(suite.browser);
    suite.site = await suite.browser.newPage();
    const settings = firefoxSandboxSettings(suite.sb);
    const patch = options.settings ? options.settings(settings) : settings;
    await sendOk(suite.ext, { type: "patchSettings", patch });
  });
  // A failure prints what the extension's background recorded up to it: a hang otherwise says
  // only that the test ran out of time.
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail" || !suite.browser) return;
    console.log(`${task.name}: the extension's diagnostics\n${await diagnosticsOf(suite.browser)}`);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await Promise.all([suite.echo?.close(), suite.secure?.close()]);
    await suite.sb?.close();
  });
  return suite;
}

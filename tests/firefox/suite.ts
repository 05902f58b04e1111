/**
 * A Firefox suite's shared world, set up once for its tests: a sandbox provider, a test
 * website, Firefox with the extension, a page of the extension to send commands from (the
 * sandbox's settings saved) and a tab to browse in.
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll } from "vitest";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { type EchoServer, startEchoServer } from "../support/echo-server";
import { extensionPage, firefoxSandboxSettings, launchFirefox, sendOk } from "./firefox";

export interface FirefoxSuite {
  browser: Browser;
  sb: Sandbox;
  echo: EchoServer;
  /** An extension page commands are sent from. */
  ext: Page;
  /** A tab to browse in. */
  site: Page;
}

/** Registers the suite's setup and teardown; its fields are there once the tests run. */
export function firefoxSuite(): FirefoxSuite {
  const suite = {} as FirefoxSuite;
  beforeAll(async () => {
    suite.sb = await startSandbox({ plan: "enterprise" });
    suite.echo = await startEchoServer();
    suite.browser = await launchFirefox();
    suite.ext = await extensionPage(suite.browser);
    suite.site = await suite.browser.newPage();
    await sendOk(suite.ext, { type: "patchSettings", patch: firefoxSandboxSettings(suite.sb) });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.echo?.close();
    await suite.sb?.close();
  });
  return suite;
}

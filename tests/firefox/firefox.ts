/**
 * Firefox ESR driven by puppeteer-core over WebDriver BiDi, with the built Firefox MV3 extension
 * installed temporarily. Commands reach the background from the extension's own popup page,
 * exactly as the popup sends them: nothing test-only is added to the shipped extension.
 */

import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type LaunchOptions, type Page } from "puppeteer-core";
import { inject } from "vitest";
import { formatEvent } from "../../lib/diagnostics/format";
import type { DiagEvent } from "../../lib/diagnostics/ring";
import type { Settings } from "../../lib/state/settings";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { commandsFor, pageCommands } from "../support/page-commands";
import { sandboxSettings } from "../support/sandbox-session";
import { xpiOf } from "./xpi";

export { startEchoServer } from "../support/echo-server";
export { gatewayLog } from "../support/sandbox-session";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const extensionPath = path.resolve(".output/firefox-mv3");
export const EXTENSION_ID = "proxy-deck@proxydeck.example";
// Pinned through the `extensions.webextensions.uuids` pref so the test knows the page URLs.
const EXTENSION_UUID = "3b0c2f3e-8f5e-4c57-9a3b-1f2e3d4c5b6a";

/** Fails with a message that says what to do, never skips. */
export function assertPrerequisites(): void {
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `Firefox not found at ${firefoxPath}: install firefox-esr or set FIREFOX_PATH to its binary.`,
    );
  }
  if (!existsSync(path.join(extensionPath, "manifest.json"))) {
    throw new Error(`No Firefox build at ${extensionPath}: run \`npm run build\` first.`);
  }
}

/** How every Firefox of the suite starts, the profile template's included. */
export const firefoxLaunchOptions = {
  browser: "firefox",
  executablePath: firefoxPath,
  headless: true,
  protocol: "webDriverBiDi",
  // The HTTPS echo server's certificate is self-signed.
  acceptInsecureCerts: true,
  // WebDriver refuses to navigate to moz-extension:// pages unless system access is allowed;
  // the popup page is where commands come from, so the test needs to open it.
  args: ["--remote-allow-system-access"],
  extraPrefsFirefox: {
    // The sandbox gateways, API and echo page all live on loopback, which Firefox otherwise
    // never sends through a proxy (whatever proxy.onRequest answers).
    "network.proxy.allow_hijacking_localhost": true,
    "extensions.webextensions.uuids": JSON.stringify({ [EXTENSION_ID]: EXTENSION_UUID }),
  },
} satisfies LaunchOptions;

/**
 * A profile of the launch's own, copied from the one the suite's global setup started once
 * (profile-template.ts): a new profile costs ~4.3 CPU-s to start, a copy of a started one ~2.2
 * (measured). Without the global setup (a script), Firefox makes a new one.
 */
function profileCopy(): string | undefined {
  // Outside a Vitest run (a script such as scripts/bench-switch.ts) `inject` throws.
  const profiles = process.env.VITEST ? inject("firefoxProfiles") : undefined;
  if (!profiles) return undefined;
  const copy = mkdtempSync(path.join(profiles.root, "profile-"));
  // Not the lock of the Firefox that made the template.
  cpSync(profiles.template, copy, {
    recursive: true,
    filter: (source) => !["lock", ".parentlock"].includes(path.basename(source)),
  });
  return copy;
}

/** `home`: a HOME of the test's own (Firefox reads ~/.mozilla/managed-storage from it). */
export async function launchFirefox(
  home?: string,
  /** Preferences of this launch beside the suite's own (a touch screen, say). */
  prefs: Record<string, unknown> = {},
): Promise<Browser> {
  const userDataDir = profileCopy();
  const browser = await puppeteer.launch({
    ...firefoxLaunchOptions,
    extraPrefsFirefox: { ...firefoxLaunchOptions.extraPrefsFirefox, ...prefs },
    ...(home ? { env: { ...process.env, HOME: home } } : {}),
    ...(userDataDir ? { userDataDir } : {}),
  });
  try {
    const id = await browser.installExtension(extensionPath);
    if (id !== EXTENSION_ID) throw new Error(`installed extension has id ${id}`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/** What puppeteer's BiDi browser holds beside its API: the session's connection. */
export interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}
export const bidiOf = (browser: Browser) =>
  (browser as unknown as { connection: BidiConnection }).connection;

/**
 * Firefox on a profile the caller keeps, with the build installed permanently (an XPI, unsigned:
 * ESR allows it once `xpinstall.signatures.required` is off), so that Firefox started again on
 * the same profile (`profile` given) still has the extension, its storage and its settings: a
 * browser restart. A new profile is a copy of the suite's template, as `launchFirefox` makes.
 */
export async function launchFirefoxKept(
  prefs: Record<string, unknown> = {},
  profile?: string,
): Promise<{ browser: Browser; profile: string }> {
  const dir = profile ?? profileCopy() ?? mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-"));
  const browser = await puppeteer.launch({
    ...firefoxLaunchOptions,
    userDataDir: dir,
    extraPrefsFirefox: {
      ...firefoxLaunchOptions.extraPrefsFirefox,
      "xpinstall.signatures.required": false,
      ...prefs,
    },
  });
  if (profile) return { browser, profile: dir };
  try {
    const profiles = process.env.VITEST ? inject("firefoxProfiles") : undefined;
    const xpi = xpiOf(extensionPath, profiles?.root);
    const { result } = await bidiOf(browser).send("webExtension.install", {
      extensionData: { type: "archivePath", path: xpi },
      "moz:permanent": true,
    });
    const id = (result as { extension?: string }).extension;
    if (id !== EXTENSION_ID) throw new Error(`installed extension has id ${id}`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return { browser, profile: dir };
}

/** The popup page (or another of the extension's pages), from which commands are sent. */
export async function extensionPage(browser: Browser, file = "popup.html"): Promise<Page> {
  const url = `moz-extension://${EXTENSION_UUID}/${file}`;
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage();
    // The navigation happens, but puppeteer never sees its load events (the page moves to the
    // extension process), so goto would time out: start it, then wait for the loaded document.
    page.goto(url, { timeout: guard(10_000) }).catch(() => undefined);
    try {
      await page.waitForFunction(
        (expected) => location.href === expected && document.readyState === "complete",
        { timeout: guard(10_000) },
        url,
      );
      await backgroundListening(page);
      return page;
    } catch (error) {
      // A poll that lands while the document moves to the extension process can break that
      // tab's script realm for good (a protocol error, not a timeout): a new tab, at most five
      // (a loaded run broke three in a row, 2026-11-28).
      await page.close().catch(() => undefined);
      if (attempt >= 5 || (error as Error).name === "TimeoutError") throw error;
    }
  }
}

/**
 * Right after install the background may not have run yet, and a message sent then finds no
 * receiver. The background registers every listener in its first turn and then reconciles,
 * which writes proxyStatus: once that key exists (or changes), the background is listening.
 */
async function backgroundListening(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // No named function in here: run by tsx (a script), it would be wrapped in a `__name`
        // the page lacks. The listener stays; resolving again does nothing.
        chrome.storage.onChanged.addListener((changes, area) => {
          if (area === "local" && "proxyStatus" in changes) resolve();
        });
        void chrome.storage.local.get("proxyStatus").then(({ proxyStatus }) => {
          if (proxyStatus !== undefined) resolve();
        });
      }),
  );
}

/** The typed commands of a page opened by extensionPage (the background listens by then). */
const commandsOf = (page: Page) =>
  pageCommands(
    (message) => page.evaluate((m) => chrome.runtime.sendMessage(m), message),
    (key) => page.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key),
  );

export const { send, sendOk, createTokens, storedTokens, proxyStatus } = commandsFor(commandsOf);

/** Firefox proxies loopback through a pref (allow_hijacking_localhost), not a bypass rule. */
export const firefoxSandboxSettings = (sb: Sandbox): Settings =>
  sandboxSettings(sb, { bypassList: [] });

let loads = 0;
/** The address a page load exited from, as the echo server saw it. */
export async function exitOfPageLoad(page: Page, url: string): Promise<string> {
  const address = new URL(url);
  address.searchParams.append("load", String(++loads));
  const response = await page.goto(address.href);
  if (!response?.ok()) throw new Error(`page load failed: ${response?.status()}`);
  return page.$eval("#remote", (el) => el.textContent ?? "");
}

/** The browser's id of the tab showing this page (found by its unique address). */
export async function tabIdOf(ext: Page, page: Page): Promise<number> {
  const url = page.url();
  const id = await ext.evaluate(async (address) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === address)?.id ?? -1;
  }, url);
  if (id < 0) throw new Error(`no tab shows ${url}`);
  return id;
}

/**
 * The extension's diagnostics ring, one event a line, for a failed test's output: what the
 * background did up to the failure (applies, refusals, errors), read from a fresh extension page
 * so that a page stuck in the test does not hold the read up. Says so if it is not read in 20 s.
 */
export async function diagnosticsOf(browser: Browser): Promise<string> {
  const read = async () => {
    const page = await extensionPage(browser);
    try {
      const events = await page.evaluate(
        async () => (await chrome.storage.session.get("diagnostics")).diagnostics ?? [],
      );
      return (events as DiagEvent[]).map(formatEvent).join("\n");
    } finally {
      await page.close().catch(() => undefined);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("(the diagnostics were not read within 20 s)"), 20_000);
  });
  try {
    return await Promise.race([read().catch((e) => `(the diagnostics were not read: ${e})`), late]);
  } finally {
    clearTimeout(timer);
  }
}

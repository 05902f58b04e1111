/**
 * Firefox ESR driven by puppeteer-core over WebDriver BiDi, with the built Firefox MV3 extension
 * installed temporarily. Commands reach the background from the extension's own popup page,
 * exactly as the popup sends them: nothing test-only is added to the shipped extension.
 */
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { generate } from "selfsigned";
import type { Command, Reply } from "../../lib/messages";
import type { ProxyStatus, Settings } from "../../lib/storage";
import type { StoredToken } from "../../lib/tokens";
import type { Sandbox } from "../sandbox/index";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const extensionPath = path.resolve(".output/firefox-mv3");
const EXTENSION_ID = "proxy-deck@proxydeck.example";
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

export async function launchFirefox(): Promise<Browser> {
  const browser = await puppeteer.launch({
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

/** The popup page, from which commands are sent as the real popup sends them. */
export async function extensionPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  const url = `moz-extension://${EXTENSION_UUID}/popup.html`;
  // The navigation happens, but puppeteer never sees its load events (the page moves to the
  // extension process), so goto would time out: start it, then wait for the document.
  page.goto(url, { timeout: 10_000 }).catch(() => undefined);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const href = await page.evaluate(() => location.href).catch(() => "");
    if (href === url) {
      await page.waitForFunction(() => document.readyState === "complete", { timeout: 5_000 });
      return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the extension page ${url} did not open`);
}

export async function send<T = unknown>(page: Page, command: Command): Promise<Reply<T>> {
  // Right after install the background may not be listening yet.
  for (let attempt = 1; ; attempt++) {
    try {
      return (await page.evaluate((c) => chrome.runtime.sendMessage(c), command)) as Reply<T>;
    } catch (error) {
      if (attempt >= 20 || !/Receiving end does not exist/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function sendOk<T = unknown>(page: Page, command: Command): Promise<T> {
  const reply = await send<T>(page, command);
  if (!reply.ok) throw new Error(`${command.type} failed: ${reply.error}`);
  return reply.data;
}

export async function createTokens(
  page: Page,
  kind: StoredToken["kind"],
  number: number,
  networkType: "HTTP" | "SOCKS5" = "HTTP",
): Promise<StoredToken[]> {
  const data = await sendOk<{ tokens: StoredToken[] }>(page, {
    type: "createTokens",
    kind,
    params: { number, network_type: networkType, country_id: 1 },
    countryCode: "US",
  });
  return data.tokens;
}

export async function storedTokens(page: Page): Promise<StoredToken[]> {
  return page.evaluate(async () => {
    const { tokens } = await chrome.storage.local.get("tokens");
    return (tokens ?? []) as StoredToken[];
  });
}

export async function proxyStatus(page: Page): Promise<ProxyStatus> {
  return page.evaluate(
    async () => (await chrome.storage.local.get("proxyStatus")).proxyStatus as ProxyStatus,
  );
}

export function sandboxSettings(sb: Sandbox): Settings {
  return {
    baseUrl: sb.baseUrl,
    auth: { kind: "bearer", accessToken: sb.accessToken },
    bypassList: [],
    autoRefreshMinutes: 0,
    plan: "enterprise",
    webrtcProtection: false,
    language: "auto",
  };
}

/**
 * Answers with the caller's address, never cacheable; over HTTPS (self-signed, accepted by the
 * launched Firefox) its requests reach the gateway as CONNECTs. Records every Proxy-Authorization
 * that reached the site, which must stay empty.
 */
export async function startEchoServer(options: { https?: boolean } = {}): Promise<{
  url: string;
  proxyAuthorizationSeen: string[];
  close(): Promise<void>;
}> {
  const proxyAuthorizationSeen: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const remote = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const leaked = req.headers["proxy-authorization"];
    if (leaked) proxyAuthorizationSeen.push(leaked);
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" });
    res.end(`<!doctype html><title>echo</title><p id="remote">${remote}</p>`);
  };
  let server: Server;
  if (options.https) {
    const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    server = createHttpsServer({ key: pems.private, cert: pems.cert }, handler);
  } else {
    server = createServer(handler);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.https ? "https" : "http"}://127.0.0.1:${port}/`,
    proxyAuthorizationSeen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let loads = 0;
/** The address a page load exited from, as the echo server saw it. */
export async function exitOfPageLoad(page: Page, url: string): Promise<string> {
  const response = await page.goto(`${url}?load=${++loads}`);
  if (!response?.ok()) throw new Error(`page load failed: ${response?.status()}`);
  return page.$eval("#remote", (el) => el.textContent ?? "");
}

export async function gatewayLog(
  sb: Sandbox,
): Promise<{ username: string | null; result: string; gateway: string; target: string }[]> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/gateway-log`);
  const body = (await res.json()) as { data?: { events: [] }; events?: [] };
  return body.data?.events ?? body.events ?? [];
}

/**
 * End-to-end harness: a sandbox provider per test, a page server that reports which address a
 * request came from, and commands sent to the background the way the popup sends them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { generate } from "selfsigned";
import type { Command, Reply } from "../../lib/messages";
import type { Settings } from "../../lib/storage";
import type { StoredToken } from "../../lib/tokens";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { backgroundWorker } from "./fixtures";

/** Answers with the caller's address; `/private` answers 401 like a site with its own login. */
export async function startEchoServer(options: { https?: boolean } = {}): Promise<{
  url: string;
  close(): Promise<void>;
  authorizationHeaders: string[];
  privateRequestsFrom: string[];
  requestsFrom: string[];
}> {
  const requestsFrom: string[] = [];
  const authorizationHeaders: string[] = [];
  const privateRequestsFrom: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const remote = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    requestsFrom.push(remote);
    if (req.headers.authorization) authorizationHeaders.push(req.headers.authorization);
    if (req.url?.startsWith("/private")) {
      privateRequestsFrom.push(remote);
      res.writeHead(401, {
        "WWW-Authenticate": 'Basic realm="site"',
        "Content-Type": "text/plain",
      });
      res.end("site login required");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html", Connection: "keep-alive" });
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
    url: `${options.https ? "https" : "http"}://127.0.0.1:${port}`,
    authorizationHeaders,
    privateRequestsFrom,
    requestsFrom,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The value, or a test failure saying what was missing. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

export async function sandboxFor(): Promise<Sandbox> {
  return startSandbox({ plan: "enterprise" });
}

/** An extension page from which to send commands, as the popup does. */
export async function extensionPage(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  // Right after a relaunch Chromium may still be re-installing the unpacked extension.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`chrome-extension://${extensionId}/popup.html`);
      return page;
    } catch (error) {
      if (attempt >= 20) throw error;
      await page.waitForTimeout(250);
    }
  }
}

export async function send<T = unknown>(page: Page, command: Command): Promise<Reply<T>> {
  return page.evaluate((c) => chrome.runtime.sendMessage(c), command) as Promise<Reply<T>>;
}

export async function sendOk<T = unknown>(page: Page, command: Command): Promise<T> {
  const reply = await send<T>(page, command);
  if (!reply.ok) throw new Error(`${command.type} failed: ${reply.error}`);
  return reply.data;
}

export function sandboxSettings(sb: Sandbox, overrides: Partial<Settings> = {}): Settings {
  return {
    baseUrl: sb.baseUrl,
    auth: { kind: "bearer", accessToken: sb.accessToken },
    // The sandbox and test pages live on loopback, which Chromium bypasses unless told not to.
    bypassList: ["<-loopback>"],
    autoRefreshMinutes: 0,
    plan: "enterprise",
    webrtcProtection: false,
    language: "auto",
    ...overrides,
  };
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

export async function proxyStatus(page: Page): Promise<import("../../lib/storage").ProxyStatus> {
  return page.evaluate(
    async () => (await chrome.storage.local.get("proxyStatus")).proxyStatus as never,
  );
}

/** The address a page load exited from, as the echo server saw it. */
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
  };
}

export async function control(sb: Sandbox, path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

export async function gatewayLog(
  sb: Sandbox,
): Promise<{ username: string | null; result: string; target: string; listener: string }[]> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/gateway-log`);
  const body = (await res.json()) as { data?: { events: [] }; events?: [] };
  return body.data?.events ?? body.events ?? [];
}

export { backgroundWorker };

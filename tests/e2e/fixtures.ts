import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, test as base, chromium, type Worker } from "@playwright/test";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { type EchoServer, startEchoServer } from "../support/echo-server";

export const extensionPath = path.resolve(".output/chrome-mv3");

/** Chromium's id of an unpacked extension: SHA-256 of its path, first 32 hex digits as a–p. */
export const unpackedExtensionId = (dir: string) =>
  [...createHash("sha256").update(dir).digest("hex").slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)))
    .join("");

/**
 * What Playwright starts: Debian's Chromium (Playwright cannot download its own browser on these
 * machines) through a launcher that merges the feature lists Playwright and a test both pass.
 */
export function chromiumPath(): string {
  return path.resolve("tests/e2e/chromium-launcher.sh");
}

export const quietChromiumArgs = [
  // Without these, Chromium floods the closed network with background requests.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--no-default-browser-check",
  // Headless Chromium 156 preloads the address bar's two WebUI popups at launch, in a renderer
  // of their own: 2.45 → 1.3 CPU-s per launch without them (measured), and no test has an
  // address bar. chromium-launcher.sh keeps Playwright's own list beside this one.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];

export async function launchWithExtension(
  userDataDir: string,
  extraArgs: string[] = [],
  /** A copy elsewhere has an id of its own (managed-policy.spec.ts). */
  extension = extensionPath,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    // The HTTPS test page uses a self-signed certificate.
    ignoreHTTPSErrors: true,
    args: [
      ...quietChromiumArgs,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      ...extraArgs,
    ],
  });
}

export async function backgroundWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
}

export const test = base.extend<{
  /** Chromium flags a file asks for (`test.use({ chromiumArgs })`): a touch screen, say. */
  chromiumArgs: string[];
  userDataDir: string;
  context: BrowserContext;
  extensionId: string;
  /** A sandbox provider of its own for the test (its plan: enterprise, no rate limit to wait). */
  sb: Sandbox;
  /** A test website of its own (support/echo-server.ts). */
  echo: EchoServer;
}>({
  chromiumArgs: [[], { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps by destructuring.
  sb: async ({}, use) => {
    const sandbox = await startSandbox({ plan: "enterprise" });
    await use(sandbox);
    // A test may have closed it already (a gateway that goes away).
    await sandbox.close().catch(() => undefined);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps by destructuring.
  echo: async ({}, use) => {
    const server = await startEchoServer();
    await use(server);
    await server.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps by destructuring.
  userDataDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-"));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir, chromiumArgs }, use) => {
    const context = await launchWithExtension(userDataDir, chromiumArgs);
    await use(context);
    await context.close();
  },
  // Computed, not read from the worker: now and then Playwright never sees the
  // "serviceworker" event of an already running worker and would wait out the test.
  // biome-ignore lint/correctness/noUnusedFunctionParameters: the context must exist first.
  extensionId: async ({ context }, use) => {
    await use(unpackedExtensionId(extensionPath));
  },
});

export const expect = test.expect;

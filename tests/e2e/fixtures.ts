import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, test as base, chromium, type Worker } from "@playwright/test";

export const extensionPath = path.resolve(".output/chrome-mv3");

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync("command -v chromium || command -v chromium-browser", {
    encoding: "utf8",
    shell: "/bin/sh",
  }).trim();
}

// Without these, Chromium floods the closed network with background requests.
export const quietChromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--no-default-browser-check",
];

export async function launchWithExtension(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    // The HTTPS test page uses a self-signed certificate.
    ignoreHTTPSErrors: true,
    args: [
      ...quietChromiumArgs,
      `--disable-extensions-except=${extensionPath}`,
      `--load-extension=${extensionPath}`,
    ],
  });
}

export async function backgroundWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
}

export const test = base.extend<{
  userDataDir: string;
  context: BrowserContext;
  extensionId: string;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps by destructuring.
  userDataDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-"));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir }, use) => {
    const context = await launchWithExtension(userDataDir);
    await use(context);
    await context.close();
  },
  extensionId: async ({ context }, use) => {
    const worker = await backgroundWorker(context);
    const id = new URL(worker.url()).host;
    await use(id);
  },
});

export const expect = test.expect;

/**
 * Chromium with the extension and its real action popup (chrome.action.openPopup, reached
 * through the DevTools protocol: Playwright does not list extension popups).
 */
import { createServer } from "node:net";
import puppeteer, { type Page as PopupPage } from "puppeteer-core";
import { extensionPath, launchWithExtension, unpackedExtensionId } from "./fixtures";
import { must } from "./harness";

const extensionId = unpackedExtensionId(extensionPath);

/** A free loopback port for the DevTools endpoint. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Chromium with the extension, and the real action popup opened through DevTools. */
export async function launchWithPopup(userDataDir: string, args: string[]) {
  const port = await freePort();
  const context = await launchWithExtension(userDataDir, [
    ...args,
    `--remote-debugging-port=${port}`,
  ]);
  const devtools = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const openPopup = async (): Promise<PopupPage> => {
    // The worker as DevTools lists it now: Playwright's list keeps a stopped worker's handle.
    const workerTarget = await devtools.waitForTarget(
      (t) =>
        t.type() === "service_worker" && t.url().startsWith(`chrome-extension://${extensionId}/`),
    );
    const worker = must(await workerTarget.worker(), "background worker");
    // The popup opened now, not a popup.html a test opened in a tab.
    const before = new Set(devtools.targets());
    await worker.evaluate(() => chrome.action.openPopup());
    const target = await devtools.waitForTarget(
      (t) => t.url() === `chrome-extension://${extensionId}/popup.html` && !before.has(t),
    );
    return must(await target.asPage(), "popup page");
  };
  const close = async () => {
    await devtools.disconnect();
    await context.close();
  };
  return { context, openPopup, close };
}

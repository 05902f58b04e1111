/**
 * `npm run demo [-- --no-build]`: starts the sandbox provider, builds the Chrome MV3 extension and
 * opens it in Debian's Chromium. With a display ($DISPLAY) the browser stays open on the options
 * page and the popup until Ctrl+C; without one it screenshots the popup and three Options pages
 * into demo-output/ and exits.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { backgroundWorker, chromiumPath, quietChromiumArgs } from "../tests/e2e/fixtures";
import { createTokens, extensionPage, sandboxSettings, sendOk } from "../tests/e2e/harness";
import { type Sandbox, startSandbox } from "../tests/sandbox/index";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const extensionDir = path.join(root, ".output/chrome-mv3");
const outputDir = path.join(root, "demo-output");

/**
 * Points the extension at the sandbox the way a user would in Options (base URL, access token;
 * `<-loopback>` so loopback traffic goes through the proxy), then buys one static IP token and
 * connects it, so the pages open on a working proxy with a checked exit IP.
 */
export async function seedExtension(
  context: BrowserContext,
  extensionId: string,
  sandbox: Sandbox,
): Promise<void> {
  const page = await extensionPage(context, extensionId);
  await sendOk(page, { type: "patchSettings", patch: sandboxSettings(sandbox) });
  const [token] = await createTokens(page, "static-ip", 1);
  if (token) await sendOk(page, { type: "connect", tokenId: token.id });
  await page.close();
}

/** The `npm run sandbox` ports when they are all free, otherwise any free ports. */
async function startDemoSandbox(): Promise<Sandbox> {
  try {
    return await startSandbox({ apiPort: 8787, proxyPort: 8788, socksPort: 8789 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.log("demo: ports 8787-8789 are busy, the sandbox takes free ports instead");
    return startSandbox();
  }
}

function build(): void {
  console.log("demo: building the Chrome MV3 extension (npx wxt build)…");
  const result = spawnSync("npx", ["wxt", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`wxt build failed (exit ${result.status})`);
}

async function openPage(
  context: BrowserContext,
  url: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  // The pages render client-side: wait until Preact has put something on screen.
  await page.waitForFunction(() => (document.body?.textContent ?? "").trim().length > 0);
  await page.waitForLoadState("networkidle");
  // And until what its sections ask the background (the exit IP, its quality) has come in.
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
  return page;
}

async function main(): Promise<void> {
  const headed = Boolean(process.env.DISPLAY);
  // Ctrl+C reaches us twice (from the terminal and relayed by tsx), so keep listening: a signal
  // without a listener would kill the process before the browser and the sandbox are closed.
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  process.on("SIGINT", () => stop());
  process.on("SIGTERM", () => stop());
  const sandbox = await startDemoSandbox();
  const profileDir = mkdtempSync(path.join(tmpdir(), "proxy-deck-demo-"));
  let context: BrowserContext | undefined;
  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= (async () => {
      await context?.close().catch(() => {});
      await sandbox.close();
      rmSync(profileDir, { recursive: true, force: true });
    })();
    return closing;
  };

  try {
    if (!process.argv.includes("--no-build")) build();
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      headless: !headed,
      handleSIGINT: false, // we close the browser and the sandbox ourselves
      args: [
        ...quietChromiumArgs,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
    });
    const worker = await backgroundWorker(context);
    const extensionId = new URL(worker.url()).host;
    await seedExtension(context, extensionId, sandbox);
    const base = `chrome-extension://${extensionId}`;
    console.log(`demo: sandbox ${JSON.stringify(sandbox.info)}`);
    console.log(`demo: extension ${extensionId}`);

    if (headed) {
      await openPage(context, `${base}/options.html`);
      await openPage(context, `${base}/popup.html`);
      for (const blank of context.pages().filter((p) => p.url() === "about:blank")) {
        await blank.close();
      }
      console.log("demo: browser open on the options page and the popup; Ctrl+C to stop");
      context.once("close", () => stop());
      await stopped;
    } else {
      mkdirSync(outputDir, { recursive: true });
      const wide = { width: 1280, height: 900 };
      const shots = [
        { file: "popup.png", url: `${base}/popup.html`, viewport: { width: 400, height: 600 } },
        { file: "options-welcome.png", url: `${base}/options.html#welcome`, viewport: wide },
        { file: "options-exit.png", url: `${base}/options.html#exit`, viewport: wide },
        { file: "options-provider.png", url: `${base}/options.html#provider`, viewport: wide },
      ];
      for (const shot of shots) {
        const page = await openPage(context, shot.url, shot.viewport);
        const file = path.join(outputDir, shot.file);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`demo: screenshot ${file}`);
      }
    }
  } finally {
    await shutdown();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

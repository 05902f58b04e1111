/**
 * Pieces of the popup bench: the floor page, stored tokens to seed, the bytes an entry loads.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "@playwright/test";
import preact from "@preact/preset-vite";
import { build } from "vite";
import type { StoredToken } from "../lib/state/tokens";
import { extensionPath } from "../tests/e2e/fixtures";

/** An extension copy with an empty Preact page at /bench-floor/index.html. */
export async function extensionWithFloor(dir: string): Promise<void> {
  cpSync(extensionPath, dir, { recursive: true });
  const source = mkdtempSync(path.join(tmpdir(), "proxy-deck-floor-src-"));
  try {
    writeFileSync(
      path.join(source, "index.html"),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>floor</title></head>' +
        '<body><div id="app"></div><script type="module" src="./main.tsx"></script></body></html>',
    );
    writeFileSync(
      path.join(source, "main.tsx"),
      'import { render } from "preact";\n' +
        "function Empty() {\n  return <main data-floor />;\n}\n" +
        'const root = document.getElementById("app");\n' +
        "if (root) render(<Empty />, root);\n",
    );
    await build({
      root: source,
      base: "./",
      configFile: false,
      logLevel: "warn",
      plugins: [preact()],
      resolve: { alias: { preact: path.resolve("node_modules/preact") } },
      build: { outDir: path.join(dir, "bench-floor"), emptyOutDir: true, modulePreload: false },
    });
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
}

/**
 * Records, in the page, the frame in which the first match of a selector appears. Plain text:
 * tsx would wrap a serialised function in helpers the page does not have.
 */
const recordFirstPaint = (selectors: string[]) => `
  window.__painted = Promise.all(${JSON.stringify(selectors)}.map((selector) =>
    new Promise((resolve) => {
      const seen = () => {
        if (!document.querySelector(selector)) return false;
        requestAnimationFrame(() => resolve(performance.now()));
        return true;
      };
      if (!seen()) {
        const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
        observer.observe(document, { childList: true, subtree: true });
      }
    }),
  ));
`;

const SETTLE_MS = 100;

/** Opens `url` in a fresh tab: the frame each selector first painted in, from navigation. */
export async function openAndMeasureAll(
  context: BrowserContext,
  url: string,
  selectors: string[],
): Promise<number[]> {
  const page = await context.newPage();
  await page.addInitScript({ content: recordFirstPaint(selectors) });
  await page.goto(url, { waitUntil: "commit" });
  const painted = (await page.evaluate("window.__painted")) as number[];
  await page.close();
  // One open's leftovers (the popup reads its full lists after the first row) must not weigh
  // on the next open: the extension's pages share one process.
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  return painted;
}

export async function openAndMeasure(context: BrowserContext, url: string, selector: string) {
  return (await openAndMeasureAll(context, url, [selector]))[0] ?? Number.NaN;
}

export function tokens(count: number): StoredToken[] {
  const kinds = ["static-ip", "dynamic-ip", "static-traffic", "dynamic-traffic"] as const;
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % 4] ?? "static-ip";
    const dynamic = kind.startsWith("dynamic");
    return {
      id: i + 1,
      kind,
      networkType: i % 7 === 0 ? "SOCKS5" : "HTTP",
      host: dynamic ? `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}` : "gw.example.net",
      port: dynamic ? 9000 : 8000,
      username: `u${(i + 1).toString(16).padStart(8, "0")}`,
      password: `p${i}`.padEnd(16, "0"),
      ip: i % 10 === 0 ? "" : `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      name: dynamic ? `D-${i + 1}` : "",
      country: ["United States", "Germany", "Japan", "Brazil"][i % 4] ?? "",
      countryCode: ["US", "DE", "JP", "BR"][i % 4] ?? "",
      state: i % 3 ? "State" : "",
      city: `City ${i % 50}`,
      expiresAt: kind.endsWith("-ip") ? now + ((i % 60) - 5) * 86_400_000 : null,
      refreshUrl: "",
      trafficQuota: kind === "dynamic-traffic" ? 1_073_741_824 : null,
      trafficUsed: kind === "dynamic-traffic" ? (i * 7_654_321) % 1_073_741_824 : null,
      createdAt: now - i * 60_000,
    };
  });
}

/**
 * Asks the page until `check` answers true. Playwright's waitForFunction takes the promise an
 * async check returns for a true answer, so it cannot wait on an extension API.
 */
async function until(
  page: Page,
  check: (arg: number) => Promise<boolean>,
  arg: number,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error("the background did not catch up within 30 s");
    await page.waitForTimeout(50);
  }
}

/** Stores the list and waits for the background's summary of it, as after any real change. */
export async function seed(page: Page, list: StoredToken[]): Promise<void> {
  await page.evaluate(async (value) => {
    await chrome.storage.local.clear();
    await chrome.storage.local.set({ tokens: value });
  }, list);
  await until(
    page,
    async (count) =>
      ((await chrome.storage.local.get("popupSummary")).popupSummary as { tokenCount?: number })
        ?.tokenCount === count,
    list.length,
  );
}

/** Files an entry loads: an HTML page's scripts, preloads and styles, and what scripts import. */
export function entryFiles(root: string, entry: string): string[] {
  const files = new Set<string>();
  const add = (ref: string, from: string) => {
    const file = ref.startsWith("/") ? path.join(root, ref) : path.resolve(path.dirname(from), ref);
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith(".js")) {
      const code = readFileSync(file, "utf8");
      for (const m of code.matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) {
        if (m[1]) add(m[1], file);
      }
    }
  };
  const start = path.join(root, entry);
  if (!entry.endsWith(".html")) add(`/${entry}`, start);
  else {
    const source = readFileSync(start, "utf8");
    for (const m of source.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)) {
      if (m[1]) add(m[1], start);
    }
  }
  return [...files];
}

function bytesLine(name: string, files: string[]): string {
  const sum = (ext: string) => {
    const chosen = files.filter((f) => f.endsWith(ext));
    const raw = chosen.reduce((n, f) => n + readFileSync(f).length, 0);
    const gz = chosen.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    return `${(raw / 1024).toFixed(1).padStart(6)} KiB raw ${(gz / 1024).toFixed(1).padStart(6)} KiB gzip`;
  };
  return `${name.padEnd(14)} JS ${sum(".js")}   CSS ${sum(".css")}   HTML ${sum(".html")}`;
}

export function sizes(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, "manifest.json"), "utf8")) as {
    background?: { service_worker?: string };
  };
  const entries = [
    ...(manifest.background?.service_worker ? [manifest.background.service_worker] : []),
    "popup.html",
    "options.html",
  ];
  const page = (entry: string) => (entry.endsWith(".html") ? [path.join(root, entry)] : []);
  return entries.map((entry) => bytesLine(entry, [...page(entry), ...entryFiles(root, entry)]));
}

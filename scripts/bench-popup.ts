/**
 * The popup's figures, measured in real Chromium with the built extension (.output/chrome-mv3):
 *   open → first token row painted, with 10 and with 1,000 stored tokens
 *   open → an empty Preact page painted (the floor: what any Preact extension page costs)
 *   JS and CSS bytes, raw and gzip, of each entry point
 * Each open is a fresh tab on the page's chrome-extension:// URL, as the toolbar opens a fresh
 * popup document. "Painted" is the animation frame in which the element is first in the DOM
 * (recorded by an init script, so the extension carries no benchmark code), measured from the
 * navigation start. Figures only: nothing here asserts on time.
 *
 * The floor page is built here with Vite (same Preact preset as the extension) into a copy of
 * the built extension, so the shipped extension does not carry it.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import preact from "@preact/preset-vite";
import { build } from "vite";
import type { StoredToken } from "../lib/state/tokens";
import { chromiumPath, extensionPath, quietChromiumArgs } from "../tests/e2e/fixtures";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return `${name.padEnd(40)} median ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;
}

/** An extension copy with an empty Preact page at /bench-floor/index.html. */
async function extensionWithFloor(dir: string): Promise<void> {
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
const recordFirstPaint = (selector: string) => `
  window.__painted = new Promise((resolve) => {
    const seen = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false;
      requestAnimationFrame(() => resolve(performance.now()));
      return true;
    };
    if (!seen()) {
      const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
      observer.observe(document, { childList: true, subtree: true });
    }
  });
`;

async function openAndMeasure(context: BrowserContext, url: string, selector: string) {
  const page = await context.newPage();
  await page.addInitScript({ content: recordFirstPaint(selector) });
  await page.goto(url, { waitUntil: "commit" });
  const painted = (await page.evaluate("window.__painted")) as number;
  await page.close();
  return painted;
}

function tokens(count: number): StoredToken[] {
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

async function seed(page: Page, list: StoredToken[]): Promise<void> {
  await page.evaluate(async (value) => {
    await chrome.storage.local.clear();
    await chrome.storage.local.set({ tokens: value });
  }, list);
}

/** Files an entry loads: an HTML page's scripts, preloads and styles, and what scripts import. */
function entryFiles(root: string, entry: string): string[] {
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
  return `${name.padEnd(14)} JS ${sum(".js")}   CSS ${sum(".css")}`;
}

function sizes(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, "manifest.json"), "utf8")) as {
    background?: { service_worker?: string };
  };
  const entries = [
    ...(manifest.background?.service_worker ? [manifest.background.service_worker] : []),
    "popup.html",
    "options.html",
  ];
  return entries.map((entry) => bytesLine(entry, entryFiles(root, entry)));
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-popup-"));
  const extension = path.join(work, "extension");
  const profile = path.join(work, "profile");
  mkdirSync(profile);
  await extensionWithFloor(extension);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 400, height: 600 },
    args: [
      ...quietChromiumArgs,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const origin = `chrome-extension://${new URL(worker.url()).host}`;
    const floorUrl = `${origin}/bench-floor/index.html`;
    const popupUrl = `${origin}/popup.html`;
    const control = await context.newPage();
    await control.goto(floorUrl);

    // Interleaved rounds, so a busy machine weighs on every series alike.
    const floor: number[] = [];
    const ten: number[] = [];
    const thousand: number[] = [];
    const small = tokens(10);
    const large = tokens(1000);
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const f = await openAndMeasure(context, floorUrl, "[data-floor]");
      await seed(control, small);
      const a = await openAndMeasure(context, popupUrl, "[data-token-id]");
      await seed(control, large);
      const b = await openAndMeasure(context, popupUrl, "[data-token-id]");
      if (i < WARMUP) continue;
      floor.push(f);
      ten.push(a);
      thousand.push(b);
    }

    console.log(
      `Proxy Deck popup bench (Chromium headless, ${RUNS} opens each, ${WARMUP} warm-up)`,
    );
    console.log(summary("empty Preact page painted (floor)", floor));
    console.log(summary("popup first row painted, 10 tokens", ten));
    console.log(summary("popup first row painted, 1,000 tokens", thousand));
    console.log("Bytes per entry point (.output/chrome-mv3, shared chunks counted in each):");
    for (const line of sizes(extensionPath)) console.log(`  ${line}`);
  } finally {
    await context.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

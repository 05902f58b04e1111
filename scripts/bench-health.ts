/**
 * What "Check all" costs, in real Chromium with the built extension against the sandbox:
 * - 100 tokens on the provider's one gateway: the time from the command to the last result,
 *   disconnected (two spellings of the gateway free: two probes at once) and connected (the
 *   connected token's spelling carries traffic: the others share the other spelling, in turn);
 * - 10,000 tokens on 200 gateway addresses that refuse connections (50 tokens each, so 4 probes
 *   at once, in turn at each address): how many are checked in 30 s, how fast a cancel ends
 *   the run, the worker's heap during and after it, and the popup's first row while the check
 *   runs against before it.
 * Figures only: nothing asserts on time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { StoredToken } from "../lib/state/tokens";
import { backgroundWorker, launchWithExtension } from "../tests/e2e/fixtures";
import { createTokens, extensionPage, sandboxSettings, sendOk } from "../tests/e2e/harness";
import { startSandbox } from "../tests/sandbox/index";
import { openAndMeasure, seed, tokens } from "./bench-popup-parts";
import { quantile } from "./bench-stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** How long the 10,000-token check runs before it is cancelled. */
const WINDOW_MS = 30_000;

const ms = (samples: number[]) =>
  `median ${quantile(samples, 0.5).toFixed(0).padStart(6)} ms   p95 ${quantile(samples, 0.95).toFixed(0).padStart(6)} ms   (n=${samples.length})`;

/** From the command to the run's end, as the extension's own storage tells it. */
async function timedCheck(ext: Page): Promise<number> {
  const started = performance.now();
  await sendOk(ext, { type: "checkHealth" });
  let told = started;
  for (;;) {
    const run = await ext.evaluate(
      async () =>
        (await chrome.storage.session.get("healthRun")).healthRun as {
          state?: string;
          done?: number;
        },
    );
    if (run?.state !== "running") return performance.now() - started;
    if (performance.now() - told > 10_000) {
      told = performance.now();
      console.error(`  … ${run.done} checked after ${((told - started) / 1000).toFixed(0)} s`);
    }
    await ext.waitForTimeout(20);
  }
}

/** The worker's JavaScript heap in use (MB), through CDP (a worker has no performance.memory). */
async function workerHeap(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send("Target.getTargets");
  const target = targetInfos.find((t) => t.type === "service_worker");
  if (!target) throw new Error("no service worker target");
  const { sessionId } = await cdp.send("Target.attachToTarget", {
    targetId: target.targetId,
    flatten: false,
  });
  let next = 0;
  return async (): Promise<number> => {
    const id = ++next;
    const answer = new Promise<number>((resolve) => {
      const listener = (event: { sessionId?: string; message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
        if (event.sessionId !== sessionId || message.id !== id) return;
        cdp.off("Target.receivedMessageFromTarget", listener);
        resolve((message.result?.usedSize ?? 0) / 1_048_576);
      };
      cdp.on("Target.receivedMessageFromTarget", listener);
    });
    await cdp.send("Target.sendMessageToTarget", {
      sessionId,
      message: JSON.stringify({ id, method: "Runtime.getHeapUsage" }),
    });
    return answer;
  };
}

async function main(): Promise<void> {
  const sb = await startSandbox({ plan: "enterprise" });
  const profile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-health-"));
  const context = await launchWithExtension(profile);
  try {
    const worker = await backgroundWorker(context);
    const extensionId = new URL(worker.url()).host;
    // Options sends the commands: the popup closes itself when the stored lists are replaced.
    const ext = await extensionPage(context, extensionId, "options.html");
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const bought: StoredToken[] = [];
    for (let i = 0; i < 10; i++) bought.push(...(await createTokens(ext, "static-traffic", 10)));
    const disconnected: number[] = [];
    const connected: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      disconnected.push(await timedCheck(ext));
      console.error(`100 tokens, disconnected: ${disconnected.at(-1)?.toFixed(0)} ms`);
      await sendOk(ext, { type: "connect", tokenId: bought[0]?.id ?? 0 });
      connected.push(await timedCheck(ext));
      console.error(`100 tokens, connected: ${connected.at(-1)?.toFixed(0)} ms`);
      await sendOk(ext, { type: "disconnect" });
    }
    const results = await ext.evaluate(async () =>
      JSON.parse(((await chrome.storage.local.get("tokenHealth")).tokenHealth as string) ?? "{}"),
    );
    const works = Object.values(results as Record<string, { outcome: { kind: string } }>).filter(
      (r) => r.outcome.kind === "ok",
    ).length;

    // 10,000 tokens on 200 closed gateway addresses.
    const many = tokens(10_000).map((t, i) => ({
      ...t,
      networkType: "HTTP" as const,
      host: "127.0.0.1",
      port: 20_000 + (i % 200),
    }));
    await seed(ext, many);
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    const before: number[] = [];
    for (let i = 0; i < 5; i++)
      before.push(await openAndMeasure(context, popupUrl, "[data-token-id]"));
    const heapMb = await workerHeap(context, ext);
    const heapBefore = await heapMb();
    const during: number[] = [];
    let heapDuring = 0;
    const doneOf = async () =>
      ext.evaluate(
        async () =>
          ((await chrome.storage.session.get("healthRun")).healthRun as { done?: number })?.done ??
          0,
      );
    await sendOk(ext, { type: "checkHealth" });
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      during.push(await openAndMeasure(context, popupUrl, "[data-token-id]"));
      heapDuring = Math.max(heapDuring, await heapMb());
    }
    // To the end, or a fixed window and then a cancel (how long until the run says it ended).
    let checked = await doneOf();
    while (checked < 10_000 && performance.now() - started < WINDOW_MS) {
      heapDuring = Math.max(heapDuring, await heapMb());
      await ext.waitForTimeout(200);
      checked = await doneOf();
    }
    const seconds = (performance.now() - started) / 1000;
    heapDuring = Math.max(heapDuring, await heapMb());
    const cancelAt = performance.now();
    await sendOk(ext, { type: "cancelHealth" });
    for (;;) {
      const state = await ext.evaluate(
        async () =>
          ((await chrome.storage.session.get("healthRun")).healthRun as { state?: string })?.state,
      );
      if (state !== "running") break;
      await ext.waitForTimeout(20);
    }
    const cancelMs = performance.now() - cancelAt;
    const heapAfter = await heapMb();
    const rate = checked / seconds;

    console.log(`Proxy Deck health-check bench (Chromium headless, ${RUNS} rounds)`);
    console.log(`Check all, 100 tokens on one gateway, disconnected   ${ms(disconnected)}`);
    console.log(`Check all, 100 tokens on one gateway, connected      ${ms(connected)}`);
    console.log(`  last results: ${works} of 100 work`);
    console.log(
      `Check all, 10,000 tokens (200 closed gateways): ${checked} checked in ${seconds.toFixed(1)} s (${rate.toFixed(0)}/s)${checked < 10_000 ? `; cancelled in ${cancelMs.toFixed(0)} ms` : ""}`,
    );
    console.log(
      `  worker heap: ${heapBefore.toFixed(1)} MB before, ${heapDuring.toFixed(1)} MB at most during, ${heapAfter.toFixed(1)} MB after`,
    );
    console.log(`  popup first row, 10,000 tokens, before the check   ${ms(before)}`);
    console.log(`  popup first row, 10,000 tokens, while it runs      ${ms(during)}`);
  } finally {
    await context.close();
    await sb.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();

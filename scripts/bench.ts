/**
 * `npm run bench`: the proxy engine's figures, measured in real Chromium against the sandbox.
 *   switch latency      connect command sent → first page response through the new token
 *   cold challenge      worker stopped → a challenged page load answered by the woken worker
 *   warm challenge      the same with the worker running (the floor to compare against)
 * Each as median and p95 over RUNS runs. Figures only: nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { backgroundWorker, launchWithExtension } from "../tests/e2e/fixtures";
import {
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  must,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
  watchWorker,
} from "../tests/e2e/harness";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return `${name.padEnd(34)} median ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;
}

async function main(): Promise<void> {
  const sb = await sandboxFor();
  const echo = await startEchoServer();
  const profile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-"));
  const context = await launchWithExtension(profile);
  try {
    const extensionId = new URL((await backgroundWorker(context)).url()).host;
    const ext = await extensionPage(context, extensionId);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const [a, b] = await createTokens(ext, "static-traffic", 2);
    const tokens = [must(a, "token A"), must(b, "token B")];
    const page = await context.newPage();

    const switches: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const to = tokens[i % 2] ?? tokens[0];
      if (!to) break;
      const start = performance.now();
      await sendOk(ext, { type: "connect", tokenId: to.id });
      const exit = await exitOfPageLoad(page, `${echo.url}/?switch=${i}`);
      const elapsed = performance.now() - start;
      if (exit !== to.ip) throw new Error(`switch ${i} exited from ${exit}, not ${to.ip}`);
      if (i >= 2) switches.push(elapsed); // the first two warm up the browser
    }

    const worker = await watchWorker(await context.newCDPSession(page), extensionId);
    const challenged = async (cold: boolean): Promise<number[]> => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (cold) {
          await worker.stop();
          while (worker.isRunning()) await page.waitForTimeout(5);
        }
        await control(sb, "gateway/rechallenge", { count: 1 });
        const start = performance.now();
        await exitOfPageLoad(page, `${echo.url}/?challenge=${i}`);
        samples.push(performance.now() - start);
      }
      return samples;
    };
    await ext.close(); // an open extension page would keep the worker awake
    const warm = await challenged(false);
    const cold = await challenged(true);

    console.log(`Proxy Deck bench (Chromium, sandbox on loopback, ${RUNS} runs each)`);
    console.log(summary("switch latency (command → page)", switches));
    console.log(summary("challenged load, worker cold", cold));
    console.log(summary("challenged load, worker warm", warm));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await echo.close();
    await sb.close();
  }
}

await main();

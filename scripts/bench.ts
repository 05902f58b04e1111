/**
 * `npm run bench`: the proxy engine's figures, measured in real Chromium against the sandbox.
 *   switch latency      connect command sent → first page response through the new token
 *   cold challenge      worker stopped → a challenged page load answered by the woken worker
 *   warm challenge      the same with the worker running (the floor to compare against)
 *   during a save       a challenged page load while 50,000 lines of rules are being saved
 * Each as median and p95 over RUNS runs. Figures only: nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SiteRule } from "../lib/routing/rules";
import { backgroundWorker, launchWithExtension } from "../tests/e2e/fixtures";
import {
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  must,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
  TEST_NAMES,
  watchWorker,
} from "../tests/e2e/harness";
import type { Sandbox } from "../tests/sandbox/index";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return `${name.padEnd(34)} median ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;
}

/**
 * The answer time as the gateway saw it since its log was cleared: its 407 → the next request
 * let through (the browser's turn and Proxy Deck's answer in between). Null when not asked.
 */
async function answeredAfter(sb: Sandbox): Promise<number | null> {
  const events = await gatewayLog(sb);
  const asked = events.findIndex((e) => e.result === "auth-required");
  const answered = events.slice(asked + 1).find((e) => e.result === "ok");
  if (asked < 0 || !answered) return null;
  return Date.parse(answered.at) - Date.parse(events[asked]?.at ?? "");
}

const clearGatewayLog = (sb: Sandbox) =>
  fetch(`${sb.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });

async function main(): Promise<void> {
  const sb = await sandboxFor();
  const echo = await startEchoServer();
  const profile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-"));
  const context = await launchWithExtension(profile, [TEST_NAMES]);
  const site = `http://site.test:${new URL(echo.url).port}/`;
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
        await clearGatewayLog(sb);
        await control(sb, "gateway/rechallenge", { count: 1 });
        const start = performance.now();
        await exitOfPageLoad(page, `${echo.url}/?challenge=${i}`);
        samples.push(performance.now() - start);
        if (!cold) answers.warm.push((await answeredAfter(sb)) ?? Number.NaN);
      }
      return samples;
    };
    // A challenge while the one writer saves 50,000 lines of rules (~1 MB): the answer must not
    // wait for the save (issue 35). Two lists in turn, so each save really writes.
    const connected = must(tokens[(RUNS + 1) % 2], "the token the switches ended on");
    const duringSave: number[] = [];
    const answers = { warm: [] as number[], duringSave: [] as number[] };
    const listRule = (round: number): SiteRule => ({
      id: `bench-list-${round % 2}`,
      enabled: true,
      source: {
        type: "list",
        name: "bench",
        lines: Array.from({ length: 50_000 }, (_, i) => `h${i}-${round % 2}.example.test`),
      },
      route: { kind: "direct" },
    });
    for (let i = 0; i < Math.min(RUNS, 10); i++) {
      await clearGatewayLog(sb);
      const save = sendOk(ext, { type: "setSiteRules", rules: [listRule(i)] });
      await control(sb, "gateway/rechallenge", { count: 1 });
      const start = performance.now();
      // A .test name: Chrome hands loopback addresses to no PAC script, so with rules on they
      // would go direct and never be asked.
      const exit = await exitOfPageLoad(page, `${site}?during-save=${i}`);
      if (exit !== connected.ip) throw new Error(`a load during the save exited from ${exit}`);
      duringSave.push(performance.now() - start);
      answers.duringSave.push((await answeredAfter(sb)) ?? Number.NaN);
      await save;
    }
    await sendOk(ext, { type: "setSiteRules", rules: [] });

    await ext.close(); // an open extension page would keep the worker awake
    const warm = await challenged(false);
    const cold = await challenged(true);

    console.log(`Proxy Deck bench (Chromium, sandbox on loopback, ${RUNS} runs each)`);
    console.log(summary("switch latency (command → page)", switches));
    console.log(summary("challenged load, worker cold", cold));
    console.log(summary("challenged load, worker warm", warm));
    console.log(summary("challenged load, 50,000-line rule save", duringSave));
    console.log(summary("407 → answered, at the gateway, warm", answers.warm));
    console.log(summary("407 → answered, during the save", answers.duringSave));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await echo.close();
    await sb.close();
  }
}

await main();

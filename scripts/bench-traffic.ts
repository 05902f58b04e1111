/**
 * What watching the traffic costs the browsing, in real Chromium with the built extension: a
 * page of 1,000 images loaded with Options' traffic log open and closed, alternating, in the
 * same run (load time from navigation start to the load event, timed in the page), and
 * whether the log kept up (every image's request in it). The same page in a Chromium without
 * the extension, in the same rounds, is the floor (what the always-on page counts cost).
 * Figures only: nothing asserts on time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import {
  backgroundWorker,
  chromiumPath,
  launchWithExtension,
  quietChromiumArgs,
} from "../tests/e2e/fixtures";
import { openOptions } from "../tests/e2e/harness";
import { startEchoServer } from "../tests/support/echo-server";
import { quantile } from "./bench-stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const IMAGES = 1_000;

const line = (name: string, samples: number[]) =>
  `${name.padEnd(40)} median ${quantile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(samples, 0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;

async function main(): Promise<void> {
  const echo = await startEchoServer();
  const profile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-traffic-"));
  const context = await launchWithExtension(profile);
  const plainProfile = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-plain-"));
  const plain = await chromium.launchPersistentContext(plainProfile, {
    executablePath: chromiumPath(),
    headless: true,
    args: quietChromiumArgs,
  });
  try {
    const worker = await backgroundWorker(context);
    const extensionId = new URL(worker.url()).host;
    const site = await context.newPage();
    const bare = await plain.newPage();
    const load = async (round: number, page = site) => {
      await page.goto(`${echo.url}/?count=${IMAGES}&round=${round}`, { waitUntil: "load" });
      return page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation");
        return (navigation as PerformanceNavigationTiming).loadEventStart;
      });
    };
    await load(-1); // warm-up
    const floor: number[] = [];
    const closed: number[] = [];
    const open: number[] = [];
    const logged: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      floor.push(await load(round * 2, bare));
      closed.push(await load(round * 2));
      const options = await openOptions(context, extensionId, "traffic");
      await options.getByText("Watch the traffic").click();
      await options.locator("#traffic [role=status]").waitFor();
      await options.getByRole("button", { name: "Clear" }).click();
      open.push(await load(round * 2 + 1));
      // Kept up: every image (and the page) in the log once the batches are in.
      await options.waitForTimeout(1_500);
      logged.push(
        await options.evaluate(
          (n) =>
            document.querySelectorAll("#traffic tbody tr").length >= Math.min(n, 200)
              ? Number(
                  /of (\d+) requests/.exec(
                    document.querySelector("#traffic [role=status]")?.textContent ?? "",
                  )?.[1] ?? 0,
                )
              : 0,
          IMAGES,
        ),
      );
      await options.close();
    }
    console.log(
      `Traffic log cost (Chromium headless, a page of ${IMAGES.toLocaleString("en")} images, ${RUNS} rounds)`,
    );
    console.log(line("page load, no extension (floor)", floor));
    console.log(line("page load, log closed", closed));
    console.log(line("page load, log open", open));
    const always = (quantile(closed, 0.5) / quantile(floor, 0.5) - 1) * 100;
    console.log(
      `  always-on page counts vs no extension: ${always >= 0 ? "+" : ""}${always.toFixed(1)}% (medians)`,
    );
    const change = (quantile(open, 0.5) / quantile(closed, 0.5) - 1) * 100;
    console.log(
      `  load time change with the log open: ${change >= 0 ? "+" : ""}${change.toFixed(1)}% (medians; target under 2%)`,
    );
    console.log(
      `  requests in the log after each open load: min ${Math.min(...logged)}, max ${Math.max(...logged)} (the page and its ${IMAGES} images: ${IMAGES + 1}+)`,
    );
  } finally {
    await context.close();
    await plain.close();
    await echo.close();
    rmSync(plainProfile, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

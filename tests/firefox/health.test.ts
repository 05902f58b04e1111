/**
 * "Check all" in Firefox ESR against the sandbox: each token probed through its own gateway,
 * request by request (Firefox routes each on its own), its exit address learned from the
 * provider through it; a refusing, a slow and a closed gateway said as such; the user's own
 * traffic keeps its token throughout.
 */

import type { Page } from "puppeteer-core";
import { expect, test, vi } from "vitest";
import type { HealthResults, HealthRun } from "../../lib/health/health";
import { DOWNLOAD_BYTES } from "../support/echo-server";
import { downloadResult, runFetchLoop, startDownload, stopFetchLoop } from "../support/fetch-loop";
import { guard } from "../support/pace";
import { control, must } from "../support/sandbox-session";
import {
  assertPrerequisites,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  sendOk,
} from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

const healthOf = (ext: Page) =>
  ext.evaluate(async () => {
    // The progress first: the results are stored before it says "done".
    const { healthRun } = await chrome.storage.session.get("healthRun");
    const { tokenHealth } = await chrome.storage.local.get("tokenHealth");
    return {
      results: JSON.parse((tokenHealth as string | undefined) ?? "{}") as HealthResults,
      run: (healthRun ?? null) as HealthRun | null,
    };
  });

/** The stored health once the run is done (within 30 s). */
const checkDone = (ext: Page) =>
  vi.waitFor(
    async () => {
      const health = await healthOf(ext);
      if (health.run?.state !== "done") throw new Error("the check has not finished");
      return health;
    },
    { timeout: guard(30_000), interval: 100 },
  );

test("Check all learns each token's login, latency and exit address; the user's traffic keeps its token", async () => {
  const { ext, site, sb } = suite;
  const port = new URL(suite.echo.url).port;
  const tokens = await createTokens(ext, "static-traffic", 4);
  const [used, good, refused, slow] = tokens.map((t, i) => must(t, `token ${i}`));
  const down = must((await createTokens(ext, "dynamic-traffic", 1))[0], "dynamic");
  await control(sb, "gateway/refuse-password", { token_id: refused?.id });
  await control(sb, "gateway/token", { token_id: slow?.id, slow_ms: 400 });
  await control(sb, "gateway/token", { token_id: down.id, down: true });
  if (!used || !good || !refused || !slow) throw new Error("four tokens");
  await sendOk(ext, { type: "connect", tokenId: used.id });
  expect(await exitOfPageLoad(site, `http://127.0.0.1:${port}/`)).toBe(used.ip);

  const started = await sendOk(ext, { type: "checkHealth" });
  expect(started).toEqual({ checking: 5, notChecked: 0, joined: false });
  // A second "Check all" meanwhile joins the run.
  expect((await sendOk(ext, { type: "checkHealth" })).joined).toBe(true);
  const during = await exitOfPageLoad(site, `http://127.0.0.1:${port}/`);
  const { results, run } = await checkDone(ext);
  expect(run).toMatchObject({ total: 5, done: 5, waitingUntil: null });
  expect(results[used.id]?.outcome).toMatchObject({ kind: "ok", exitIp: used.ip });
  expect(results[good.id]?.outcome).toMatchObject({ kind: "ok", exitIp: good.ip });
  expect(results[refused.id]?.outcome).toEqual({ kind: "login-refused" });
  // The message names what came instead (its error text says why).
  const downResult = results[down.id]?.outcome;
  expect(downResult, JSON.stringify(downResult)).toMatchObject({ kind: "unreachable" });
  const slowResult = results[slow.id]?.outcome;
  expect(slowResult).toMatchObject({ kind: "ok", exitIp: slow.ip });
  expect(slowResult?.kind === "ok" && slowResult.latencyMs).toBeGreaterThanOrEqual(400);
  expect(during).toBe(used.ip);
  expect(await exitOfPageLoad(site, `http://127.0.0.1:${port}/`)).toBe(used.ip);
  await sendOk(ext, { type: "disconnect" });
});

test("Options' Check all: progress to the end, each row in words with the exit address learned", async () => {
  const { browser, ext, sb } = suite;
  const [good, refused] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  );
  if (!good || !refused) throw new Error("two tokens");
  await control(sb, "gateway/refuse-password", { token_id: refused.id });
  const total = (
    await suite.ext.evaluate(
      async () => (await chrome.storage.local.get("tokens")).tokens as unknown[],
    )
  ).length;
  const options = await extensionPage(browser, "options.html#health");
  await options.bringToFront();
  await options.waitForSelector("#health button::-p-text(Check all)");
  await options.click("#health button::-p-text(Check all)");
  await options.waitForFunction(
    (n) =>
      document.querySelector("#health .health-progress [role=status]")?.textContent ===
      `Checked ${n} of ${n}.`,
    { timeout: guard(30_000) },
    total,
  );
  const rowText = (id: number) =>
    options.$eval(`#health tbody tr[data-token-id="${id}"]`, (row) => row.textContent ?? "");
  // "Works" and its latency, said once (the latency in its own column).
  expect(await rowText(good.id)).toMatch(/Works\d+ ms/);
  expect(await rowText(good.id)).not.toMatch(/\d+ ms.*\d+ ms/);
  // Firefox learns the exit address through the token itself.
  expect(await rowText(good.id)).toContain(good.ip);
  expect(await rowText(refused.id)).toContain(
    "Login refused: the gateway did not accept this token's password",
  );
  await options.close();
});

test("Check all of 20 tokens on the gateway that carries the user's traffic, while a page fetches in a loop and a 10-second download runs: nothing fails or moves, the download is whole", async () => {
  const { ext, site } = suite;
  const url = `http://127.0.0.1:${new URL(suite.echo.url).port}/`;
  // Twenty, in two purchases (the provider sells at most ten at once).
  const tokens = [
    ...(await createTokens(ext, "static-traffic", 10)),
    ...(await createTokens(ext, "static-traffic", 10)),
  ];
  const used = must(tokens[0], "the connected token");
  await sendOk(ext, { type: "connect", tokenId: used.id });
  expect(await exitOfPageLoad(site, url)).toBe(used.ip);
  await site.evaluate(startDownload, { url: `${url}download?seconds=10` });
  await site.evaluate(runFetchLoop, { url, max: 5_000, hungAfterMs: guard(5_000) });

  await sendOk(ext, { type: "checkHealth" });
  const { results } = await checkDone(ext);
  const during = await site.evaluate(stopFetchLoop);
  const download = await site.evaluate(downloadResult);
  // Firefox sends a login per request: every one of the twenty is checked, with its exit.
  for (const token of tokens) {
    expect(results[token.id]?.outcome).toMatchObject({ kind: "ok", exitIp: token.ip });
  }
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((r) => r.exit !== used.ip)).toEqual([]);
  expect(download).toEqual({ bytes: DOWNLOAD_BYTES, exit: used.ip, error: null });
  await sendOk(ext, { type: "disconnect" });
});

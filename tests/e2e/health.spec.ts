/**
 * "Check all" in real Chromium against the sandbox: every token's gateway, login, latency,
 * checked through its own gateway while the user's traffic keeps its token and loses no request
 * (counted at the sandbox and the test website); a refusing, a slow and a closed gateway, each
 * said in words; a token that could only be checked by dropping a login is not checked.
 */

import type { Page } from "@playwright/test";
import type { HealthResults, HealthRun } from "../../lib/health/health";
import { DOWNLOAD_BYTES } from "../support/echo-server";
import { downloadResult, runFetchLoop, startDownload, stopFetchLoop } from "../support/fetch-loop";
import { guard } from "../support/pace";
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import {
  control,
  createTokens,
  exitOfPageLoad,
  gatewayLog,
  must,
  proxyStatus,
  sandboxPage,
  sendOk,
  TEST_NAMES,
  tokensOnOwnGateways,
  watchWorker,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);
// Every test browses the sandbox's names under .test.
test.use({ chromiumArgs: [TEST_NAMES] });

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

/** The check's run has ended, done. */
const checkDone = (ext: Page) =>
  expect
    .poll(async () => (await healthOf(ext)).run?.state, { timeout: guard(30_000) })
    .toBe("done");

/** The user's traffic beside the check: a 10-second download and a page fetching in a loop. */
async function userTraffic(page: Page, site: string) {
  await page.evaluate(startDownload, { url: `${site}download?seconds=10` });
  await page.evaluate(runFetchLoop, { url: site, max: 5_000, hungAfterMs: guard(5_000) });
  return {
    /** The loop's requests (it stops here) and the download's outcome. */
    results: async () => ({
      during: await page.evaluate(stopFetchLoop),
      download: await page.evaluate(downloadResult),
    }),
  };
}

/** A probe of this token has signed in at its gateway (its request then runs on). */
const probeSignedIn = (sb: Parameters<typeof gatewayLog>[0], token: { username: string }) =>
  expect
    .poll(
      async () =>
        (await gatewayLog(sb)).some(
          (e) =>
            e.username === token.username && e.target.includes(".invalid") && e.result === "ok",
        ),
      { timeout: guard(20_000) },
    )
    .toBe(true);

test("Check all probes every token it can without costing the user's traffic: a page fetching in a loop keeps its token, nothing fails; a token that would cost a dropped login is not checked, and says why", async ({
  context,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  // Three tokens on the connected token's gateway (two spellings), four on gateways of
  // their own: a working, a refusing, a slow and a closed one (a dynamic token's listener).
  const [a, b, c] = await createTokens(ext, "static-traffic", 3);
  const [used, beside, third] = [must(a, "a"), must(b, "b"), must(c, "c")];
  const own = await tokensOnOwnGateways(ext, sb, 3);
  const [good, refused, slow] = [own[0], own[1], own[2]];
  if (!good || !refused || !slow) throw new Error("three tokens of their own");
  const down = must((await createTokens(ext, "dynamic-traffic", 1))[0], "dynamic");
  await control(sb, "gateway/refuse-password", { token_id: refused.sandboxId });
  await control(sb, "gateway/token", { token_id: slow.sandboxId, slow_ms: 400 });
  await control(sb, "gateway/token", { token_id: down.id, down: true });
  await sendOk(ext, { type: "connect", tokenId: used.id });
  const port = new URL(echo.url).port;
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, `http://site.test:${port}/`)).toBe(used.ip);
  await page.evaluate(runFetchLoop, {
    url: `http://site.test:${port}/`,
    max: 5_000,
    hungAfterMs: guard(5_000),
  });

  const started = await sendOk(ext, { type: "checkHealth" });
  expect(started).toEqual({ checking: 6, notChecked: 1, joined: false });
  await checkDone(ext);
  const during = await page.evaluate(stopFetchLoop);
  const { results, run } = await healthOf(ext);
  expect(run).toMatchObject({ total: 7, done: 7, waitingUntil: null });
  expect(results[used.id]?.outcome).toMatchObject({ kind: "ok", exitIp: used.ip });
  expect(results[beside.id]?.outcome).toMatchObject({ kind: "ok", exitIp: null });
  expect(results[third.id]?.outcome).toEqual({ kind: "not-checked", why: "gateway-in-use" });
  expect(results[good.id]?.outcome).toMatchObject({ kind: "ok", exitIp: null });
  expect(results[refused.id]?.outcome).toEqual({ kind: "login-refused" });
  expect(results[down.id]?.outcome).toMatchObject({ kind: "unreachable" });
  const slowMs = results[slow.id]?.outcome;
  expect(slowMs?.kind === "ok" && slowMs.latencyMs).toBeGreaterThanOrEqual(400);
  // The user's traffic during the check: every request answered, through its token.
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((r) => r.exit !== used.ip)).toEqual([]);
  // And after it.
  expect(await exitOfPageLoad(page, `http://site.test:${port}/?after`)).toBe(used.ip);
  const log = await gatewayLog(sb);
  const probed = (username: string) =>
    log.filter((e) => e.username === username && e.target.includes(".invalid"));
  for (const token of [beside, good, slow]) {
    expect(probed(token.username).length).toBeGreaterThan(0);
  }
});

test("Check all of 20 tokens on the gateway that carries the user's traffic, while a page fetches in a loop and a 10-second download runs: nothing fails or moves, the download is whole", async ({
  context,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  // Twenty, in two purchases (the provider sells at most ten at once).
  const tokens = [
    ...(await createTokens(ext, "static-traffic", 10)),
    ...(await createTokens(ext, "static-traffic", 10)),
  ];
  const used = must(tokens[0], "the connected token");
  await sendOk(ext, { type: "connect", tokenId: used.id });
  const site = `http://site.test:${new URL(echo.url).port}/`;
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, site)).toBe(used.ip);
  const traffic = await userTraffic(page, site);

  const started = await sendOk(ext, { type: "checkHealth" });
  // Chrome holds one login per gateway address: the connected token's, and one more at the
  // other spelling of the same gateway; the rest would cost a dropped login, so they wait.
  expect(started).toMatchObject({ checking: 2, notChecked: 18 });
  await checkDone(ext);
  const { during, download } = await traffic.results();
  const { results } = await healthOf(ext);
  expect(results[used.id]?.outcome).toMatchObject({ kind: "ok", exitIp: used.ip });
  expect(tokens.filter((t) => results[t.id]?.outcome.kind === "not-checked").length).toBe(18);
  // The user's traffic: every request answered, through its token; the download whole.
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((r) => r.exit !== used.ip)).toEqual([]);
  expect(download).toEqual({ bytes: DOWNLOAD_BYTES, exit: used.ip, error: null });
});

test("a worker stop during Check all: the run says it stopped, keeps what it found, and the rest can be checked", {
  tag: "@waits",
}, async ({ context, sb }) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const tokens = await tokensOnOwnGateways(ext, sb, 8);
  // Each probe takes a while: the stop comes while some are done and some are not.
  for (const token of tokens) {
    await control(sb, "gateway/token", { token_id: token.sandboxId, slow_ms: 1_500 });
  }
  await sendOk(ext, { type: "checkHealth" });
  await expect.poll(async () => (await healthOf(ext)).run?.done ?? 0).toBeGreaterThan(0);
  const worker = await watchWorker(await context.newCDPSession(ext), extensionId);
  await worker.sleep();
  // Woken by a page's question: the new worker says the run it did not start stopped.
  await sendOk(ext, { type: "routeOf", url: "http://example.test/" });
  await expect.poll(async () => (await healthOf(ext)).run?.state).toBe("stopped");
  const stopped = await healthOf(ext);
  const startedAt = stopped.run?.startedAt ?? 0;
  const found = Object.keys(stopped.results).length;
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(8);
  expect(stopped.run?.done).toBe(found);
  // The probes' config is gone with the run: the browser is back on the decided one.
  const config = await ext.evaluate(async () => (await chrome.proxy.settings.get({})).value);
  expect(JSON.stringify(config)).not.toContain("proxy-deck.invalid");

  // "Check the rest": the tokens with no result since the stopped run began.
  const rest = tokens.filter((t) => (stopped.results[t.id]?.at ?? 0) < startedAt).map((t) => t.id);
  expect(await sendOk(ext, { type: "checkHealth", tokenIds: rest })).toMatchObject({
    checking: rest.length,
    joined: false,
  });
  await checkDone(ext);
  const { results } = await healthOf(ext);
  for (const token of tokens) expect(results[token.id]?.outcome).toMatchObject({ kind: "ok" });
});

test("a gateway that asks a valid login again during Check all: a question, not a refusal", async ({
  context,
  sb,
}) => {
  const ext = await sandboxPage(context, extensionId, sb);
  const tokens = await tokensOnOwnGateways(ext, sb, 3);
  // The gateway ends the login sessions of the next answers (a restart, a timeout).
  await control(sb, "gateway/rechallenge", { count: 2 });
  await sendOk(ext, { type: "checkHealth" });
  await checkDone(ext);
  const { results } = await healthOf(ext);
  for (const token of tokens) expect(results[token.id]?.outcome).toMatchObject({ kind: "ok" });
  const asked = (await gatewayLog(sb)).filter((e) => e.reason?.includes("sign in again"));
  expect(asked.length).toBe(2);
});

test("a switch that must take the gateway spelling Check all is probing at: the user's pages go with the chosen token's login, never the probed one's; the probed token is not checked", async ({
  context,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b, c] = await createTokens(ext, "static-traffic", 3);
  const [used, probed, next] = [must(a, "a"), must(b, "b"), must(c, "c")];
  // The probed token's requests stall at the gateway: its probe is out when the user switches.
  await control(sb, "gateway/token", { token_id: probed.id, slow_ms: 5_000 });
  await sendOk(ext, { type: "connect", tokenId: used.id });
  const port = new URL(echo.url).port;
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, `http://site.test:${port}/`)).toBe(used.ip);

  // The probe signs in at the gateway's other spelling, which held no login.
  expect(await sendOk(ext, { type: "checkHealth", tokenIds: [probed.id] })).toMatchObject({
    checking: 1,
  });
  await probeSignedIn(sb, probed);
  // Both spellings hold a login: the switch keeps the one of the token it leaves (its late
  // requests keep their login) and takes the probe's.
  const before = (await gatewayLog(sb)).length;
  await sendOk(ext, { type: "connect", tokenId: next.id });
  expect(await exitOfPageLoad(page, `http://site.test:${port}/?after-switch`)).toBe(next.ip);

  await checkDone(ext);
  const { results } = await healthOf(ext);
  expect(results[probed.id]?.outcome).toEqual({ kind: "not-checked", why: "gateway-in-use" });
  expect(await exitOfPageLoad(page, `http://site.test:${port}/?after-check`)).toBe(next.ip);
  const pages = (await gatewayLog(sb))
    .slice(before)
    .filter((e) => e.target.includes("site.test") && e.username);
  expect(pages.length).toBeGreaterThan(0);
  expect(new Set(pages.map((e) => e.username))).toEqual(new Set([next.username]));
});

test("the probed token connected while its probe runs takes the probe's address: a refusal of its password there reaches the user, not the probe alone", async ({
  context,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const [used, probed] = [must(a, "a"), must(b, "b")];
  await sendOk(ext, { type: "connect", tokenId: used.id });
  const port = new URL(echo.url).port;
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, `http://site.test:${port}/`)).toBe(used.ip);
  // The probe's request stalls at the gateway: the check runs through what follows.
  await control(sb, "gateway/token", { token_id: probed.id, slow_ms: 30_000 });
  await sendOk(ext, { type: "checkHealth", tokenIds: [probed.id] });
  await probeSignedIn(sb, probed);
  await control(sb, "gateway/token", { token_id: probed.id, slow_ms: 0 });
  // The probe's address holds the probed token's login: connecting that token takes it.
  await sendOk(ext, { type: "connect", tokenId: probed.id });
  expect(await exitOfPageLoad(page, `http://site.test:${port}/?probed`)).toBe(probed.ip);
  expect((await healthOf(ext)).run?.state).toBe("running");

  await control(sb, "gateway/refuse-password", { token_id: probed.id });
  await page.goto(`http://site.test:${port}/?revoked`).catch(() => "refused, as expected");
  await expect
    .poll(async () => (await proxyStatus(ext)).error?.failure.code, { timeout: guard(20_000) })
    .toBe("credentials-refused");
});

test("a token connected earlier, refused by its gateway when Check all probes it: the check says so, and the user's token is not asked again, its download whole", async ({
  context,
  sb,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, c] = await tokensOnOwnGateways(ext, sb, 2);
  const [earlier, used] = [must(a, "a"), must(c, "c")];
  const port = new URL(echo.url).port;
  const page = await context.newPage();
  // Chrome caches the earlier token's login at its gateway, and keeps it after the switch.
  await sendOk(ext, { type: "connect", tokenId: earlier.id });
  expect(await exitOfPageLoad(page, `http://site.test:${port}/`)).toBe(earlier.ip);
  await sendOk(ext, { type: "connect", tokenId: used.id });
  const site = `http://site.test:${port}/`;
  expect(await exitOfPageLoad(page, site)).toBe(used.ip);
  const traffic = await userTraffic(page, site);

  await control(sb, "gateway/refuse-password", { token_id: earlier.sandboxId });
  const checked = Date.now();
  await sendOk(ext, { type: "checkHealth", tokenIds: [earlier.id] });
  await checkDone(ext);
  const { during, download } = await traffic.results();
  expect((await healthOf(ext)).results[earlier.id]?.outcome.kind).toBe("login-refused");
  // Dropping the refused login drops Chrome's logins and sockets at the user's gateway too:
  // its next request is asked again (and requests being connected then may be cut).
  const askedAgain = (await gatewayLog(sb)).filter(
    (e) =>
      Date.parse(e.at) >= checked &&
      e.result === "auth-required" &&
      !e.target.includes(".invalid") &&
      e.username !== earlier.username,
  );
  expect(askedAgain).toEqual([]);
  expect(download).toEqual({ bytes: DOWNLOAD_BYTES, exit: used.ip, error: null });
  expect(during.filter((r) => r.exit !== used.ip)).toEqual([]);
  expect(await proxyStatus(ext)).toMatchObject({ tokenId: used.id, error: null });
});

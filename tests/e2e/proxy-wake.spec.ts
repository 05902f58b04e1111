import { guard } from "../support/pace";
import { expect, launchWithExtension, test } from "./fixtures";
import {
  backgroundWorker,
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  must,
  proxyStatus,
  sandboxPage,
  sendOk,
  watchWorker,
} from "./harness";

const WAKES = 50;

test(`a stopped worker answers the proxy's challenge: ${WAKES} cold wakes, 0 failed loads`, async ({
  context,
  extensionId,
  sb,
  echo,
}) => {
  test.setTimeout(guard(180_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await ext.close(); // no extension page may keep the worker alive
  const page = await context.newPage();
  const worker = await watchWorker(await context.newCDPSession(page), extensionId);

  const failed: string[] = [];
  let challenged = 0;
  for (let i = 0; i < WAKES; i++) {
    await worker.sleep(); // really asleep before the challenge
    const startsBefore = worker.starts();
    // The gateway's login session ends: the next request is challenged while the worker sleeps.
    await control(sb, "gateway/rechallenge", { count: 1 });
    const exit = await exitOfPageLoad(page, `${echo.url}/?wake=${i}`).catch(() => "failed");
    if (exit !== token.ip) failed.push(`wake ${i}: ${exit}`);
    await worker.startedOnceSince(startsBefore, `wake ${i} (exit ${exit})`); // the challenge woke it
    const log = await gatewayLog(sb);
    challenged = log.filter(
      (e) => e.result === "auth-required" && e.username === token.username,
    ).length;
  }
  expect(failed).toEqual([]);
  expect(challenged).toBe(WAKES); // every load really was challenged and answered
});

test("browser restart with the same profile: the proxy is re-applied from storage, pages proxied, no dialog", async ({
  userDataDir,
  sb,
  echo,
}) => {
  let context = await launchWithExtension(userDataDir);
  let worker = await backgroundWorker(context);
  const extensionId = new URL(worker.url()).host;
  const ext = await sandboxPage(context, extensionId, sb);
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await context.close();

  context = await launchWithExtension(userDataDir);
  try {
    worker = await backgroundWorker(context);
    const ext2 = await extensionPage(context, extensionId);
    // A relaunch with --load-extension re-installs the extension and drops its proxy setting
    // (an installed extension keeps it across restarts); the worker re-applies it from storage
    // as soon as it starts. Wait for that, not for anything else, before the first load.
    await expect
      .poll(() => ext2.evaluate(async () => (await chrome.proxy.settings.get({})).value.mode))
      .toBe("fixed_servers");
    const page = await context.newPage();
    expect(await exitOfPageLoad(page, echo.url)).toBe(token.ip);
    await expect.poll(async () => (await proxyStatus(ext2)).state).toBe("connected");
    // Nothing reached the site directly (Chromium may also ask for /favicon.ico).
    expect(new Set(echo.requestsFrom)).toEqual(new Set([token.ip]));
  } finally {
    await context.close();
  }
});

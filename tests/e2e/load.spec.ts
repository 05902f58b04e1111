/**
 * Under load in real Chromium: when the gateway starts refusing a token's password, a page
 * that fires forty requests at once must not turn into a storm of refused logins, and the
 * popup must say the credentials were refused.
 */
import type { Sandbox } from "../sandbox/index";
import { expect, test } from "./fixtures";
import {
  control,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  must,
  proxyStatus,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
} from "./harness";

let sb: Sandbox;
let echo: Awaited<ReturnType<typeof startEchoServer>>;
test.beforeEach(async () => {
  sb = await sandboxFor();
  echo = await startEchoServer();
});
test.afterEach(async () => {
  await echo.close();
  await sb.close();
});

test("40 parallel requests after the password was revoked: refused logins held down, 'refused' shown", async ({
  context,
  extensionId,
}) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, echo.url)).toBe(token.ip);

  await control(sb, "gateway/refuse-password", { token_id: token.id });
  const refusedBefore = (await gatewayLog(sb)).filter(
    (e) => e.username === token.username && e.result === "refused",
  ).length;
  const outcomes = await page.evaluate(async (base) => {
    const one = (i: number) =>
      fetch(`${base}/?parallel=${i}`, { cache: "no-store" }).then(
        (r) => r.status,
        () => 0,
      );
    return Promise.all(Array.from({ length: 40 }, (_, i) => one(i)));
  }, echo.url);
  expect(outcomes.every((status) => status !== 200)).toBe(true);
  const refused =
    (await gatewayLog(sb)).filter((e) => e.username === token.username && e.result === "refused")
      .length - refusedBefore;
  console.log(`refused logins after revocation, 40 parallel requests: ${refused}`);
  // Measured on Chromium 156 (see the closing note): 72–80 when every challenge was answered
  // once; 3–13 with one answer sent mid-burst; 2–7 (median 3.5, 20 runs) with that answer held
  // until the burst is over. What remains is Chromium's own: it sends its cached login unasked
  // on each of the up to six connections it opens before the first refusal comes back.
  expect(refused).toBeLessThanOrEqual(20);
  await expect
    .poll(async () => (await proxyStatus(ext)).error?.failure.code)
    .toBe("credentials-refused");

  const popup = await extensionPage(context, extensionId);
  await expect(popup.locator(`[data-token-id="${token.id}"] .error`)).toContainText(
    "refused this token's username or password",
  );
});

test("the gateway ends its login session while the worker is awake: the next load still goes through, no 'refused'", async ({
  context,
  extensionId,
}) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  const page = await context.newPage();
  expect(await exitOfPageLoad(page, echo.url)).toBe(token.ip);

  // The browser's cached login is challenged once more although it is still valid: the one
  // answer held back for the burst must still go out, and work.
  await control(sb, "gateway/rechallenge", { count: 1 });
  expect(await exitOfPageLoad(page, `${echo.url}/?again`)).toBe(token.ip);
  const log = await gatewayLog(sb);
  expect(
    log.filter((e) => e.username === token.username && e.result === "auth-required"),
  ).toHaveLength(1);
  expect((await proxyStatus(ext)).error).toBeNull();
});

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
  // once; 4–13 now (one answer for a login that had worked, the rest cancelled; the remainder
  // are Chromium's own unasked sends of the cached login, and of the one answer's copy).
  expect(refused).toBeLessThanOrEqual(20);
  await expect
    .poll(async () => (await proxyStatus(ext)).error?.failure.code)
    .toBe("credentials-refused");

  const popup = await extensionPage(context, extensionId);
  await expect(popup.locator(`[data-token-id="${token.id}"] .error`)).toContainText(
    "refused this token's username or password",
  );
});

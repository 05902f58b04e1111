/**
 * Trust in real Chromium against the sandbox: while the user has chosen a token, traffic goes
 * through it or nowhere, and the status says only what the browser has shown.
 */
import type { Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { expect, launchWithExtension, test } from "./fixtures";
import {
  backgroundWorker,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  must,
  proxyStatus,
  sandboxFor,
  sandboxSettings,
  sendOk,
  startEchoServer,
  storedTokens,
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

/** A page load that must not reach the site: it fails, and the site saw nothing. */
async function expectBlocked(page: Page, label: string) {
  const before = echo.requestsFrom.length;
  const error = await page.goto(`${echo.url}/?${label}`).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(error).toContain("ERR_PROXY_CONNECTION_FAILED");
  expect(echo.requestsFrom.length).toBe(before);
}

/** Writes the token list the way another device or tool would, behind the engine's back. */
const storeTokens = (ext: Page, tokens: unknown[]) =>
  ext.evaluate((list) => chrome.storage.local.set({ tokens: list }), tokens);

for (const how of ["deleted elsewhere", "expired"] as const) {
  test(`a connected token ${how}: traffic is blocked, said so, until the user goes direct`, async ({
    context,
    extensionId,
  }) => {
    const ext = await extensionPage(context, extensionId);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    const page = await context.newPage();
    expect(await exitOfPageLoad(page, echo.url)).toBe(token.ip);

    const stored = await storedTokens(ext);
    await storeTokens(
      ext,
      how === "expired" ? stored.map((t) => ({ ...t, expiresAt: Date.now() - 1000 })) : [],
    );
    await expect.poll(async () => (await proxyStatus(ext)).state).toBe("blocked");
    expect((await proxyStatus(ext)).error?.failure.code).toBe(
      how === "expired" ? "token-expired" : "token-missing",
    );
    await expectBlocked(page, "after");
    await expectBlocked(page, "again");

    // The popup says why and offers the way out.
    const popup = await extensionPage(context, extensionId);
    const banner = popup.locator(".blocked");
    await expect(banner).toContainText("Traffic is blocked");
    await banner.getByRole("button", { name: "Go direct" }).click();
    await expect.poll(async () => (await proxyStatus(ext)).state).toBe("direct");
    expect(await exitOfPageLoad(page, echo.url)).toBe("127.0.0.1");
  });
}

test("browser restart with a connected token: 30 s idle shows no error, nothing goes direct", async ({
  userDataDir,
}) => {
  let context = await launchWithExtension(userDataDir);
  const worker = await backgroundWorker(context);
  const extensionId = new URL(worker.url()).host;
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  await context.close();

  context = await launchWithExtension(userDataDir);
  try {
    const ext2 = await extensionPage(context, extensionId);
    // Every status the background writes from now on, in order.
    await ext2.evaluate(() => {
      const seen: string[] = [];
      (globalThis as { seenStates?: string[] }).seenStates = seen;
      chrome.storage.onChanged.addListener((changes) => {
        const next = changes.proxyStatus?.newValue as { state?: string } | undefined;
        if (next?.state) seen.push(next.state);
      });
    });
    await expect
      .poll(() => ext2.evaluate(async () => (await chrome.proxy.settings.get({})).value.mode))
      .toBe("fixed_servers");
    const page = await context.newPage();
    expect(await exitOfPageLoad(page, echo.url)).toBe(token.ip);
    // The scenario: the browser left idle for 30 s after the restart, while Chromium
    // makes its own early requests (whose proxy errors used to be blamed on the token).
    const IDLE_MS = 30_000;
    await ext2.evaluate((ms) => new Promise((done) => setTimeout(done, ms)), IDLE_MS);
    const seen = await ext2.evaluate(() => (globalThis as { seenStates?: string[] }).seenStates);
    expect(seen).not.toContain("error");
    expect((await proxyStatus(ext2)).state).toBe("connected");
    expect(new Set(echo.requestsFrom)).toEqual(new Set([token.ip]));
  } finally {
    await context.close();
  }
});

test("with the provider on loopback and the default bypass, the exit check is labelled direct", async ({
  context,
  extensionId,
}) => {
  const ext = await extensionPage(context, extensionId);
  // <local> only: Chromium sends loopback (the sandbox) direct, whatever the proxy.
  await sendOk(ext, {
    type: "patchSettings",
    patch: sandboxSettings(sb, { bypassList: ["<local>"] }),
  });
  const token = must((await createTokens(ext, "static-ip", 1))[0], "token");
  expect(token.ip).toBe("");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  const status = await proxyStatus(ext);
  expect(status.exitIp).toMatchObject({ ip: "127.0.0.1", viaTokenId: null });
  expect(status.state).toBe("checking"); // not proven: the check did not use the token
  const stored = must(
    (await storedTokens(ext)).find((t) => t.id === token.id),
    "token",
  );
  expect(stored.ip).toBe(""); // the user's own address is never stored as the token's
});

/**
 * Failures leave a trace a user can hand to support, in real Chromium against the sandbox: a
 * token whose password the gateway refuses, a provider address refused at the settings' gate,
 * and a provider that cannot be reached. Settings → Support copies the diagnostics, which name
 * each of them and hold no secret (passwords, the access token, the token's login) and no
 * address beyond its host; Clear empties them.
 */
import { expect, test } from "./fixtures";
import { createTokens, must, openOptions, sandboxPage, send } from "./harness";

const WRONG_PASSWORD = "wrong-S3CR3T-password";

test("a refused login, a refused address and an unreachable provider, copied from Settings → Support without a secret or a full URL", async ({
  context,
  extensionId,
  sb,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const ext = await sandboxPage(context, extensionId, sb);
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  // The token's password gone stale (changed at the provider): the gateway refuses it.
  await ext.evaluate(
    async ({ id, password }) => {
      const { tokens } = await chrome.storage.local.get("tokens");
      const list = tokens as { id: number; password: string }[];
      await chrome.storage.local.set({
        tokens: list.map((t) => (t.id === id ? { ...t, password } : t)),
      });
    },
    { id: token.id, password: WRONG_PASSWORD },
  );
  expect((await send(ext, { type: "connect", tokenId: token.id })).ok).toBe(false);
  // An address with a login in it, refused at the gate; then one nothing answers at.
  const refused = await send(ext, {
    type: "patchSettings",
    patch: { baseUrl: "https://alice:hunter2@api.example.test/v1" },
  });
  expect(refused).toEqual({ ok: true, data: { rejected: ["baseUrl"] } });
  const auth = { kind: "bearer", accessToken: sb.accessToken } as const;
  const moved = await send(ext, {
    type: "patchSettings",
    patch: { baseUrl: "http://127.0.0.1:9/private/v1", auth },
  });
  expect(moved).toEqual({ ok: true, data: { rejected: [] } });
  expect(await send(ext, { type: "accountInfo" })).toMatchObject({
    ok: false,
    failure: { code: "api-network" },
  });

  const page = await openOptions(context, extensionId, "support");
  const support = page.locator("#support");
  await support.getByRole("button", { name: "Copy diagnostics" }).click();
  await expect(page.locator("#diagnostics-status")).toHaveText(
    /^Copied \d+ events\. Paste them into your message to support\.$/,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // What was copied is what the page shows.
  await expect(page.getByLabel("Diagnostics", { exact: true })).toHaveValue(copied);

  expect(copied).toMatch(/^Proxy Deck diagnostics\nVersion: \d+\.\d+\.\d+\nBrowser: .+/);
  const gateway = `${token.host}:${token.port}`;
  for (const trace of [
    /^\S+Z wake +background: worker started/m,
    /apply +reconcile: no token chosen: applied/,
    new RegExp(`apply +connect: token #${token.id}: applied`),
    new RegExp(`auth +auth: ${gateway.replace(/\./g, "\\.")} refused token #${token.id}'s sign-in`),
    /command +command:connect: (credentials-refused|exit-check-failed)/,
    /refusal +command:patchSettings: rejected 1: baseUrl/,
    /command +command:accountInfo: api-network \(origin 127\.0\.0\.1:9\)/,
  ]) {
    expect(copied).toMatch(trace);
  }
  for (const secret of [
    WRONG_PASSWORD,
    token.password,
    token.username,
    sb.accessToken,
    "hunter2",
    "alice",
    "private",
    "://",
  ]) {
    expect(copied, secret).not.toContain(secret);
  }

  await support.getByRole("button", { name: "Clear diagnostics" }).click();
  await expect(page.locator("#diagnostics-status")).toHaveText("Diagnostics cleared.");
  await support.getByRole("button", { name: "Copy diagnostics" }).click();
  await expect(page.locator("#diagnostics-status")).toHaveText(/^Copied \d+ events?\./);
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain("refused");
});

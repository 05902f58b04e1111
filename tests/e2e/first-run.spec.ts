/**
 * A newcomer's first run in real Chromium against the sandbox: the install opens the welcome,
 * nothing is in error before the user acts, an error is gone once its cause is fixed, and the
 * welcome leads from credentials to a token bought in it and connected.
 */

import type { BrowserContext, Page } from "@playwright/test";
import { PAGES } from "../../lib/options/pages";
import { guard } from "../support/pace";
import { expect, test } from "./fixtures";
import {
  control,
  extensionPage,
  gatewayLog,
  must,
  sandboxSettings,
  sendOk,
  storedTokens,
} from "./harness";

/** Anything that reads as a failure on the page. */
const ERRORS = ".notice-error, [role=alert], [aria-invalid=true]";

/** The tab the install opened (waited for as an outcome: it opens once the worker runs). */
async function welcomeTab(context: BrowserContext): Promise<Page> {
  const opened = () => context.pages().find((p) => p.url().endsWith("/options.html#welcome"));
  await expect.poll(() => opened() !== undefined).toBe(true);
  return must(opened(), "welcome tab");
}

test("first run: the install opens the welcome; credentials → verify → a token bought there → connected, with no error before an action and none left after its fix", async ({
  context,
  extensionId,
  sb,
}) => {
  test.setTimeout(guard(120_000));
  const page = await welcomeTab(context);
  await expect(page.getByRole("heading", { name: "Welcome to Proxy Deck" })).toBeVisible();
  await expect(page.locator(ERRORS)).toHaveCount(0);

  // Every page, looked at before anything is set up, shows no error either.
  for (const { id } of PAGES) {
    await page.locator(`.sidebar a[href="#${id}"]`).click();
    await expect(page.locator("main h2").first()).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expect(page.locator(ERRORS), id).toHaveCount(0);
    // Not a failure: what comes first, said once.
    if (id === "exit") await expect(page.getByTestId("exit-needs-provider")).toBeVisible();
  }
  await page.locator('.sidebar a[href="#welcome"]').click();

  // The sandbox and its gateway live on loopback, which Chromium sends direct unless told not
  // to: the one setting a newcomer would not need against a real provider.
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: { bypassList: ["<-loopback>"] } });

  // A mistake in each field: each error appears on the action, and goes with its fix.
  const baseUrl = page.getByLabel("Provider base URL");
  const accessToken = page.getByLabel("Access token", { exact: true });
  const saveAndVerify = page.getByRole("button", { name: "Save and verify" });
  await baseUrl.fill("http://api.example.com");
  await accessToken.fill("not-the-token");
  await saveAndVerify.click();
  await expect(page.locator("#baseUrl-error")).toBeVisible();
  await baseUrl.fill(sb.baseUrl);
  await saveAndVerify.click();
  await expect(page.locator("#baseUrl-error")).toHaveCount(0);
  // The provider's answer to the wrong token (not the form's own "fix the errors" from before).
  await expect(page.locator("#credentials-status")).toHaveText(/refused/);
  await accessToken.fill(sb.accessToken);
  await saveAndVerify.click();
  await expect(page.locator("#credentials-status")).toHaveText(
    /^It works: the provider accepted these credentials/,
  );
  await expect(page.locator(ERRORS)).toHaveCount(0);
  // Saving did not move the newcomer off the welcome.
  await expect(page).toHaveURL(/#welcome$/);

  // Step 2: buy a token in the welcome itself.
  await page.getByRole("button", { name: "Buy a token" }).click();
  await page.getByTestId("picker-countries").getByRole("searchbox").fill("Japan");
  await page.getByTestId("picker-countries").getByRole("button", { name: "Japan" }).click();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Buy 1 token" }).click();
  await expect(page.getByTestId("welcome-tokens")).toHaveText(/^You have 1 token\./);
  const [token] = await storedTokens(ext);
  const bought = must(token, "the bought token");

  // Step 3: connect, and the welcome says so only once a request through it has worked.
  await page.getByRole("button", { name: new RegExp(`^Connect through #${bought.id}`) }).click();
  await expect(page.getByTestId("welcome-state")).toHaveText(
    new RegExp(`^Through #${bought.id} · Your traffic goes through #${bought.id}`),
    { timeout: guard(30_000) },
  );
  await expect(page.getByTestId("welcome-finished")).toBeVisible();
  await expect(page.locator(ERRORS)).toHaveCount(0);
  const log = await gatewayLog(sb);
  expect(log.some((event) => event.token_id === bought.id && event.result === "ok")).toBe(true);

  // The exit page, now set up, says which way traffic goes, with no error.
  await page.locator('.sidebar a[href="#exit"]').click();
  await expect(page.locator("#exit-ip [data-route]")).toHaveAttribute("data-route", "token");
  await expect(page.locator(ERRORS)).toHaveCount(0);
});

test("the welcome's buy: a refusal Options fixes links there, to the credentials", async ({
  context,
  extensionId,
  sb,
}) => {
  const page = await welcomeTab(context);
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
  await page.reload();
  await page.getByRole("button", { name: "Buy a token" }).click();
  await page.getByTestId("picker-countries").getByRole("searchbox").fill("Japan");
  await page.getByTestId("picker-countries").getByRole("button", { name: "Japan" }).click();
  await page.getByRole("button", { name: "Review" }).click();
  // The provider refuses the login this once.
  await control(sb, "faults", { status: 401 });
  await page.getByRole("button", { name: "Buy 1 token" }).click();
  // Said as an alert (read out as it comes), with the way to fix it.
  await expect(page.getByRole("alert")).toContainText("The provider refused your access token");
  await page.getByRole("button", { name: "Open Options" }).click();
  await expect(page).toHaveURL(/#credentials$/);
  await expect(page.locator("#credentials")).toBeInViewport();
});

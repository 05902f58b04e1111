/**
 * A profile whose Options pages all have something to show: two tokens (one connected, one
 * whose login the gateway refuses) checked by Check all, a blocking site rule, and a blocked
 * request in the traffic log. Returns the Options page (at Traffic) and the command page.
 */

import type { BrowserContext, Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { expect } from "./fixtures";
import {
  control,
  createTokens,
  must,
  openOptions,
  sandboxPage,
  sendOk,
  startEchoServer,
} from "./harness";

/** What shows that each page has what it loads, before it is judged. */
export const LOADED: Record<string, string> = {
  welcome: '#first-connect [data-testid="welcome-state"]:not(:empty)',
  provider: "#account-info .fact",
  exit: "#quality .quality-card",
  tokens: "#health tr[data-token-id] td:not(:empty)",
  rules: "#site-rules .rule-row",
  traffic: "#traffic tbody tr",
  sync: "#backup",
  settings: "#settings",
};

/** Opens an Options page from the sidebar (the welcome by its address) once it has loaded. */
export async function showOptionsPage(page: Page, extensionId: string, id: string) {
  if (id === "welcome") {
    // Listed in the sidebar only while it leads a newcomer; its address always opens it.
    await page.goto(`chrome-extension://${extensionId}/options.html#welcome`);
  } else {
    await page.locator(`.sidebar a[href="#${id}"]`).click();
  }
  await expect(page.locator(`.sidebar a[href="#${id}"]`)).toHaveAttribute("aria-current", "page");
  // A page not shown is not mounted: the log is watched again once its page is back.
  if (id === "traffic") await page.locator("#traffic summary").click();
  await expect(page.locator(LOADED[id] ?? "main").first()).toBeVisible({ timeout: guard(20_000) });
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: guard(20_000) });
}

export async function optionsWorld(
  context: BrowserContext,
  extensionId: string,
  sb: Sandbox,
): Promise<{ page: Page; ext: Page }> {
  const ext = await sandboxPage(context, extensionId, sb);
  const [token, refused] = await createTokens(ext, "static-traffic", 2);
  await sendOk(ext, { type: "connect", tokenId: must(token, "token").id });
  await control(sb, "gateway/refuse-password", { token_id: must(refused, "refused").id });
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [
      {
        id: "b",
        enabled: true,
        source: { type: "pattern", text: "nowhere.invalid" },
        route: { kind: "block" },
      },
    ],
  });
  const page = await openOptions(context, extensionId, "tokens");
  await page.setViewportSize({ width: 1280, height: 900 });
  // Token health with results: one working token, one whose login is refused.
  await page.locator("#health").getByRole("button", { name: "Check all" }).click();
  await expect(page.locator("#health .health-progress [role=status]")).toHaveText(
    "Checked 2 of 2.",
    { timeout: guard(30_000) },
  );
  // The traffic log open, with a blocked request in it.
  await page.locator('.sidebar a[href="#traffic"]').click();
  await page.locator("#traffic summary").click();
  // The log listens once the background's snapshot is in (the page before it is not logged).
  await expect(page.locator("#traffic .traffic-log")).toHaveAttribute("aria-busy", "false");
  const echo = await startEchoServer();
  const site = await context.newPage();
  await site.goto(`${echo.url}/?images=nowhere.invalid`);
  await expect(page.locator("#traffic tbody tr.failed").first()).toBeVisible();
  await site.close();
  await echo.close();
  return { page, ext };
}

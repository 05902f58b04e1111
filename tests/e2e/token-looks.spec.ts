/**
 * Tokens you can tell apart, in real Chromium against the sandbox: a name and a colour set in
 * Options show in the popup, survive a browser restart and a backup round trip; two tokens of
 * one country read apart in the popup, a rule's route menu and the page menu; one proxy added
 * by its fields connects through the sandbox's authenticating gateway.
 */

import { readFileSync } from "node:fs";
import type { Page, Worker } from "@playwright/test";
import type { StoredToken } from "../../lib/state/tokens";
import { guard } from "../support/pace";
import { buyElsewhere } from "../support/sandbox-session";
import { backgroundWorker, expect, launchWithExtension, test } from "./fixtures";
import {
  createTokens,
  exitOfPageLoad,
  extensionPage,
  must,
  openOptions,
  proxyStatus,
  sandboxPage,
  sendOk,
  storedTokens,
  TEST_NAMES,
} from "./harness";

const BLUE = "#3b82f6";
const GREEN = "#059669";

/** Names and colours one token in Options' editor. */
async function rename(options: Page, id: number, name: string, colour: string) {
  await options.getByRole("button", { name: `Edit token #${id}`, exact: true }).click();
  const editor = options.getByTestId("token-editor");
  await editor.getByLabel("Token name").fill(name);
  await editor.getByRole("radio", { name: colour }).check();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(options.getByText(`Saved token #${id}.`)).toBeVisible();
}

const popupRow = (popup: Page, id: number) => popup.locator(`.rows [data-token-id="${id}"]`);

/** A page menu item's title as the background last created it (recorded in the worker). */
const menuTitle = (worker: Worker, id: string) =>
  worker.evaluate(
    (itemId) => (globalThis as { menuTitles?: Record<string, string> }).menuTitles?.[itemId] ?? "",
    id,
  );

test("rename and recolour a token: shown in the popup, kept across a browser restart and a backup round trip", async ({
  context,
  userDataDir,
  extensionId,
  sb,
}, testInfo) => {
  test.setTimeout(guard(120_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  ) as [StoredToken, StoredToken];
  // Two tokens of one country: the sandbox gives both the same place.
  expect(a.country).toBe(b.country);

  const options = await openOptions(context, extensionId, "token-looks");
  await rename(options, a.id, "Work", "Blue");
  await rename(options, b.id, "Home", "Green");
  const stored = await storedTokens(ext);
  expect(stored.find((t) => t.id === a.id)?.look).toEqual({ name: "Work", colour: BLUE });
  expect(stored.find((t) => t.id === b.id)?.look).toEqual({ name: "Home", colour: GREEN });

  const popup = await extensionPage(context, extensionId);
  await expect(popupRow(popup, a.id).locator(".place")).toContainText("Work ·");
  await expect(popupRow(popup, b.id).locator(".place")).toContainText("Home ·");
  await expect(popupRow(popup, a.id).locator(".place i")).toHaveCSS("color", "rgb(59, 130, 246)");

  // A browser restart (a relaunch re-installs the unpacked extension; storage stays).
  await context.close();
  const restarted = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const again = await extensionPage(restarted, extensionId);
    await expect(popupRow(again, a.id).locator(".place")).toContainText("Work ·");
    const restartedOptions = await openOptions(restarted, extensionId, "token-looks");
    await expect(restartedOptions.locator(`#token-looks [data-token-id="${b.id}"]`)).toContainText(
      `#${b.id} Home`,
    );

    // Backup, forget everything, restore: the looks come back with their tokens.
    await restartedOptions.locator('.sidebar a[href="#sync"]').click();
    await restartedOptions
      .getByLabel("Include secrets (API credentials and token passwords)")
      .check();
    const [download] = await Promise.all([
      restartedOptions.waitForEvent("download"),
      restartedOptions.getByRole("button", { name: "Download backup" }).click(),
    ]);
    const file = testInfo.outputPath("looks-backup.json");
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, "utf8")) as { tokens: StoredToken[] };
    expect(saved.tokens.find((t) => t.id === a.id)?.look).toEqual({ name: "Work", colour: BLUE });
    await restartedOptions.evaluate(() => chrome.storage.local.clear());
    await restartedOptions.getByLabel("Backup file").setInputFiles(file);
    await restartedOptions
      .getByTestId("import-preview")
      .getByRole("button", { name: "Import" })
      .click();
    await expect(restartedOptions.locator("#import-status")).toContainText("Imported");
    const restored = await storedTokens(again);
    expect(restored.find((t) => t.id === a.id)?.look).toEqual({ name: "Work", colour: BLUE });
    expect(restored.find((t) => t.id === b.id)?.look).toEqual({ name: "Home", colour: GREEN });
  } finally {
    await restarted.close();
  }
});

test("two tokens of one country read apart in the popup, a rule's route menu and the page menu", async ({
  context,
  extensionId,
  sb,
}) => {
  test.setTimeout(guard(90_000));
  const ext = await sandboxPage(context, extensionId, sb);
  const [a, b] = (await createTokens(ext, "static-traffic", 2)).map((t, i) =>
    must(t, `token ${i}`),
  ) as [StoredToken, StoredToken];
  // The page menu: no API lists its items, so the titles are read where the background hands
  // them to the browser (contextMenus.create, wrapped), on the rebuild a change sets off.
  const worker = await backgroundWorker(context);
  await worker.evaluate(() => {
    const seen: Record<string, string> = {};
    (globalThis as { menuTitles?: Record<string, string> }).menuTitles = seen;
    const menus = chrome.contextMenus;
    const create = menus.create.bind(menus);
    menus.create = ((properties: { id?: string; title?: string }, done?: () => void) => {
      if (properties.id && properties.title) seen[properties.id] = properties.title;
      return create(properties as never, done);
    }) as typeof menus.create;
  });
  await sendOk(ext, { type: "editToken", tokenId: a.id, look: { name: "Work", colour: BLUE } });
  await sendOk(ext, { type: "editToken", tokenId: b.id, look: { name: "Home", colour: GREEN } });

  const popup = await extensionPage(context, extensionId);
  await expect(popupRow(popup, b.id).locator(".place")).toContainText("Home");
  const textA = await popupRow(popup, a.id).locator(".place").textContent();
  const textB = await popupRow(popup, b.id).locator(".place").textContent();
  expect(textA).toContain("Work");
  expect(textB).toContain("Home");
  expect(textA).not.toBe(textB);

  const options = await openOptions(context, extensionId, "site-rules");
  const route = options.getByLabel("Route for the new rule");
  const optionText = (id: number) =>
    route.locator(`option[value="token:${id}"]`).textContent() as Promise<string>;
  expect(await optionText(a.id)).toContain(`🔵 #${a.id} Work`);
  expect(await optionText(b.id)).toContain(`🟢 #${b.id} Home`);

  await expect.poll(() => menuTitle(worker, `pd-site:token:${a.id}`)).toContain(`#${a.id} Work`);
  expect(await menuTitle(worker, `pd-site:token:${a.id}`)).toContain("🔵");
  expect(await menuTitle(worker, `pd-site:token:${b.id}`)).toContain(`🟢 #${b.id} Home`);
});

test("one proxy added by its fields connects through the sandbox's authenticating gateway", async ({
  context,
  extensionId,
  sb,
  echo,
}) => {
  test.setTimeout(guard(90_000));
  const ext = await sandboxPage(context, extensionId, sb);
  // Bought elsewhere: the provider's gateway knows its login, this browser does not.
  const real = await buyElsewhere(sb);
  const options = await openOptions(context, extensionId, "add-proxies");
  const form = options.getByTestId("add-one-proxy");
  await form.getByLabel("Proxy host").fill(real.host);
  await form.getByLabel("Proxy port").fill(String(real.port));
  await form.getByLabel("Proxy username").fill(real.username);
  await form.getByLabel("Proxy password").fill("wrong");
  await form.getByLabel("Token name").fill("Bought elsewhere");
  await form.getByRole("radio", { name: "Blue" }).check();
  await form.getByLabel("Proxy port").fill("99999");
  await form.getByRole("button", { name: "Add this proxy" }).click();
  await expect(form.getByRole("alert")).toContainText("the port must be a number");
  await form.getByLabel("Proxy port").fill(String(real.port));
  await form.getByLabel("Proxy password").fill(real.password);
  await form.getByRole("button", { name: "Add this proxy" }).click();
  await expect(form.getByRole("status")).toContainText("Added proxy #");
  const added = must(
    (await storedTokens(ext)).find((t) => t.username === real.username),
    "added proxy",
  );
  expect(added).toMatchObject({ kind: "manual", look: { name: "Bought elsewhere", colour: BLUE } });

  const page = await context.newPage();
  expect(await exitOfPageLoad(page, echo.url)).toBe("127.0.0.1");
  await sendOk(ext, { type: "connect", tokenId: added.id });
  const status = await proxyStatus(ext);
  expect(status.state).toBe("connected");
  const exit = await exitOfPageLoad(page, echo.url);
  expect(exit).toMatch(/^127\./);
  expect(exit).not.toBe("127.0.0.1");
});

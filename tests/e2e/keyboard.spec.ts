/**
 * The keyboard commands in real Chromium. Chrome takes at most 4 suggested keys and silently
 * leaves one unassigned when it clashes with its own (Alt+Shift+P came back empty): the first
 * test reads what Chromium really assigned, as `commands.getAll()` tells an extension page, and
 * what the popup shows. Playwright cannot press a browser-level shortcut, so the second test's
 * key press is the browser's own onCommand event dispatched in the service worker (Chromium's
 * extension events have dispatch(), which runs the registered listeners, as page-menu.spec.ts
 * does for a menu click), with the tab a real press brings.
 */

import AxeBuilder from "@axe-core/playwright";
import type { Worker } from "@playwright/test";
import { KEYBOARD_COMMANDS } from "../../lib/keyboard/commands";
import type { StoredToken } from "../../lib/state/tokens";
import { guard } from "../support/pace";
import {
  backgroundWorker,
  expect,
  extensionPath,
  launchWithExtension,
  test,
  unpackedExtensionId,
} from "./fixtures";
import { createTokens, extensionPage, must, sandboxSettings, sendOk, TEST_NAMES } from "./harness";

test("Chromium assigns every suggested key, and the popup shows the keys and where to set the rest", async ({
  context,
  extensionId,
  sb,
}) => {
  const page = await extensionPage(context, extensionId);
  const { commands, manifest } = await page.evaluate(async () => ({
    commands: await chrome.commands.getAll(),
    manifest: chrome.runtime.getManifest().commands ?? {},
  }));
  console.log(`commands.getAll(): ${JSON.stringify(commands)}`);
  test.info().annotations.push({ type: "commands.getAll", description: JSON.stringify(commands) });

  // Every command of ours, each described in words (from _locales, not a __MSG_ key); Chrome
  // adds its own "open the popup" (_execute_action), which has no key unless the user sets one.
  const ours = commands.filter((c) => c.name !== "_execute_action");
  expect(ours.map((c) => c.name).sort()).toEqual(KEYBOARD_COMMANDS.map((c) => c.name).sort());
  for (const command of ours) expect(command.description).toMatch(/^[A-Z][a-z]+ /);
  const suggested = Object.entries(manifest)
    .filter(([, spec]) => spec.suggested_key)
    .map(([name]) => name);
  expect(suggested.length).toBeGreaterThan(0);
  expect(suggested.length).toBeLessThanOrEqual(4);
  const assigned = Object.fromEntries(commands.map((c) => [c.name, c.shortcut ?? ""]));
  for (const name of suggested) expect(assigned[name], `${name}'s key`).not.toBe("");

  // The popup: nothing read until opened, then each command with its key, or "no key". (With
  // credentials: before them the popup shows one instruction only.)
  await sendOk(page, { type: "patchSettings", patch: sandboxSettings(sb) });
  await page.reload();
  const shortcuts = page.getByTestId("keyboard-shortcuts");
  await shortcuts.getByText("Keyboard shortcuts").click();
  const row = (name: string) => shortcuts.locator(`tr[data-command="${name}"]`);
  await expect(row("proxy-off")).toContainText("Turn the proxy off");
  await expect(row("proxy-off").locator("kbd")).toHaveText("Alt + Shift + O");
  await expect(row("next-token").locator("kbd")).toHaveText("Alt + Shift + .");
  await expect(row("site-direct")).toContainText("no key");
  await expect(row("_execute_action")).toContainText("Open this popup");
  await expect(shortcuts).toContainText("chrome://extensions/shortcuts");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = new AxeBuilder({ page }).include('[data-testid="keyboard-shortcuts"]');
    expect((await axe.analyze()).violations, colorScheme).toEqual([]);
  }
  // The button opens Chrome's shortcut page.
  const opened = context.waitForEvent("page");
  await shortcuts.getByRole("button", { name: "Change keys" }).click();
  expect((await opened).url()).toBe("chrome://extensions/shortcuts");
});

/** A key press on the tab showing `url`: Chrome's onCommand with that tab. */
const press = (worker: Worker, name: string, url?: string) =>
  worker.evaluate(
    async ({ name, url }) => {
      const [tab] = url ? await chrome.tabs.query({ url: `${new URL(url).origin}/*` }) : [];
      (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch(
        name,
        tab,
      );
    },
    { name, url },
  );

test("the keys switch through the recent tokens, turn everything off, and route this site", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(90_000));
  const extensionId = unpackedExtensionId(extensionPath);
  const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const ext = await extensionPage(context, extensionId);
    const worker = await backgroundWorker(context);
    await sendOk(ext, { type: "patchSettings", patch: sandboxSettings(sb) });
    const [a, b, c] = (await createTokens(ext, "static-traffic", 3)).map((t, i) =>
      must(t, `token ${i}`),
    ) as [StoredToken, StoredToken, StoredToken];
    for (const token of [a, b, c]) await sendOk(ext, { type: "connect", tokenId: token.id });
    const connected = async () =>
      ((await ext.evaluate(
        async () => (await chrome.storage.local.get("connection")).connection,
      )) as {
        activeTokenId: number | null;
        off?: boolean;
      }) ?? null;
    expect((await connected()).activeTokenId).toBe(c.id);

    // Most recent first: c, b, a. Next walks back through them, previous forward, wrapping.
    await press(worker, "next-token");
    await expect.poll(async () => (await connected()).activeTokenId).toBe(b.id);
    await press(worker, "next-token");
    await expect.poll(async () => (await connected()).activeTokenId).toBe(a.id);
    await press(worker, "next-token");
    await expect.poll(async () => (await connected()).activeTokenId).toBe(c.id);
    await press(worker, "previous-token");
    await expect.poll(async () => (await connected()).activeTokenId).toBe(a.id);

    // This site through the connected token, then direct: the tab's host gets its own rule.
    const site = `http://shop.test:${new URL(echo.url).port}/`;
    await (await context.newPage()).goto(site);
    await press(worker, "site-via-token", site);
    await expect
      .poll(async () => (await sendOk(ext, { type: "routeOf", url: site })).target)
      .toEqual({ kind: "proxy", tokenId: a.id });
    await press(worker, "site-direct", site);
    await expect
      .poll(async () => (await sendOk(ext, { type: "routeOf", url: site })).target)
      .toEqual({ kind: "direct" });

    // Off: no token, everything direct.
    await press(worker, "proxy-off");
    await expect
      .poll(async () => await connected())
      .toMatchObject({ activeTokenId: null, off: true });
  } finally {
    await context.close();
  }
});

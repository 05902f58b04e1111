/**
 * The keyboard commands on Firefox ESR: each command with a suggested key got it (Firefox has
 * no four-key limit, but a key it cannot take would come back empty), the descriptions come
 * from _locales, and the popup's "Change keys" has Firefox's own shortcut page to open.
 */
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { KEYBOARD_COMMANDS } from "../../lib/keyboard/commands";
import { assertPrerequisites, extensionPage, launchFirefox } from "./firefox";

let browser: Browser | undefined;

assertPrerequisites();

beforeAll(async () => {
  browser = await launchFirefox();
});

afterAll(async () => {
  await browser?.close();
});

test("every suggested key is assigned (and no other), each command described in words", async () => {
  if (!browser) throw new Error("Firefox did not start");
  const ext = await extensionPage(browser);
  const { commands, canOpen } = await ext.evaluate(async () => ({
    commands: await chrome.commands.getAll(),
    canOpen:
      typeof (chrome.commands as { openShortcutSettings?: unknown }).openShortcutSettings ===
      "function",
  }));
  console.log(`Firefox commands.getAll(): ${JSON.stringify(commands)}`);
  const byName = new Map(commands.map((c) => [c.name, c]));
  for (const { name, key } of KEYBOARD_COMMANDS) {
    const command = byName.get(name);
    expect(command?.description, name).toMatch(/^[A-Z][a-z]+ /);
    // Firefox reports the key as the manifest spells it; a command without one has "".
    expect(command?.shortcut, `${name}'s key`).toBe(key ?? "");
  }
  expect(canOpen).toBe(true);
});

/**
 * The administrator's policy in Firefox ESR from a real managed-storage manifest: Firefox
 * reads `~/.mozilla/managed-storage/<add-on id>.json` at startup, so Firefox runs with a HOME of
 * this test's own (no other test's Firefox sees the policy). Firefox checks nothing against a
 * schema: a field of the wrong type reaches the extension, which names it and ignores it.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { guard } from "../support/pace";
import { must, sandboxSettings } from "../support/sandbox-session";
import {
  assertPrerequisites,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  launchFirefox,
  send,
  sendOk,
  startEchoServer,
} from "./firefox";

let browser: Browser | undefined;
let sb: Sandbox | undefined;
let echo: Awaited<ReturnType<typeof startEchoServer>> | undefined;
let home: string;
let ext: Page;

assertPrerequisites();

beforeAll(async () => {
  sb = await startSandbox({ plan: "enterprise" });
  echo = await startEchoServer();
  home = mkdtempSync(path.join(tmpdir(), "proxy-deck-ff-home-"));
  const dir = path.join(home, ".mozilla", "managed-storage");
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: "proxy-deck@proxydeck.example",
    description: "Proxy Deck's policy (test)",
    type: "storage",
    data: {
      baseUrl: sb.baseUrl,
      failClosed: true,
      bypassList: ["intranet.example"],
      rules: [{ pattern: "localhost", route: "direct" }],
      addProxies: false,
      backupSecrets: false,
      // Malformed: not a boolean. Named in Options and ignored; the rest applies.
      webrtcProtection: "on",
    },
  };
  writeFileSync(path.join(dir, "proxy-deck@proxydeck.example.json"), JSON.stringify(manifest));
  browser = await launchFirefox(home);
  ext = await extensionPage(browser);
});

afterAll(async () => {
  await browser?.close();
  await echo?.close();
  await sb?.close();
  rmSync(home, { recursive: true, force: true });
});

const stored = (key: string) =>
  ext.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);

test("a managed-storage manifest: values applied and locked, its rule routes first, a malformed field named and ignored", async () => {
  const server = must(sb, "sandbox");
  const port = new URL(must(echo, "echo").url).port;
  await expect
    .poll(() => stored("managedPolicy"), { timeout: guard(10_000) })
    .toMatchObject({
      baseUrl: server.baseUrl,
      webrtcProtection: "on",
    });

  // The user's own settings: "go direct" and another bypass list are refused by name.
  const reply = await sendOk(ext, {
    type: "patchSettings",
    patch: sandboxSettings(server, { bypassList: [], fallbackDirect: true }),
  });
  expect(reply).toEqual({ rejected: [], managed: ["fallbackDirect", "bypassList"] });
  expect(await send(ext, { type: "addProxies", text: "127.0.0.1:1:u:p" })).toEqual({
    ok: false,
    failure: { code: "policy-forbids-adding" },
  });

  // The policy's rule first: localhost direct; the same server by address through the token.
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  const page = await must(browser, "browser").newPage();
  expect(await exitOfPageLoad(page, `http://127.0.0.1:${port}/`)).toBe(token.ip);
  expect(await exitOfPageLoad(page, `http://localhost:${port}/`)).toBe("127.0.0.1");
  await page.close();

  // Options: the values shown, locked, with the reason; the malformed field named.
  const options = await extensionPage(must(browser, "browser"), "options.html#provider");
  await options.waitForSelector("#policy-problems");
  // Each value is locked on the page that holds it; the policy is named on every page.
  const show = async (page: string, selector: string) => {
    await options.click(`.sidebar a[href="#${page}"]`);
    await options.waitForSelector(selector);
  };
  const text = (selector: string) => options.$eval(selector, (el) => el.textContent ?? "");
  const disabled = (selector: string) =>
    options.$eval(selector, (el) => (el as HTMLInputElement).disabled);
  expect(await text("#policy-problems")).toContain(
    "“webrtcProtection”: the value is not of the kind this setting takes.",
  );
  expect(await disabled("#base-url")).toBe(true);
  expect(await options.$eval("#base-url", (el) => (el as HTMLInputElement).value)).toBe(
    server.baseUrl,
  );
  await show("settings", "#bypass-list");
  expect(await disabled("#bypass-list")).toBe(true);
  expect(await options.$eval("#bypass-list", (el) => (el as HTMLTextAreaElement).value)).toBe(
    "intranet.example",
  );
  expect(await text("#bypass-locked")).toBe("Set by your organization's policy.");
  expect(await disabled("#fallback-direct")).toBe(true);
  // Not managed (its field was malformed): the switch is the user's.
  expect(await disabled("#webrtc-protection")).toBe(false);
  await show("sync", "#include-secrets");
  expect(await disabled("#include-secrets")).toBe(true);
  await show("rules", ".rule-managed");
  expect(await text(".rule-managed")).toContain("localhost");
  await options.close();
  await sendOk(ext, { type: "disconnect" });
});

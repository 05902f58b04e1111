/**
 * The administrator's policy from a real Chromium policy file: Chromium reads JSON policy from
 * /etc/chromium/policies/managed and hands an extension its `3rdparty.extensions.<id>` part
 * as storage.managed. The extension is copied to a directory of its own, so its id (derived
 * from the path) is this test's alone and the policy reaches no other test running meanwhile.
 * Chromium drops a field that fails the shipped managed_schema.json before the extension sees
 * it, so the malformed field here is one the schema lets through (a bypass rule with a space).
 */

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { guard } from "../support/pace";
import { control, must, sandboxSettings } from "../support/sandbox-session";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import { createTokens, exitOfSite, extensionPage, send, sendOk, TEST_NAMES } from "./harness";

const POLICY_DIR = "/etc/chromium/policies/managed";

let copy: string;
let policyFile: string;
test.beforeEach(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "proxy-deck-managed-"));
  cpSync(extensionPath, copy, { recursive: true });
  policyFile = path.join(POLICY_DIR, `proxy-deck-e2e-${path.basename(copy)}.json`);
});
test.afterEach(async () => {
  rmSync(policyFile, { force: true });
  rmSync(copy, { recursive: true, force: true });
});

test("a policy file: its values win and are locked in Options, its rules route first, a malformed field is named and ignored; a browser restart keeps it so", async ({
  userDataDir,
  sb,
  echo,
}) => {
  test.setTimeout(guard(90_000));
  const id = unpackedExtensionId(copy);
  mkdirSync(POLICY_DIR, { recursive: true });
  const policy = {
    baseUrl: sb.baseUrl,
    failClosed: true,
    // Malformed: a rule with a space. Ignored whole; the user's own list stays in force.
    bypassList: ["<-loopback>", "bad rule"],
    rules: [
      { pattern: "c.test", route: "direct" },
      { pattern: "d.test", route: "block" },
      // A list by URL: fetched by the background once the policy puts it in the rules.
      {
        subscription: `https://lists.test:${new URL(sb.listsUrl).port}/lists/corp`,
        route: "block",
        name: "Corp blocklist",
      },
    ],
    backupSecrets: false,
    addProxies: false,
  };
  writeFileSync(policyFile, JSON.stringify({ "3rdparty": { extensions: { [id]: policy } } }));
  await control(sb, "lists/corp", { text: "||e.test\n" });

  // The sandbox serves its lists with a self-signed certificate (see subscriptions.spec.ts).
  const launch = () =>
    launchWithExtension(userDataDir, [TEST_NAMES, "--ignore-certificate-errors"], copy);
  let context = await launch();
  try {
    const ext = await extensionPage(context, id);
    const stored = () =>
      ext.evaluate(async () => (await chrome.storage.local.get(null)) as Record<string, unknown>);
    // The background copied the policy from storage.managed.
    await expect
      .poll(async () => (await stored()).managedPolicy)
      .toEqual({
        baseUrl: sb.baseUrl,
        failClosed: true,
        bypassList: ["<-loopback>", "bad rule"],
        rules: policy.rules,
        backupSecrets: false,
        addProxies: false,
      });

    // The user's own settings: the policy's address with their credentials is taken (bound
    // to it); "go direct" is refused by name; the bypass list is theirs (the policy's is bad).
    const reply = await sendOk(ext, {
      type: "patchSettings",
      patch: sandboxSettings(sb, { fallbackDirect: true }),
    });
    expect(reply).toEqual({ rejected: [], managed: ["fallbackDirect"] });
    expect(await send(ext, { type: "addProxies", text: "127.0.0.1:1:u:p" })).toEqual({
      ok: false,
      failure: { code: "policy-forbids-adding" },
    });

    // The policy's rules route first: c.test direct, d.test nowhere; the rest through the token.
    const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
    await sendOk(ext, { type: "connect", tokenId: token.id });
    await expect
      .poll(() => ext.evaluate(async () => (await chrome.proxy.settings.get({})).value.mode))
      .toBe("pac_script");
    expect(await exitOfSite(context, echo, "c.test")).toBe("127.0.0.1");
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
    expect(await exitOfSite(context, echo, "other.test")).toBe(token.ip);
    // The policy's list, fetched by itself: its sites go nowhere.
    await expect.poll(async () => JSON.stringify((await stored()).siteRules)).toContain("||e.test");
    expect(await exitOfSite(context, echo, "e.test")).toBe("blocked");

    // Options: each managed value shown, locked, with the reason; the bad field named.
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/options.html#provider`);
    // Each page shows the policy: a value is locked on the page that holds it.
    const open = (address: string) => page.locator(`.sidebar a[href="#${address}"]`).click();
    const problems = page.locator("#policy-problems");
    await expect(problems).toContainText(
      "“bypassList”: the rule “bad rule” is not one the browser takes.",
    );
    const locked = "Set by your organization's policy.";
    await expect(page.locator("#base-url")).toBeDisabled();
    await expect(page.locator("#base-url")).toHaveValue(sb.baseUrl);
    await expect(page.locator("#base-url-locked")).toHaveText(locked);
    await open("settings");
    await expect(problems).toContainText("“bypassList”");
    const fallback = page.locator("#fallback-direct");
    await expect(fallback).toBeDisabled();
    await expect(fallback).not.toBeChecked();
    await expect(page.locator("#fallback-direct-locked")).toHaveText(locked);
    // Not managed (its field was malformed): the user's own list, editable.
    await expect(page.locator("#bypass-list")).toBeEnabled();
    await expect(page.locator("#bypass-list")).toHaveValue("<-loopback>");
    const axe = await new AxeBuilder({ page }).include("#policy").include("#settings").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await open("sync");
    await expect(page.locator("#include-secrets")).toBeDisabled();
    await open("tokens");
    await expect(page.locator("#add-proxies-locked")).toBeVisible();
    await open("rules");
    const managedRows = page.locator(".rule-managed");
    await expect(managedRows).toHaveCount(3);
    await expect(managedRows.first()).toContainText("c.test");
    await expect(managedRows.first()).toContainText("cannot be edited or removed");

    // The rules cannot be removed: saving an empty list keeps them first.
    await sendOk(ext, { type: "setSiteRules", rules: [] });
    const rules = (await stored()).siteRules;
    expect(JSON.stringify(rules)).toContain("managed-1");

    // A browser restart: the policy's rules route first again, its values stay locked.
    await context.close();
    context = await launch();
    const again = await extensionPage(context, id);
    await expect
      .poll(() => again.evaluate(async () => (await chrome.proxy.settings.get({})).value.mode))
      .toBe("pac_script");
    expect(await exitOfSite(context, echo, "c.test")).toBe("127.0.0.1");
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
    expect(await exitOfSite(context, echo, "e.test")).toBe("blocked");
    expect(await exitOfSite(context, echo, "other.test")).toBe(token.ip);
    expect(await send(again, { type: "addProxies", text: "127.0.0.1:1:u:p" })).toEqual({
      ok: false,
      failure: { code: "policy-forbids-adding" },
    });
    const options = await context.newPage();
    await options.goto(`chrome-extension://${id}/options.html#provider`);
    await expect(options.locator("#base-url")).toBeDisabled();
    await options.locator('.sidebar a[href="#settings"]').click();
    await expect(options.locator("#fallback-direct-locked")).toHaveText(locked);
  } finally {
    await context.close();
  }
});

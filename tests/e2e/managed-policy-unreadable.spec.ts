/**
 * A policy that cannot be read, in real Chromium: Chromium keeps each extension's policy in a
 * LevelDB store of the profile (`Managed Extension Settings/<id>`), and when that store cannot
 * be opened `storage.managed.get` rejects ("IO error: …/LOCK: Not a directory"). The store is
 * replaced by a file between two launches, so the read fails as it would on a damaged or locked
 * profile: the last policy read stays in force (its block holds, 0 hits at the site), Options
 * says the policy could not be read, and once the store is back the next launch reads it again.
 */

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { guard } from "../support/pace";
import { expect, extensionPath, launchWithExtension, test, unpackedExtensionId } from "./fixtures";
import { exitOfSite, extensionPage, sendOk, TEST_NAMES, watchWorker } from "./harness";

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

test("a policy read that fails: the last policy stays in force, its block holds, Options says so; the next good read clears it", async ({
  userDataDir,
  echo,
}) => {
  test.setTimeout(guard(120_000));
  const id = unpackedExtensionId(copy);
  mkdirSync(POLICY_DIR, { recursive: true });
  const policy = { rules: [{ pattern: "d.test", route: "block" }] };
  writeFileSync(policyFile, JSON.stringify({ "3rdparty": { extensions: { [id]: policy } } }));
  const store = path.join(userDataDir, "Default", "Managed Extension Settings", id);
  const launch = () => launchWithExtension(userDataDir, [TEST_NAMES], copy);

  let context = await launch();
  try {
    let ext = await extensionPage(context, id);
    const stored = () =>
      ext.evaluate(async () => (await chrome.storage.local.get(null)) as Record<string, unknown>);
    // A failed read is kept for the session only (storage.session).
    const unread = () =>
      ext.evaluate(
        async () =>
          ((await chrome.storage.session.get("managedPolicyRead")).managedPolicyRead ?? null) as {
            error: string;
          } | null,
      );
    await expect.poll(async () => (await stored()).managedPolicy).toEqual(policy);
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
    await context.close();

    // The profile's policy store cannot be opened: every read of storage.managed rejects.
    rmSync(store, { recursive: true, force: true });
    writeFileSync(store, "not a database");
    context = await launch();
    ext = await extensionPage(context, id);
    const read = await ext.evaluate(() =>
      chrome.storage.managed.get().then(
        () => "read",
        (error: unknown) => String(error),
      ),
    );
    expect(read).toContain("IO error");

    // Options says it: the policy could not be read, the last one stays in force.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${id}/options.html#rules`);
    await expect(options.locator("#policy-unreadable")).toContainText(
      "The policy could not be read",
    );
    await expect(options.locator("#policy-unreadable")).toContainText("IO error");
    // The last policy read, its rule first, and its block holds: nothing reaches the site.
    expect((await stored()).managedPolicy).toEqual(policy);
    expect(JSON.stringify((await stored()).siteRules)).toContain("managed-1");
    await expect(options.locator(".rule-managed")).toHaveCount(1);
    const hits = echo.requestsFrom.length;
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
    expect(echo.requestsFrom.length).toBe(hits);
    expect(await exitOfSite(context, echo, "other.test")).toBe("127.0.0.1");

    // The store comes back while the browser runs: Chromium then answers an empty policy (the
    // one it could not write is written again only when it changes or the browser restarts).
    // A wake reads it: not taken over the policy in force, and said.
    rmSync(store, { force: true });
    expect(await ext.evaluate(() => chrome.storage.managed.get())).toEqual({});
    const worker = await watchWorker(await context.newCDPSession(ext), id);
    await worker.sleep();
    await sendOk(ext, { type: "routeOf", url: "http://example.test/" });
    await expect
      .poll(async () => (await unread())?.error)
      .toBe(
        "the browser's policy store answered empty after it failed; it is read again when the policy changes or the browser restarts",
      );
    expect((await stored()).managedPolicy).toEqual(policy);
    const held = echo.requestsFrom.length;
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
    expect(echo.requestsFrom.length).toBe(held);
    await context.close();

    // A restart: the policy is read again, and the notice goes.
    context = await launch();
    ext = await extensionPage(context, id);
    // The failure was this session's (storage.session): gone with the restart, and not again.
    await expect.poll(async () => (await stored()).managedPolicy).toEqual(policy);
    expect(await unread()).toBeNull();
    const again = await context.newPage();
    await again.goto(`chrome-extension://${id}/options.html#rules`);
    await expect(again.locator(".rule-managed")).toHaveCount(1);
    await expect(again.locator("#policy-unreadable")).toHaveCount(0);
    expect(await exitOfSite(context, echo, "d.test")).toBe("blocked");
  } finally {
    await context.close();
  }
});

/**
 * Firefox ESR with no managed-storage manifest: `storage.managed.get` rejects ("Managed storage
 * manifest not found"), which is no policy, not a read that failed: nothing is kept in force
 * and Options says nothing of a policy. (Firefox gives that answer for a manifest it cannot
 * parse too, and keeps it for the add-on's session: it has no read that fails otherwise, so
 * the kept-policy path is tested in Chromium, where the policy store can fail for real.)
 */
import { expect, test } from "vitest";
import { assertPrerequisites, extensionPage } from "./firefox";
import { firefoxSuite } from "./suite";

assertPrerequisites();
const suite = firefoxSuite();

test("no manifest: no policy, and no failure said", async () => {
  const read = await suite.ext.evaluate(() =>
    browser.storage.managed.get().then(
      () => "read",
      (error: unknown) => String(error),
    ),
  );
  expect(read).toContain("Managed storage manifest not found");
  // The wake's own read has run by now: Options renders once the background answered.
  const options = await extensionPage(suite.browser, "options.html#settings");
  await options.waitForSelector("#settings");
  expect(await options.$("#policy")).toBeNull();
  const stored = await suite.ext.evaluate(async () => ({
    policy: (await browser.storage.local.get("managedPolicy")).managedPolicy ?? {},
    unread: (await browser.storage.session.get("managedPolicyRead")).managedPolicyRead ?? null,
  }));
  expect(stored).toEqual({ policy: {}, unread: null });
  await options.close();
});

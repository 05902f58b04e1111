/**
 * Two Chromium profiles for the sync tests: a second profile beside the test's own, each one's
 * sync area and stored rules reached from its extension pages, and a page load's route as the
 * echo server saw it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import type { EchoServer } from "../support/echo-server";
import { docOf, docRuleIds, type SyncAreaAccess } from "../support/sync-carry";
import { expect } from "./fixtures";
import { TEST_NAMES } from "./harness";

/** A second profile beside the test's own. */
export async function secondProfile(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const { launchWithExtension } = await import("./fixtures");
  const dir = mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-b-"));
  const context = await launchWithExtension(dir, [TEST_NAMES]);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const areaOf = (page: Page): SyncAreaAccess => ({
  all: () => page.evaluate(() => chrome.storage.sync.get(null)),
  set: (items) => page.evaluate((i) => chrome.storage.sync.set(i), items),
  remove: (keys) => page.evaluate((k) => chrome.storage.sync.remove(k), keys),
});
export const localRules = (page: Page) =>
  page.evaluate(async () => {
    const raw = (await chrome.storage.local.get("siteRules")).siteRules;
    // Absent until the first rule is stored.
    return ((typeof raw === "string" ? JSON.parse(raw) : raw) ?? []) as SiteRule[];
  });
export const ruleIds = async (page: Page) => (await localRules(page)).map((r) => r.id);
export const syncMeta = (page: Page) =>
  page.evaluate(
    async () =>
      (await chrome.storage.local.get("syncMeta")).syncMeta as { lastSynced: number | null },
  );
/** Waits for a sync run that ended after `since` (the one a carried change started). */
export const syncedAfter = (page: Page, since: number) =>
  expect.poll(async () => (await syncMeta(page)).lastSynced ?? 0).toBeGreaterThan(since);

export const idsOf = (rules: readonly SiteRule[]) => rules.map((r) => r.id);
export const sorted = (ids: readonly string[]) => [...ids].sort();
/** The rules a profile's sync area holds (as a set: their order is checked where they land). */
export const syncedRules = async (page: Page) => sorted(docRuleIds(await docOf(areaOf(page))));

let tags = 0;
/** Where a page load went, as the echo server saw it: "direct" (it arrived) or "blocked". */
export async function routeOf(context: BrowserContext, echo: EchoServer, host: string) {
  const tag = `load-${++tags}`;
  const page = await context.newPage();
  const port = new URL(echo.url).port;
  const loaded = await page.goto(`http://${host}:${port}/?${tag}`, { timeout: 5_000 }).then(
    (response) => !!response?.ok(),
    () => false,
  );
  await page.close();
  const arrived = echo.requestPaths.includes(`/?${tag}`);
  return loaded && arrived ? "direct" : !arrived ? "blocked" : "arrived, not loaded";
}

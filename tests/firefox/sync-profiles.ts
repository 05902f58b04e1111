/**
 * Firefox profiles for the sync tests: each one's sync area and stored rules reached from its
 * extension page, and a wait that says what it waited for.
 */
import type { Page } from "puppeteer-core";
import { expect, vi } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import { docOf, docRuleIds, type SyncAreaAccess } from "../support/sync-carry";

export const areaOf = (page: Page): SyncAreaAccess => ({
  all: () => page.evaluate(() => chrome.storage.sync.get(null)),
  set: (items) => page.evaluate((i) => chrome.storage.sync.set(i), items),
  remove: (keys) => page.evaluate((k) => chrome.storage.sync.remove(k), keys),
});
export const localRules = (page: Page) =>
  page.evaluate(async () => {
    const raw = (await chrome.storage.local.get("siteRules")).siteRules;
    return ((typeof raw === "string" ? JSON.parse(raw) : raw) ?? []) as SiteRule[];
  });
export const ruleIds = async (page: Page) => (await localRules(page)).map((r) => r.id);
export const routeIn = async (page: Page, id: string) =>
  (await localRules(page)).find((r) => r.id === id)?.route;
export const sorted = (ids: readonly string[]) => [...ids].sort();
export const syncedRules = async (page: Page) => sorted(docRuleIds(await docOf(areaOf(page))));
export const lastSynced = (page: Page) =>
  page.evaluate(
    async () =>
      ((await chrome.storage.local.get("syncMeta")).syncMeta as { lastSynced: number | null })
        .lastSynced ?? 0,
  );

/** `probe`'s value once it equals `want` (polled, at most 10 s). */
export const until = <T>(probe: () => Promise<T>, want: T) =>
  vi.waitFor(
    async () => {
      expect(await probe()).toEqual(want);
    },
    { timeout: 10_000, interval: 100 },
  );

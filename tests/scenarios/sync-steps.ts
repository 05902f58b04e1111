/**
 * What the sync scenarios read from a profile (its stored rules, settings and sync record, its
 * sync area's document) and the step they share: sync turned on from Options.
 */
import type { SiteRule } from "../../lib/routing/rules";
import type { Settings } from "../../lib/state/settings";
import type { SyncMeta } from "../../lib/sync/meta";
import { docOf, docRuleIds } from "../support/sync-carry";
import type { Expect, Profile, View } from "./driver";

/** Another browser's id, as its stamps and chunk names carry it. */
export const OTHER_BROWSER = "zzzzzz";
/** A third browser's, whose clock may run ahead. */
export const THIRD_BROWSER = "cccccc";

export const SYNC_TOGGLE = "Sync settings and site rules across my browsers";
export const SYNC = {
  status: "[data-testid=sync-status]",
  arrivals: "[data-testid=sync-arrivals]",
  offer: "[data-testid=sync-offer]",
  notSynced: "[data-testid=sync-not-synced]",
  refused: "[data-testid=sync-refused]",
} as const;

/** The site rules stored here, in their order (none until the first is stored). */
export async function localRules(p: Profile): Promise<SiteRule[]> {
  const raw = await p.stored("local", "siteRules");
  return ((typeof raw === "string" ? JSON.parse(raw) : raw) ?? []) as SiteRule[];
}
export const ruleIds = async (p: Profile) => (await localRules(p)).map((r) => r.id);
/** The route of the rule `id` stored here. */
export const routeIn = async (p: Profile, id: string) =>
  (await localRules(p)).find((r) => r.id === id)?.route;
export const settingsOf = async (p: Profile) =>
  (await p.stored("local", "settings")) as Partial<Settings> | undefined;
export const syncMeta = async (p: Profile) => (await p.stored("local", "syncMeta")) as SyncMeta;
/** When this profile's sync last ran to its end (0: never). */
export const lastSynced = async (p: Profile) => (await syncMeta(p))?.lastSynced ?? 0;

/** The document the profile's sync area holds (null while it holds none, or half of one). */
export const remoteDoc = (p: Profile) => docOf(p.sync);
export const idsOf = (rules: readonly SiteRule[]) => rules.map((r) => r.id);
export const sorted = (ids: readonly string[]) => [...ids].sort();
/** The rules a profile's sync area holds (as a set: their order is checked where they land). */
export const syncedRules = async (p: Profile) => sorted(docRuleIds(await remoteDoc(p)));

/** Sync turned on with Options' checkbox, as the user does; Options is left open. */
export async function turnSyncOn(p: Profile, expect: Expect): Promise<View> {
  const options = await p.options("sync");
  await options.checkbox(SYNC_TOGGLE).click();
  await expect.poll(() => options.text(SYNC.status)).toContain("Last synced at");
  return options;
}

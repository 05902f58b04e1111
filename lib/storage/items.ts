/**
 * The stored items and how each is read back: every item is checked on read, and a value that
 * fails its check is never written back over (lists keep their unreadable entries as they are,
 * so no paid token is lost to a bad write).
 */
import { storage } from "@wxt-dev/storage";
import * as z from "zod/mini";
import { failureSchema } from "../base/failure-schema";
import {
  type HealthResults,
  type HealthRun,
  healthResultsSchema,
  healthRunSchema,
} from "../health/health";
import { type KeyboardCycle, keyboardCycleSchema } from "../keyboard/recent-cycle";
import { type PolicyUnread, policyUnreadSchema } from "../policy/managed-read";
import { rulesAdmitted } from "../routing/rule-caps";
import { type SiteRule, siteRuleSchema } from "../routing/rules";
import { type TabRoutes, tabRoutesSchema } from "../routing/tab-routes";
import {
  type Codec,
  checkedOr,
  listCodec,
  textListCodec,
  textValueCodec,
  valueCodec,
} from "../state/codecs";
import { type MovesOnWire, movesOnWireSchema } from "../state/moves-on-wire";
import { type PopupSummary, readSummary } from "../state/popup-summary";
import { DEFAULT_SETTINGS, decodeSettings, type Settings, settingsSchema } from "../state/settings";
import {
  type Connection,
  connectionSchema,
  DEFAULT_STATUS,
  decodeConnection,
  decodeStatus,
  NO_CONNECTION,
  type ProxyStatus,
  proxyStatusSchema,
} from "../state/status";
import { instantSchema, type StoredToken, storedTokenSchema } from "../state/tokens";
import { type TrashEntry, trashEntrySchema } from "../state/trash";
import { type SubscriptionStatus, subscriptionStatusSchema } from "../subscriptions/status";
import { DEFAULT_SYNC_META, decodeSyncMeta, type SyncMeta, syncMetaSchema } from "../sync/meta";
import type { PageTraffic } from "../traffic/page-traffic";

const numberRecord = z.record(z.string(), z.number());
const lookupCacheSchema = z.record(z.string(), z.object({ at: z.number(), value: z.unknown() }));
export type LookupCache = z.infer<typeof lookupCacheSchema>;
const supportEntrySchema = z.object({
  at: instantSchema,
  what: z.string().check(z.maxLength(200)),
  answer: z.string().check(z.maxLength(20_000)),
});
export type SupportEntry = z.infer<typeof supportEntrySchema>;
const unseenFailureSchema = z.object({
  /** What failed with nobody watching: an automatic refresh, a shortcut, a purchase whose popup closed. */
  source: z.enum(["auto-refresh", "toggle", "create"]),
  failure: failureSchema,
  at: instantSchema,
});
export type UnseenFailure = z.infer<typeof unseenFailureSchema>;
const pageTrafficSchema = z.record(
  z.string(),
  z.object({
    page: z.string().check(z.maxLength(300)),
    routes: z._default(z.record(z.string().check(z.maxLength(40)), z.number()), {}),
    count: z.number(),
    hosts: z.record(z.string().check(z.maxLength(300)), z.number()),
    seen: z.array(z.string().check(z.maxLength(100))),
    recent: z.optional(
      z.array(
        z.object({
          host: z.string().check(z.maxLength(300)),
          route: z.string().check(z.maxLength(40)),
          outcome: z.string().check(z.maxLength(40)),
          at: z.number(),
        }),
      ),
    ),
  }),
);
const policyRecordSchema = z.record(z.string(), z.unknown());
const refreshMethodsSchema = z.record(z.string(), z.enum(["GET", "POST"]));

export interface State {
  settings: Settings;
  tokens: StoredToken[];
  trash: TrashEntry[];
  connection: Connection;
  status: ProxyStatus;
  /** Region lists and payment plans, keyed by query: they rarely change. */
  lookupCache: LookupCache;
  /** Proxy challenges answered per request id: the loop guard's mirror for a woken worker. */
  authAttempts: Record<string, number>;
  /** The popup's first screen, derived from the lists (see popup-summary.ts). */
  popupSummary: PopupSummary | null;
  /** A failure of work the user did not watch (automatic refresh, keyboard toggle), until seen. */
  unseenFailure: UnseenFailure | null;
  /** Logins (token + password, hashed) the proxy refused: not sent again until retried. */
  refusedLogins: string[];
  /** Provider answers that could not become usable tokens, kept for support (newest first). */
  support: SupportEntry[];
  /**
   * The method each provider (by origin) takes its refresh call in: the spec leaves it open,
   * GET is tried first and POST after a 405; what worked is kept.
   */
  refreshMethods: Record<string, "GET" | "POST">;
  /** Warnings already notified ("<token id>:<warning>"): each is shown once. */
  notifiedWarnings: string[];
  /** Site rules in the user's order, first match wins (see lib/routing/). */
  siteRules: SiteRule[];
  /**
   * Chrome: the token whose login each gateway spelling ("host:port" as written in the
   * applied config) stands for, so a challenge is answered as the config was written.
   */
  /** null: nothing recorded by this version yet (what Chrome caches is unknown). */
  gatewayOwners: Record<string, number> | null;
  /** Each tab's requests that failed since its page loaded (the popup's "failed on this page"). */
  pageTraffic: PageTraffic;
  /** Each checked token's health, with the time it was checked ("Check all"). */
  tokenHealth: HealthResults;
  /** The health check running (or the last one): its progress. */
  healthRun: HealthRun | null;
  /** Firefox's "This tab only": tab id → token id, for as long as the tab is open. */
  tabRoutes: TabRoutes;
  /** How each subscribed rule list's fetches went, in this browser (rule id → state). */
  subscriptionStatus: SubscriptionStatus;
  /**
   * The administrator's policy as the browser last gave it (storage.managed, copied by the
   * background: lib/background/managed-policy.ts), unchecked: see lib/policy/managed.ts.
   */
  managedPolicy: Record<string, unknown>;
  /**
   * A read of the policy failed in this browser session (its copy above stays in force), or
   * null; session-only, so the first read after a restart is trusted (managed-read.ts).
   */
  managedPolicyRead: PolicyUnread | null;
  /** Sync across the user's browsers: on or off, stamps, what Options shows (lib/sync/). */
  sync: SyncMeta;
  /** The keyboard's run of next/previous presses (lib/keyboard/recent-cycle.ts). */
  keyboardCycle: KeyboardCycle | null;
  /** Deletes and restores sent whose answer never came (lib/background/done-before.ts). */
  movesOnWire: MovesOnWire;
}
export type StateKey = keyof State;

export const items = {
  settings: storage.defineItem<unknown>("local:settings", {
    fallback: DEFAULT_SETTINGS,
    version: 1,
  }),
  tokens: storage.defineItem<unknown[]>("local:tokens", { fallback: [], version: 1 }),
  trash: storage.defineItem<unknown[]>("local:trash", { fallback: [], version: 1 }),
  connection: storage.defineItem<unknown>("local:connection", {
    fallback: NO_CONNECTION,
    version: 1,
  }),
  status: storage.defineItem<unknown>("local:proxyStatus", {
    fallback: DEFAULT_STATUS,
    version: 1,
  }),
  lookupCache: storage.defineItem<unknown>("local:lookupCache", { fallback: {} }),
  authAttempts: storage.defineItem<unknown>("session:authAttempts", { fallback: {} }),
  support: storage.defineItem<unknown[]>("local:support", { fallback: [] }),
  refusedLogins: storage.defineItem<unknown[]>("session:refusedLogins", { fallback: [] }),
  unseenFailure: storage.defineItem<unknown>("local:unseenFailure", { fallback: null }),
  popupSummary: storage.defineItem<unknown>("local:popupSummary", { fallback: null }),
  refreshMethods: storage.defineItem<unknown>("local:refreshMethods", { fallback: {} }),
  notifiedWarnings: storage.defineItem<unknown[]>("local:notifiedWarnings", { fallback: [] }),
  siteRules: storage.defineItem<unknown>("local:siteRules", { fallback: [], version: 1 }),
  // Local, not session: an update or reload of the extension empties storage.session but not
  // Chrome's cached proxy logins, which the record must keep describing.
  gatewayOwners: storage.defineItem<unknown>("local:gatewayOwners", { fallback: null }),
  pageTraffic: storage.defineItem<unknown>("session:pageTraffic", { fallback: {} }),
  tokenHealth: storage.defineItem<unknown>("local:tokenHealth", { fallback: "{}" }),
  healthRun: storage.defineItem<unknown>("session:healthRun", { fallback: null }),
  tabRoutes: storage.defineItem<unknown>("session:tabRoutes", { fallback: {} }),
  subscriptionStatus: storage.defineItem<unknown>("local:subscriptionStatus", { fallback: {} }),
  managedPolicy: storage.defineItem<unknown>("local:managedPolicy", { fallback: {} }),
  managedPolicyRead: storage.defineItem<unknown>("session:managedPolicyRead", { fallback: null }),
  sync: storage.defineItem<unknown>("local:syncMeta", { fallback: DEFAULT_SYNC_META }),
  keyboardCycle: storage.defineItem<unknown>("session:keyboardCycle", { fallback: null }),
  // Local: it must outlive the worker and the browser that sent the request.
  movesOnWire: storage.defineItem<unknown>("local:movesOnWire", { fallback: {} }),
} satisfies Record<StateKey, unknown>;

export const codecs: { [K in StateKey]: Codec<State[K]> } = {
  settings: valueCodec(settingsSchema, decodeSettings),
  tokens: listCodec(storedTokenSchema),
  trash: listCodec(trashEntrySchema),
  connection: valueCodec(connectionSchema, decodeConnection),
  status: valueCodec(proxyStatusSchema, decodeStatus),
  lookupCache: valueCodec(lookupCacheSchema, checkedOr(lookupCacheSchema, {})),
  authAttempts: valueCodec(numberRecord, checkedOr(numberRecord, {})),
  support: listCodec(supportEntrySchema),
  refusedLogins: listCodec(z.string().check(z.maxLength(100))),
  popupSummary: { read: (raw) => ({ value: readSummary(raw), kept: [] }), write: (value) => value },
  unseenFailure: valueCodec(
    z.nullable(unseenFailureSchema),
    checkedOr(z.nullable(unseenFailureSchema), null),
  ),
  refreshMethods: valueCodec(refreshMethodsSchema, checkedOr(refreshMethodsSchema, {})),
  notifiedWarnings: listCodec(z.string().check(z.maxLength(40))),
  // The caps on rules, at the one writer: whatever door a list came through (a page, sync, a
  // backup, a policy, a list's update), it never grows past them. Each door refuses first, in words.
  siteRules: { ...textListCodec(siteRuleSchema), admits: rulesAdmitted },
  gatewayOwners: valueCodec(z.nullable(numberRecord), checkedOr(z.nullable(numberRecord), null)),
  pageTraffic: valueCodec(pageTrafficSchema, checkedOr(pageTrafficSchema, {})),
  tokenHealth: textValueCodec(healthResultsSchema, {}),
  healthRun: valueCodec(z.nullable(healthRunSchema), checkedOr(z.nullable(healthRunSchema), null)),
  tabRoutes: valueCodec(tabRoutesSchema, checkedOr(tabRoutesSchema, {})),
  subscriptionStatus: valueCodec(subscriptionStatusSchema, checkedOr(subscriptionStatusSchema, {})),
  managedPolicy: valueCodec(policyRecordSchema, checkedOr(policyRecordSchema, {})),
  managedPolicyRead: valueCodec(
    z.nullable(policyUnreadSchema),
    checkedOr(z.nullable(policyUnreadSchema), null),
  ),
  sync: valueCodec(syncMetaSchema, decodeSyncMeta),
  keyboardCycle: valueCodec(
    z.nullable(keyboardCycleSchema),
    checkedOr(z.nullable(keyboardCycleSchema), null),
  ),
  movesOnWire: valueCodec(movesOnWireSchema, checkedOr(movesOnWireSchema, {})),
};

/** A raw stored value as the checked value (what the pages use to render). */
export const decode = <K extends StateKey>(key: K, raw: unknown): State[K] =>
  codecs[key].read(raw).value;

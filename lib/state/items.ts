/**
 * The stored items and how each is read back: every item is checked on read, and a value that
 * fails its check is never written back over (lists keep their unreadable entries as they are,
 * so no paid token is lost to a bad write).
 */
import { storage } from "@wxt-dev/storage";
import * as z from "zod/mini";
import {
  type HealthResults,
  type HealthRun,
  healthResultsSchema,
  healthRunSchema,
} from "../health/health";
import { failureSchema } from "../protocol/failure-schema";
import { type SiteRule, siteRuleSchema } from "../routing/rules";
import { type TabRoutes, tabRoutesSchema } from "../routing/tab-routes";
import type { PageTraffic } from "../traffic/page-traffic";
import { type PopupSummary, readSummary } from "./popup-summary";
import { DEFAULT_SETTINGS, decodeSettings, type Settings, settingsSchema } from "./settings";
import {
  type Connection,
  connectionSchema,
  DEFAULT_STATUS,
  decodeConnection,
  decodeStatus,
  NO_CONNECTION,
  type ProxyStatus,
  proxyStatusSchema,
} from "./status";
import { instantSchema, type StoredToken, storedTokenSchema } from "./tokens";
import { type TrashEntry, trashEntrySchema } from "./trash";

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
  source: z.enum(["auto-refresh", "toggle"]),
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
  }),
);
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
  gatewayOwners: Record<string, number>;
  /** Each tab's requests that failed since its page loaded (the popup's "failed on this page"). */
  pageTraffic: PageTraffic;
  /** Each checked token's health, with the time it was checked ("Check all"). */
  tokenHealth: HealthResults;
  /** The health check running (or the last one): its progress. */
  healthRun: HealthRun | null;
  /** Firefox's "This tab only": tab id → token id, for as long as the tab is open. */
  tabRoutes: TabRoutes;
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
  gatewayOwners: storage.defineItem<unknown>("session:gatewayOwners", { fallback: {} }),
  pageTraffic: storage.defineItem<unknown>("session:pageTraffic", { fallback: {} }),
  tokenHealth: storage.defineItem<unknown>("local:tokenHealth", { fallback: "{}" }),
  healthRun: storage.defineItem<unknown>("session:healthRun", { fallback: null }),
  tabRoutes: storage.defineItem<unknown>("session:tabRoutes", { fallback: {} }),
} satisfies Record<StateKey, unknown>;

/** Valid entries, and the raw ones that failed their check (kept, never rewritten). */
export function splitList<T>(
  schema: z.ZodMiniType<T>,
  raw: unknown,
): { valid: T[]; invalid: unknown[] } {
  const valid: T[] = [];
  const invalid: unknown[] = [];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const result = schema.safeParse(entry);
    if (result.success) valid.push(result.data);
    else invalid.push(entry);
  }
  return { valid, invalid };
}

/**
 * How an item is read and written. `read` checks the raw value and sets aside what is
 * unreadable (`kept`); `write` checks the new value (nothing unreadable is ever written: it
 * throws instead) and puts the kept entries back, so a token this version cannot read survives
 * every write.
 */
interface Codec<T> {
  read(raw: unknown): { value: T; kept: unknown[] };
  write(value: T, kept: unknown[]): unknown;
}

function valueCodec<T>(schema: z.ZodMiniType<T>, decodeRaw: (raw: unknown) => T): Codec<T> {
  return {
    read: (raw) => ({ value: decodeRaw(raw), kept: [] }),
    write: (value) => z.parse(schema, value),
  };
}

function listCodec<T>(schema: z.ZodMiniType<T>): Codec<T[]> {
  // Entries this codec read or wrote, already checked: state is never changed in place (every
  // change makes new objects), so writing 10,000 site rules back with one changed checks one.
  const checked = new WeakSet<object>();
  const remember = (entry: T): T => {
    if (typeof entry === "object" && entry !== null) checked.add(entry);
    return entry;
  };
  const check = (entry: T): T => {
    if (typeof entry === "object" && entry !== null && checked.has(entry)) return entry;
    const parsed = remember(z.parse(schema, entry));
    // The caller's object passed too (the background keeps it as its decoded copy).
    remember(entry);
    return parsed;
  };
  return {
    read: (raw) => {
      const { valid, invalid } = splitList(schema, raw);
      return { value: valid.map(remember), kept: invalid };
    },
    write: (value, kept) => {
      if (!Array.isArray(value)) throw new Error("not a list");
      return [...value.map(check), ...kept];
    },
  };
}

/**
 * A list stored as one JSON text: Chrome converts a stored object into its own value tree node
 * by node (10,000 site rules: ~500 ms per write, measured in Chromium 156), one string in a
 * few ms. A list stored as an array (before this, or written by hand) is read as well.
 */
function textListCodec<T>(schema: z.ZodMiniType<T>): Codec<T[]> {
  const list = listCodec(schema);
  return {
    read: (raw) => {
      if (typeof raw !== "string") return list.read(raw);
      try {
        return list.read(JSON.parse(raw));
      } catch {
        // Not JSON: nothing of it can be read, and it is not kept (it is no list).
        return list.read([]);
      }
    },
    write: (value, kept) => JSON.stringify(list.write(value, kept)),
  };
}

/**
 * A large value stored as one JSON text (see textListCodec: 10,000 tokens' health results as a
 * value tree would cost Chrome hundreds of ms per write). Unreadable: the fallback.
 */
function textValueCodec<T>(schema: z.ZodMiniType<T>, fallback: T): Codec<T> {
  const decodeRaw = checkedOr(schema, fallback);
  return {
    read(raw) {
      if (typeof raw !== "string") return { value: decodeRaw(raw), kept: [] };
      try {
        return { value: decodeRaw(JSON.parse(raw)), kept: [] };
      } catch {
        return { value: fallback, kept: [] };
      }
    },
    write: (value) => JSON.stringify(z.parse(schema, value)),
  };
}

function checkedOr<T>(schema: z.ZodMiniType<T>, fallback: T) {
  return (raw: unknown): T => {
    const result = schema.safeParse(raw);
    return result.success ? result.data : fallback;
  };
}

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
  siteRules: textListCodec(siteRuleSchema),
  gatewayOwners: valueCodec(numberRecord, checkedOr(numberRecord, {})),
  pageTraffic: valueCodec(pageTrafficSchema, checkedOr(pageTrafficSchema, {})),
  tokenHealth: textValueCodec(healthResultsSchema, {}),
  healthRun: valueCodec(z.nullable(healthRunSchema), checkedOr(z.nullable(healthRunSchema), null)),
  tabRoutes: valueCodec(tabRoutesSchema, checkedOr(tabRoutesSchema, {})),
};

/** A raw stored value as the checked value (what the pages use to render). */
export const decode = <K extends StateKey>(key: K, raw: unknown): State[K] =>
  codecs[key].read(raw).value;

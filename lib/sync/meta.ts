/**
 * This browser's own record of sync (storage.local, never synced): whether it is on, this
 * browser's id, the stamp of each item's last change as this browser knows it, and what
 * Options shows (last synced, the problem, rules that did not sync, changes that came in).
 */
import * as z from "zod/mini";
import { REFUSAL_CODES } from "../base/refusal";

const stampFields = { t: z.number(), b: z.string().check(z.maxLength(16)) };
/** The change count (precedence.ts); absent in records written before it was counted. */
const countField = { n: z.optional(z.int().check(z.gte(0))) };

export const NOT_SYNCED_REASONS = [
  "too-large",
  "no-room",
  "local-proxy",
  "container",
  "managed",
] as const;
export type NotSyncedReason = (typeof NOT_SYNCED_REASONS)[number];
export const SYNC_PROBLEMS = [
  "quota",
  "rate",
  "incomplete",
  "write-failed",
  "read-failed",
] as const;
export type SyncProblem = (typeof SYNC_PROBLEMS)[number];

export const syncMetaSchema = z.object({
  enabled: z.boolean(),
  /** Random, made when sync is turned on; stamps and chunk names carry it. */
  browserId: z.string().check(z.maxLength(16)),
  /** False until the first merge after turning sync on (see reconcile: nothing local is lost). */
  joined: z.boolean(),
  /** Per item key: the last change's stamp and the hash of its value ("-": deleted). */
  stamps: z.record(
    z.string(),
    z.object({ ...stampFields, ...countField, h: z.string().check(z.maxLength(32)) }),
  ),
  /** Each synced rule's position key as last synced (placement.ts); absent: none yet. */
  positions: z.optional(z.record(z.string(), z.string())),
  /**
   * Changes from another browser that this browser's checks refused (the gate), newest first:
   * the item, its stamp, and why. The item stays as it was here; nothing else is held back.
   */
  refused: z.optional(
    z.array(
      z.object({
        key: z.string(),
        ...stampFields,
        code: z.enum(REFUSAL_CODES),
        detail: z.optional(z.string().check(z.maxLength(120))),
      }),
    ),
  ),
  lastSynced: z.nullable(z.number()),
  problem: z.nullable(
    z.object({
      code: z.enum(SYNC_PROBLEMS),
      at: z.number(),
      detail: z.optional(z.string().check(z.maxLength(300))),
    }),
  ),
  /** Rules that are not in the synced document, and why. */
  notSynced: z.array(z.object({ id: z.string(), reason: z.enum(NOT_SYNCED_REASONS) })),
  /** Changes applied here from another browser, newest first (`replaced`: ours lost). */
  arrivals: z.array(z.object({ key: z.string(), ...stampFields, replaced: z.boolean() })),
  /** A provider address another browser uses, not taken here (it would leave our credentials). */
  offer: z.nullable(z.object({ baseUrl: z.string(), t: z.number() })),
  /** What turning sync on did. */
  joinReport: z.nullable(
    z.object({
      at: z.number(),
      rulesIn: z.number(),
      rulesOut: z.number(),
      settingsIn: z.number(),
      replaced: z.number(),
    }),
  ),
  /** Times of this browser's writes to the sync area in the last hour (rate limits). */
  writes: z.array(z.number()),
});
export type SyncMeta = z.infer<typeof syncMetaSchema>;
export type StoredStamp = SyncMeta["stamps"][string];

export const DEFAULT_SYNC_META: SyncMeta = {
  enabled: false,
  browserId: "",
  joined: false,
  stamps: {},
  lastSynced: null,
  problem: null,
  notSynced: [],
  arrivals: [],
  offer: null,
  joinReport: null,
  writes: [],
};

export const decodeSyncMeta = (raw: unknown): SyncMeta => {
  const result = syncMetaSchema.safeParse(raw);
  return result.success ? result.data : DEFAULT_SYNC_META;
};

/** Sync turned on (a fresh id, a first merge ahead) or off (stamps forgotten). */
export function switchedSync(meta: SyncMeta, enabled: boolean, newId: () => string): SyncMeta {
  if (enabled === meta.enabled) return meta;
  if (!enabled) return { ...DEFAULT_SYNC_META, browserId: meta.browserId };
  return { ...DEFAULT_SYNC_META, enabled, browserId: meta.browserId || newId() };
}

/**
 * Zod schemas for every request and response of the provider API (spec 000_105e301ee2a54716).
 * These are the only source of API types. `zod/mini` keeps the popup bundle small.
 *
 * Policy: strict where a wrong value would break a proxy or address the wrong record (ids,
 * port, username, password); tolerant where the spec is silent (unknown keys are stripped,
 * optional text may be missing or null and becomes "", empty lists may come as null).
 */
import * as z from "zod/mini";
import { networkTypeSchema } from "./request-schemas";
import {
  count,
  id,
  isoDate,
  list,
  nonEmpty,
  optionalIsoDate,
  optionalText,
  port,
  text,
  unixSeconds,
} from "./schema-parts";

export * from "./lookup-schemas";
export * from "./request-schemas";

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

/** Static IP / static traffic token (`data[]` entry). */
export const staticTokenSchema = z.object({
  id,
  /** Empty right after a static IP purchase; assigned later. */
  ip: text,
  host: nonEmpty,
  port,
  username: nonEmpty,
  password: nonEmpty,
  /** Unix seconds; 0 for static traffic (no fixed expiry). */
  expired_on: unixSeconds,
  country: text,
  state: text,
  city: text,
});

const dynamicTokenShape = {
  id,
  token: text,
  /** The spec gives no empty case, but a server may answer "" while it assigns one: kept. */
  ip: text,
  port,
  username: nonEmpty,
  password: nonEmpty,
  country: text,
  city: text,
  network_type: networkTypeSchema,
  /** The spec shows no host for dynamic tokens; kept when a server sends one. */
  host: optionalText,
  /** `{base_url}/token/dynamic/ip/refresh/<id>`; the client can rebuild it from the id. */
  refresh_url: optionalText,
};

/** Any dynamic token (`tokens[]` entry, refresh answer): kind-specific fields optional. */
export const dynamicTokenSchema = z.object({
  ...dynamicTokenShape,
  expire_time: optionalIsoDate,
  traffic_quota: z.optional(count),
  traffic_used: z.optional(count),
});

export const dynamicIpTokenSchema = z.object({
  ...dynamicTokenShape,
  /** ISO 8601. */
  expire_time: isoDate,
});

export const dynamicTrafficTokenSchema = z.object({
  ...dynamicTokenShape,
  /** Unit not stated by the spec. */
  traffic_quota: count,
  traffic_used: count,
});

// ---------------------------------------------------------------------------------------------
// Create requests and responses
// ---------------------------------------------------------------------------------------------

/*
 * The create answers' token lists are read entry by entry (created-tokens.ts): the tokens are
 * paid for, so one the client cannot read must not cost the others (it is kept for support).
 */

/** Static IP / static traffic create answer. */
export const staticCreateResponseSchema = z.object({
  code: z.int(),
  msg: text,
  data: z.array(z.unknown()),
});

/** Dynamic creates answer without the code/msg envelope. */
export const dynamicCreateResponseSchema = z.object({
  tokens: z.array(z.unknown()),
  total_count: count,
  success_count: count,
});

/** Refresh of a dynamic IP: `{code, msg, data: <dynamic token>}`. */
export const refreshResponseSchema = z.object({
  code: z.int(),
  msg: text,
  data: dynamicTokenSchema,
});

// ---------------------------------------------------------------------------------------------
// Delete and restore (`{status, message, data}`)
// ---------------------------------------------------------------------------------------------

const statusEnvelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: text, message: text, data });

const batchCounts = {
  total_count: count,
  success_count: count,
  failed_count: count,
  failed_ids: list(id),
};

export const deleteOneResponseSchema = statusEnvelope(
  z.object({
    token_id: id,
    deleted_at: isoDate,
    can_restore: z.boolean(),
    /** Missing, null or "": the client counts 30 days from deleted_at itself. */
    restore_deadline: optionalIsoDate,
  }),
);

export const deleteBatchResponseSchema = statusEnvelope(
  // deleted_at may be missing when nothing was deleted; the spec is silent on that case.
  z.object({ ...batchCounts, deleted_at: optionalIsoDate }),
);

export const restoreOneResponseSchema = statusEnvelope(
  z.object({
    token_id: id,
    restored_at: isoDate,
    token_info: z.object({ ip: text, port, status: text }),
  }),
);

export const restoreBatchResponseSchema = statusEnvelope(
  z.object({ ...batchCounts, restored_at: optionalIsoDate }),
);

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type StaticToken = z.infer<typeof staticTokenSchema>;
export type DynamicToken = z.infer<typeof dynamicTokenSchema>;
export type DynamicIpToken = z.infer<typeof dynamicIpTokenSchema>;
export type DynamicTrafficToken = z.infer<typeof dynamicTrafficTokenSchema>;
export type StaticCreateResponse = z.infer<typeof staticCreateResponseSchema>;
export type DynamicCreateResponse = z.infer<typeof dynamicCreateResponseSchema>;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
export type DeleteOneResponse = z.infer<typeof deleteOneResponseSchema>;
export type DeleteBatchResponse = z.infer<typeof deleteBatchResponseSchema>;
export type RestoreOneResponse = z.infer<typeof restoreOneResponseSchema>;
export type RestoreBatchResponse = z.infer<typeof restoreBatchResponseSchema>;

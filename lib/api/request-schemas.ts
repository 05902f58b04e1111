/**
 * Schemas of what the client sends. They are checked before any request leaves, so an
 * out-of-range value is a clear local error rather than a provider 400 (or a purchase).
 * Strict objects: an unknown key is a bug in the caller, not something to send along.
 */
import * as z from "zod/mini";

export const NETWORK_TYPES = ["HTTP", "SOCKS5"] as const;
export const networkTypeSchema = z.enum(NETWORK_TYPES);

export const MAX_CREATE_NUMBER = 10;
export const MAX_BATCH_IDS = 100;
export const MAX_PAGE_SIZE = 100;

const positiveId = z.int().check(z.positive());
const nonEmptyText = z.string().check(z.minLength(1));

const createBase = {
  number: z.int().check(z.gte(1), z.lte(MAX_CREATE_NUMBER)),
  network_type: z._default(networkTypeSchema, "HTTP"),
  country_id: positiveId,
  state_id: z.optional(positiveId),
  city_id: z.optional(positiveId),
};

/** Body of the time-billed creates (static IP, dynamic IP). */
export const createTimeBilledBodySchema = z.strictObject({
  ...createBase,
  /** Omitted: the provider charges the account balance. */
  payway_id: z.optional(positiveId),
});

/** Body of the traffic creates: no `payway_id`, and passing one is refused locally. */
export const createTrafficBodySchema = z.strictObject(createBase);

export const batchIdsBodySchema = z.strictObject({
  token_ids: z.array(positiveId).check(z.minLength(1), z.maxLength(MAX_BATCH_IDS)),
});

const typeFilters = {
  is_static: z.optional(z.boolean()),
  is_traffic: z.optional(z.boolean()),
  is_datacenter: z.optional(z.boolean()),
};

/** Optional query of the three region lists (parent_id is a separate argument). */
export const regionQuerySchema = z.strictObject({
  search_text: z.optional(z.string()),
  page: z.optional(positiveId),
  page_size: z.optional(z.int().check(z.gte(1), z.lte(MAX_PAGE_SIZE))),
  ...typeFilters,
  by: z.optional(z.string()),
});

export const paymentPlanQuerySchema = z.strictObject(typeFilters);

export const proxyQuerySchema = z.strictObject({
  country: z.optional(nonEmptyText),
  type: z.optional(nonEmptyText),
});

export const ipArgumentSchema = nonEmptyText.check(z.maxLength(255));

export type NetworkType = z.infer<typeof networkTypeSchema>;
export type CreateTimeBilledParams = z.input<typeof createTimeBilledBodySchema>;
export type CreateTrafficParams = z.input<typeof createTrafficBodySchema>;
export type RegionQuery = z.input<typeof regionQuerySchema>;
export type PaymentPlanQuery = z.input<typeof paymentPlanQuerySchema>;
export type ProxyQuery = z.input<typeof proxyQuerySchema>;

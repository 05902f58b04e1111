/**
 * Response schemas of the lookup operations: regions, payment plans, IP information and
 * quality, proxy retrieval, account records, and the error envelope.
 */
import * as z from "zod/mini";
import {
  count,
  days,
  decimalText,
  id,
  list,
  nonEmpty,
  optionalIsoDate,
  port,
  text,
} from "./schema-parts";

// ---------------------------------------------------------------------------------------------
// Regions and payment plans
// ---------------------------------------------------------------------------------------------

export const countrySchema = z.object({ id, name: z.string(), code: text });

export const regionSchema = z.object({
  id,
  name: z.string(),
  code: text,
  name_with_underlined: text,
  name_with_none: text,
});

const regionListEnvelope = <T extends z.ZodMiniType>(item: T) =>
  z.object({ code: z.int(), msg: text, data: z.object({ data: list(item) }) });

export const countryListResponseSchema = regionListEnvelope(countrySchema);
export const regionListResponseSchema = regionListEnvelope(regionSchema);

export const paymentPlanSchema = z.object({
  id,
  note: text,
  note_en: text,
  days,
  price: decimalText,
  /** Negative means a deduction. */
  value: decimalText,
});

export const paymentPlanListResponseSchema = z.object({
  code: z.int(),
  msg: text,
  data: z.object({ records: list(paymentPlanSchema) }),
});

// ---------------------------------------------------------------------------------------------
// IP information, quality, proxy retrieval, account
// ---------------------------------------------------------------------------------------------

export const ipInfoSchema = z.object({
  /** The address described: an answer without it says nothing (it would "confirm" an unknown IP). */
  ip: nonEmpty,
  country: text,
  country_code: text,
  city: text,
  /** The spec says null is possible; absent is treated the same. */
  state: z.pipe(
    z.nullish(z.string()),
    z.transform((v) => v ?? null),
  ),
  /** 32-bit AS numbers (RFC 6793). */
  autonomous_system_number: z.optional(z.int().check(z.gte(0), z.lte(4_294_967_295))),
  autonomous_system_organization: text,
  network_type: text,
  is_isp: z.optional(z.boolean()),
  network: text,
});

export const ipInfoResponseSchema = z.object({ code: z.int(), msg: text, data: ipInfoSchema });

const score = z.number().check(z.gte(0), z.lte(100));

/** IP quality record; the spec returns it without an envelope. */
export const ipQualitySchema = z.object({
  ip: z.string(),
  scores: z.object({
    reputation: score,
    anonymity: score,
    speed: score,
    stability: score,
    security: score,
  }),
  details: z.optional(
    z.object({
      blacklist_count: z.optional(count),
      abuse_reports: z.optional(count),
      spam_score: z.optional(score),
      threat_level: z.optional(z.enum(["low", "medium", "high"])),
      last_seen: optionalIsoDate,
    }),
  ),
  average_score: score,
  grade: z.enum(["A", "B", "C", "D", "F"]),
  location: z.optional(
    z.object({
      country: text,
      country_name: text,
      city: text,
      latitude: z.optional(z.number()),
      longitude: z.optional(z.number()),
    }),
  ),
  is_datacenter: z.optional(z.boolean()),
  is_proxy: z.optional(z.boolean()),
  is_residential: z.optional(z.boolean()),
  isp: text,
  /** The spec says text; a number is accepted and turned into text. */
  asn: z.optional(decimalText),
});

export const proxyEntrySchema = z.object({ ip: z.string(), port, country: text, protocol: text });

export const proxyListResponseSchema = z.object({
  code: z.int(),
  message: text,
  data: z.object({ proxies: list(proxyEntrySchema) }),
});

/** Account quota / info: shapes not shown by the spec, so any JSON object is accepted. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** Error envelope. `msg` is accepted as an alias since success bodies use both spellings. */
export const errorEnvelopeSchema = z.object({
  code: z.int(),
  message: z.optional(z.string()),
  msg: z.optional(z.string()),
  error: z.optional(z.string()),
});

export type Country = z.infer<typeof countrySchema>;
export type Region = z.infer<typeof regionSchema>;
export type CountryListResponse = z.infer<typeof countryListResponseSchema>;
export type RegionListResponse = z.infer<typeof regionListResponseSchema>;
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;
export type PaymentPlanListResponse = z.infer<typeof paymentPlanListResponseSchema>;
export type IpInfo = z.infer<typeof ipInfoSchema>;
export type IpInfoResponse = z.infer<typeof ipInfoResponseSchema>;
export type IpQuality = z.infer<typeof ipQualitySchema>;
export type ProxyEntry = z.infer<typeof proxyEntrySchema>;
export type ProxyListResponse = z.infer<typeof proxyListResponseSchema>;
export type JsonObject = z.infer<typeof jsonObjectSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

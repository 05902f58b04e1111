/**
 * Shared building blocks of the response schemas, with the tolerance policy in one place.
 *
 * Numbers that end up stored (ids, ports, expiry, traffic, counts) are bounded here: zod's
 * `int()` already refuses non-integers, NaN, Infinity and anything outside the safe-integer
 * range, and each part adds the range its meaning allows, so a broken or hostile answer fails
 * with a schema error instead of becoming state (a negative id, a port the browser rejects,
 * an expiry in milliseconds read as seconds).
 */
import * as z from "zod/mini";

/** Every id of the spec (token, region, plan): a positive safe integer. */
export const id = z.int().check(z.positive());
/** Counts and amounts (batch counts, traffic quota and usage): a non-negative safe integer. */
export const count = z.int().check(z.gte(0));
export const port = z.int().check(z.gte(1), z.lte(65535));

/**
 * 9999-12-31T23:59:59Z. The latest instant with a four-digit year; past it a "Unix time" is
 * almost surely milliseconds, which as seconds would put the expiry tens of millennia away.
 */
export const MAX_UNIX_SECONDS = 253_402_300_799;
/** Unix seconds; 0 is allowed and means "no fixed expiry" (static traffic). */
export const unixSeconds = z.int().check(z.gte(0), z.lte(MAX_UNIX_SECONDS));

/** Validity of a payment plan, in days: 0 (none stated) up to a century. */
export const days = z.int().check(z.gte(0), z.lte(36_500));

/**
 * An ISO 8601 date or date-time (the spec's timestamps) that Date.parse reads. The leading
 * `YYYY-MM-DD` is required because Date.parse alone also accepts text such as "1" or "5/6".
 */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value));
}
export const isoDate = z.string().check(z.refine(isIsoDate, "must be an ISO 8601 date"));
/** The same where a server may leave it out: absent, null and "" all become undefined. */
export const optionalIsoDate = z.optional(
  z.pipe(
    z.nullish(z.union([z.literal(""), isoDate])),
    z.transform((v) => (v === "" || v === null ? undefined : v)),
  ),
);

/** A value a proxy cannot work without (host, username, password): present and non-empty. */
export const nonEmpty = z.string().check(z.minLength(1));
/** Text the spec allows to be empty; a server may also omit it or send null. */
export const text = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ""),
);
/** Text the spec does not show at all (a dynamic token's host): absent or null is undefined. */
export const optionalText = z.optional(
  z.pipe(
    z.nullish(z.string()),
    z.transform((v) => v ?? undefined),
  ),
);
/** Decimal text ("9.90"); some servers send a JSON number instead, keep it as text. */
export const decimalText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);
/** A list the server may send as null or omit when empty. */
export const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform((v) => v ?? []),
  );

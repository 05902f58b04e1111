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

/** The ISO 8601 forms, extended and basic: date, then optional time, then optional zone. */
const ISO_8601 =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** What Date.parse reads as ISO and as meant: the extended form with its zone written out. */
const READ_AS_MEANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A spec timestamp ("ISO 8601") written so Date.parse reads it as meant, or null when it is no
 * date. ISO 8601 allows forms Date.parse refuses (the basic form 20240108T120000Z, a zone of
 * hours only or without its colon: +08, +0800) or reads otherwise (a date-time without a zone,
 * which Date.parse puts in the browser's time zone: taken as UTC, the provider's clock). A form
 * already read as meant is kept as sent. Text with a leading `YYYY-MM-DD` that Date.parse reads
 * otherwise is kept too, as before; "1" or "5/6" (which Date.parse alone takes) are no date.
 */
export function isoTimestamp(value: string): string | null {
  if (READ_AS_MEANT.test(value)) return Number.isFinite(Date.parse(value)) ? value : null;
  const parts = ISO_8601.exec(value);
  if (!parts) {
    const legacy = /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value));
    return legacy ? value : null;
  }
  const [, year, month, day, hour, minute, second, fraction, zone] = parts;
  const date = `${year}-${month}-${day}`;
  if (hour === undefined) return Number.isFinite(Date.parse(date)) ? date : null;
  const offset =
    zone === undefined || zone === "Z"
      ? "Z"
      : `${zone.slice(0, 3)}:${zone.slice(3).replace(":", "") || "00"}`;
  const text = `${date}T${hour}:${minute}:${second ?? "00"}${fraction ?? ""}${offset}`;
  return Number.isFinite(Date.parse(text)) ? text : null;
}
export const isIsoDate = (value: string): boolean => isoTimestamp(value) !== null;
/** A spec timestamp, written as Date.parse reads it as meant (isoTimestamp). */
export const isoDate = z.string().check(
  z.refine(isIsoDate, "must be an ISO 8601 date"),
  z.overwrite((value) => isoTimestamp(value) ?? value),
);
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

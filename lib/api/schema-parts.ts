/**
 * Shared building blocks of the response schemas, with the tolerance policy in one place.
 */
import * as z from "zod/mini";

export const id = z.int();
export const count = z.int().check(z.gte(0));
export const port = z.int().check(z.gte(1), z.lte(65535));
/** A value a proxy cannot work without (host, username, password): present and non-empty. */
export const nonEmpty = z.string().check(z.minLength(1));
/** Text the spec allows to be empty; a server may also omit it or send null. */
export const text = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ""),
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

/** The pieces every command's request schema is built of (commands.ts, rule-commands.ts). */
import * as z from "zod/mini";
import { MAX_STORED_RULES } from "../routing/rules";

/** Provider tokens have positive ids; proxies added by hand negative (local) ones. */
export const tokenId = z.int().check(
  z.gte(-Number.MAX_SAFE_INTEGER),
  z.lte(Number.MAX_SAFE_INTEGER),
  z.refine((id) => id !== 0),
);
export const tokenIds = z.array(tokenId).check(z.minLength(1), z.maxLength(10_000));
export const ruleIds = z
  .array(z.string().check(z.minLength(1), z.maxLength(64)))
  .check(z.maxLength(MAX_STORED_RULES));
export const command = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

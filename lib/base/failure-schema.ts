/** A failure as stored (in the proxy status): checked loosely on read, a code and flat params. */
import * as z from "zod/mini";

export const failureSchema = z.catchall(
  z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.union([z.string().check(z.maxLength(500)), z.number()]),
);

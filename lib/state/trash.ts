/** Deleted tokens kept with their restore deadline (pure). */
import * as z from "zod/mini";
import { instantSchema, type StoredToken, storedTokenSchema } from "./tokens";

export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const trashEntrySchema = z.object({
  token: storedTokenSchema,
  deletedAt: instantSchema,
  /** The server's restore_deadline when it sent one, else 30 days after deletedAt. */
  restoreDeadline: instantSchema,
  /** false when the provider's delete answer said can_restore: false; absent means it can. */
  restorable: z.optional(z.boolean()),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** Timestamps from the server, falling back to the local clock when missing or unreadable. */
export function trashEntry(
  token: StoredToken,
  deletedAtIso: string | undefined,
  deadlineIso: string | undefined,
  now: number,
  /** The provider's can_restore, when its answer carried one. */
  restorable = true,
): TrashEntry {
  const parsed = deletedAtIso ? Date.parse(deletedAtIso) : Number.NaN;
  const deletedAt = Number.isFinite(parsed) ? parsed : now;
  const deadline = deadlineIso ? Date.parse(deadlineIso) : Number.NaN;
  return {
    token,
    deletedAt,
    restoreDeadline: Number.isFinite(deadline) ? deadline : deletedAt + RESTORE_WINDOW_MS,
    ...(restorable ? {} : { restorable: false }),
  };
}

export const canRestore = (
  entry: Pick<TrashEntry, "restoreDeadline" | "restorable">,
  now: number,
) => entry.restorable !== false && now <= entry.restoreDeadline;

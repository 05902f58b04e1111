/** Deleted tokens kept with their restore deadline (pure). */
import * as z from "zod/mini";
import { instantSchema, type StoredToken, storedTokenSchema } from "./tokens";

export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const trashEntrySchema = z.object({
  token: storedTokenSchema,
  deletedAt: instantSchema,
  /** The server's restore_deadline when it sent one, else 30 days after deletedAt. */
  restoreDeadline: instantSchema,
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** Timestamps from the server, falling back to the local clock when missing or unreadable. */
export function trashEntry(
  token: StoredToken,
  deletedAtIso: string | undefined,
  deadlineIso: string | undefined,
  now: number,
): TrashEntry {
  const parsed = deletedAtIso ? Date.parse(deletedAtIso) : Number.NaN;
  const deletedAt = Number.isFinite(parsed) ? parsed : now;
  const deadline = deadlineIso ? Date.parse(deadlineIso) : Number.NaN;
  return {
    token,
    deletedAt,
    restoreDeadline: Number.isFinite(deadline) ? deadline : deletedAt + RESTORE_WINDOW_MS,
  };
}

export const canRestore = (entry: Pick<TrashEntry, "restoreDeadline">, now: number) =>
  now <= entry.restoreDeadline;

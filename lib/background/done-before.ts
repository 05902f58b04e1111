/**
 * Deletes and restores the provider may have done already, and the refusal of a repeat taken
 * as "done". The spec has no call to ask a token's state, so a request whose answer never came
 * is known only by its repeat: refused as done already ("already deleted", "not deleted").
 *
 * Two ways an answer is lost: within one call (the client repeats after a dropped connection,
 * a timeout, a 5xx: the error says `afterLostAnswer`), and across calls (every attempt went
 * unanswered, or the browser closed or the worker stopped before the answer was stored). The
 * second is kept in storage.local (`movesOnWire`), written before the request goes out and
 * cleared in the write that stores its answer. Without it the token stayed listed for good
 * (every later delete refused) or in the trash (every restore refused "not deleted").
 */
import { type ApiClient, isApiError } from "../api";
import type { BatchResult } from "../api/batch";
import { mayHaveLanded } from "../api/retry";
import { recordEvent } from "../diagnostics/record";
import type { Move, MovesOnWire } from "../state/moves-on-wire";
import { updateState } from "../storage/store";

/**
 * Refusals that mean "done already" for a repeat. A delete takes "does not exist" as done too;
 * a restore never does (a token gone for good is not back), and is only ever asked within its
 * window (token-lifecycle.ts).
 */
const DONE_STATUSES = { delete: [400, 404, 409, 410], restore: [400, 409] } as const;

export const noteDoneBefore = (op: Move, ids: readonly number[]) => {
  if (ids.length > 0)
    recordEvent(
      "refusal",
      op,
      `${ids.map((id) => `#${id}`).join(", ")}: repeat refused after a lost answer, taken as done`,
    );
};

/**
 * Records `ids` as on the wire for `op` before the request goes out, and returns those that
 * already were (an earlier request for the same move whose answer never came).
 */
export async function sendingMoves(op: Move, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return updateState(["movesOnWire"], ({ movesOnWire }) => ({
    write: { movesOnWire: { ...movesOnWire, ...Object.fromEntries(ids.map((id) => [id, op])) } },
    result: new Set(ids.filter((id) => movesOnWire[id] === op)),
  }));
}

/** The record without `ids`: their answer came (to be written with what it stored). */
export function answered(moves: MovesOnWire, ids: Iterable<number>): MovesOnWire {
  const left = { ...moves };
  for (const id of ids) delete left[id];
  return left;
}

/** Ids of a batch whose answer came: all but those of chunks that failed with none. */
export function answeredInBatch(asked: readonly number[], answer: BatchResult): number[] {
  const unanswered = new Set(
    answer.chunk_errors.filter((c) => mayHaveLanded(c.error)).flatMap((c) => c.ids),
  );
  return asked.filter((id) => !unanswered.has(id));
}

/** A failed call: its ids stay on the wire only when the provider may have done them. */
export async function failedMoves(error: unknown, ids: readonly number[]): Promise<void> {
  if (isApiError(error) && mayHaveLanded(error)) return;
  await updateState(["movesOnWire"], ({ movesOnWire }) => ({
    write: { movesOnWire: answered(movesOnWire, ids) },
    result: undefined,
  }));
}

/** A refused single move that an earlier attempt (this call's or an earlier one's) did. */
function doneBeforeRefusal(error: unknown, op: Move, id: number, onWireBefore: boolean): boolean {
  const statuses: readonly number[] = DONE_STATUSES[op];
  const refusedRepeat =
    isApiError(error) &&
    (error.afterLostAnswer || (onWireBefore && error.kind === "http")) &&
    statuses.includes(error.status ?? 0);
  if (refusedRepeat) noteDoneBefore(op, [id]);
  return refusedRepeat;
}

/** Ids a batch refused that an earlier attempt did: this call's, or an earlier one's. */
export function batchDoneBefore(answer: BatchResult, onWireBefore: ReadonlySet<number>): number[] {
  const inChunkErrors = new Set(answer.chunk_errors.flatMap((c) => c.ids));
  const earlier = answer.failed_ids.filter((id) => onWireBefore.has(id) && !inChunkErrors.has(id));
  return [...new Set([...(answer.failed_after_lost_answer ?? []), ...earlier])];
}

export async function deleteOne(api: ApiClient, id: number, onWireBefore: boolean) {
  try {
    return await api.deleteToken(id);
  } catch (error) {
    if (!doneBeforeRefusal(error, "delete", id, onWireBefore)) throw error;
    // Its answer was lost: restorable (the spec's rule), its 30 days counted from now.
    return { deleted_at: undefined, restore_deadline: undefined, can_restore: true };
  }
}

/** The provider's answer, or null when it was lost (the token comes back at its address). */
export async function restoreOne(api: ApiClient, id: number, onWireBefore: boolean) {
  try {
    return await api.restoreToken(id);
  } catch (error) {
    if (!doneBeforeRefusal(error, "restore", id, onWireBefore)) throw error;
    return null;
  }
}

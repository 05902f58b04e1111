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
import { recordEvent } from "../diagnostics/record";
import { answered, type Move, sending } from "../state/moves-on-wire";
import { updateState } from "../storage/store";

/**
 * Refusals that mean "done already" for a repeat. A delete takes "does not exist" as done too;
 * a restore never does (a token gone for good is not back). A restore's 400 may also mean its
 * window passed; it is only asked within the window kept here, which never runs past the
 * provider's (a delete taken as done counts it from the earliest it can have been done).
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
 * Records `ids` as on the wire for `op` before the request goes out. Returns those already out
 * for the same move (an earlier request whose answer never came), with when the first went out.
 */
export function sendingMoves(
  op: Move,
  ids: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  if (ids.length === 0) return Promise.resolve(new Map());
  return updateState(["movesOnWire"], ({ movesOnWire }) => ({
    write: { movesOnWire: sending(movesOnWire, op, ids, now) },
    result: new Map(
      ids.flatMap((id) => {
        const before = movesOnWire[id];
        return before?.op === op ? [[id, before.at] as const] : [];
      }),
    ),
  }));
}

/**
 * An error that shows this call's request did nothing: refused at its first hearing (a 4xx
 * that no unanswered attempt came before; a 429 or a 408 says "not taken", and is retried
 * until an answer or another error), or never sent. Anything else may hide a move done.
 */
function provesNothingDone(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === "invalid-request") return true;
  const status = error.status ?? 0;
  return error.kind === "http" && status >= 400 && status < 500 && !error.afterLostAnswer;
}

/** Ids of a batch whose answer came: all but those of chunks that may have done them unheard. */
export function answeredInBatch(asked: readonly number[], answer: BatchResult): number[] {
  const unanswered = new Set(
    answer.chunk_errors.filter((c) => !provesNothingDone(c.error)).flatMap((c) => c.ids),
  );
  return asked.filter((id) => !unanswered.has(id));
}

/**
 * A call that failed as a whole: its ids stay on the wire unless the error shows it did
 * nothing (then only the ids it put there go; an earlier unanswered request stays). A batch
 * throws its first chunk's error only, which says nothing of the others: all stay.
 */
export async function failedMoves(
  error: unknown,
  ids: readonly number[],
  before: ReadonlyMap<number, number>,
  batch: boolean,
): Promise<void> {
  if (batch || !provesNothingDone(error)) return;
  const added = ids.filter((id) => !before.has(id));
  await updateState(["movesOnWire", "tokens", "trash"], ({ movesOnWire, tokens, trash }) => ({
    write: { movesOnWire: answered(movesOnWire, added, { tokens, trash }) },
    result: undefined,
  }));
}

/** A refused single move that an earlier attempt (this call's or an earlier one's) did. */
function doneBeforeRefusal(error: unknown, op: Move, id: number, sentBefore: boolean): boolean {
  const statuses: readonly number[] = DONE_STATUSES[op];
  const refusedRepeat =
    isApiError(error) &&
    (error.afterLostAnswer || (sentBefore && error.kind === "http")) &&
    statuses.includes(error.status ?? 0);
  if (refusedRepeat) noteDoneBefore(op, [id]);
  return refusedRepeat;
}

/**
 * Ids a batch refused that an earlier attempt did: this call's, or an earlier one's. A batch
 * gives no reason per id; the earlier unanswered request is the evidence.
 */
export function batchDoneBefore(
  answer: BatchResult,
  sentBefore: ReadonlyMap<number, number>,
): number[] {
  const inChunkErrors = new Set(answer.chunk_errors.flatMap((c) => c.ids));
  const earlier = answer.failed_ids.filter((id) => sentBefore.has(id) && !inChunkErrors.has(id));
  return [...new Set([...(answer.failed_after_lost_answer ?? []), ...earlier])];
}

/** `sentAt`: when an earlier delete of it went out unanswered, if one did. */
export async function deleteOne(api: ApiClient, id: number, sentAt: number | undefined) {
  try {
    return await api.deleteToken(id);
  } catch (error) {
    if (!doneBeforeRefusal(error, "delete", id, sentAt !== undefined)) throw error;
    // Its answer was lost: restorable (the spec's rule), its 30 days counted from the earliest
    // it can have been done (the earlier request, else this call's start), so the restore
    // window kept never runs past the provider's.
    const deletedAt = sentAt === undefined ? undefined : new Date(sentAt).toISOString();
    return { deleted_at: deletedAt, restore_deadline: undefined, can_restore: true };
  }
}

/** The provider's answer, or null when it was lost (the token comes back at its address). */
export async function restoreOne(api: ApiClient, id: number, sentBefore: boolean) {
  try {
    return await api.restoreToken(id);
  } catch (error) {
    if (!doneBeforeRefusal(error, "restore", id, sentBefore)) throw error;
    return null;
  }
}

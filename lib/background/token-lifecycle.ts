/**
 * Delete, restore, dismiss: each runs to the end in the background and is stored before the
 * reply, so a popup closed mid-request loses nothing. A delete moves tokens from the list to
 * the trash (a restore back) in one write; ids the server refused stay where they were.
 */
import { Mutex } from "async-mutex";
import type { ApiClient } from "../api";
import type { Failure } from "../base/failure";
import { recordEvent } from "../diagnostics/record";
import { apiFailure } from "../protocol/api-failure";
import type { BatchOutcome } from "../protocol/commands";
import type { Engine } from "../proxy/engine";
import { acceptToken } from "../state/accept-token";
import { answered } from "../state/moves-on-wire";
import { isLocalToken } from "../state/token-facts";
import { type StoredToken, withRestoredAddress } from "../state/tokens";
import { canRestore, trashEntry } from "../state/trash";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import {
  answeredInBatch,
  batchDoneBefore,
  deleteOne,
  failedMoves,
  noteDoneBefore,
  restoreOne,
  sendingMoves,
} from "./done-before";

const REFUSED: Failure = { code: "provider-refused-token" };

/**
 * Deletes and restores run one at a time: the provider gives no version to order answers by, so
 * a delete and a restore of one token in flight together could be stored in the other order
 * than the provider applied them, and the list would disagree with the provider.
 */
const lifecycle = new Mutex();

export function deleteTokens(
  api: ApiClient,
  engine: Engine,
  ids: number[],
  now: number,
): Promise<BatchOutcome> {
  return lifecycle.runExclusive(() => deleteNow(api, engine, ids, now));
}

export function restoreTokens(api: ApiClient, ids: number[], now: number): Promise<BatchOutcome> {
  return lifecycle.runExclusive(() => restoreNow(api, ids, now));
}

async function deleteNow(
  api: ApiClient,
  engine: Engine,
  ids: number[],
  now: number,
): Promise<BatchOutcome> {
  // Disconnect first, so traffic never hits a dead proxy; the exit check is not waited for.
  // No switch lands on these tokens until the provider has answered (engine.ts, connect).
  const { left: disconnected, release } = await engine.leaveForDelete(ids);
  const leftAt = engine.switchCount();
  // The provider did not delete it: the token stays, and so does the user's choice of it
  // (unless they chose otherwise meanwhile: a switch, Off, or a Disconnect, which leaves the
  // same state behind as this delete's own, so it is told apart by the engine's count). Their
  // traffic does not stay direct for a failed delete: only their own Off goes direct.
  const reconnect = async () => {
    if (disconnected === null || engine.switchCount() !== leftAt) return;
    const now = await read("connection");
    if (now.activeTokenId === null && now.off !== true) await engine.connect(disconnected);
  };
  let outcome: BatchOutcome;
  try {
    outcome = await deleteThrough(api, engine, ids, now);
  } catch (error) {
    release();
    await reconnect();
    throw error;
  }
  release();
  // Refused by the provider: the token stays listed, and connected as the user had it.
  if (disconnected !== null && !outcome.done.includes(disconnected)) await reconnect();
  return outcome;
}

async function deleteThrough(
  api: ApiClient,
  engine: Engine,
  ids: number[],
  now: number,
): Promise<BatchOutcome> {
  const unique = [...new Set(ids)];
  let deletedAt: string | undefined;
  let deadline: string | undefined;
  // Deleted for good by the provider (can_restore: false). The batch answer says nothing about
  // restoring: the spec's 30-day rule stands.
  const final = new Set<number>();
  let failedIds: number[] = [];
  let reasons = new Map<number, Failure>();
  // Hand-added proxies (local ids) are not the provider's: they move to the trash here only.
  const remote = unique.filter((id) => !isLocalToken({ id }));
  const [single] = remote;
  const sentBefore = await sendingMoves("delete", remote, now);
  let answeredIds: number[] = remote;
  // Done by an earlier unanswered request: deleted no earlier than that one went out.
  const deletedEarlier = new Map<number, string>();
  try {
    if (remote.length === 1 && single !== undefined) {
      // One token: the single call returns the server's own restore_deadline.
      const answer = await deleteOne(api, single, sentBefore.get(single));
      deletedAt = answer.deleted_at;
      deadline = answer.restore_deadline || undefined;
      if (!answer.can_restore) final.add(single);
    } else if (remote.length > 1) {
      const answer = await api.deleteTokens(remote);
      deletedAt = answer.deleted_at;
      const doneBefore = new Set(batchDoneBefore(answer, sentBefore));
      noteDoneBefore("delete", [...doneBefore]);
      for (const [id, at] of sentBefore)
        if (doneBefore.has(id)) deletedEarlier.set(id, new Date(at).toISOString());
      failedIds = answer.failed_ids.filter((id) => !doneBefore.has(id));
      answeredIds = answeredInBatch(remote, answer);
      reasons = new Map(
        answer.chunk_errors.flatMap((c) => c.ids.map((id) => [id, apiFailure(c.error)] as const)),
      );
    }
  } catch (error) {
    await failedMoves(error, remote, sentBefore, remote.length > 1);
    throw error;
  }
  const done = new Set(unique.filter((id) => !failedIds.includes(id)));
  const trashed = (t: StoredToken) =>
    trashEntry(t, deletedEarlier.get(t.id) ?? deletedAt, deadline, now, !final.has(t.id));
  const movedConnected = await updateState(
    ["tokens", "trash", "connection", "movesOnWire"],
    ({ tokens, trash, connection, movesOnWire }) => {
      // Only what is in the list now moves: an overlapping command may have moved it already.
      const moved = new Set(tokens.filter((t) => done.has(t.id)).map((t) => t.id));
      return {
        write: {
          tokens: tokens.filter((t) => !moved.has(t.id)),
          trash: [
            ...tokens.filter((t) => moved.has(t.id)).map(trashed),
            ...trash.filter((e) => !moved.has(e.token.id)),
          ],
          movesOnWire: answered(movesOnWire, answeredIds, { tokens, trash }),
        },
        // A connect that landed while the provider was deleting (read in this same turn: a later
        // one finds the token gone and is refused, engine.ts).
        result: moved.has(connection.activeTokenId ?? -1),
      };
    },
  );
  // The token is gone now: traffic must not keep going to its gateway, which refuses a
  // deleted token's login.
  if (movedConnected) await engine.disconnect({ waitForExitCheck: false });
  return {
    done: [...done],
    failed: failedIds.map((id) => ({ id, failure: reasons.get(id) ?? REFUSED })),
    ...(final.size > 0 ? { unrestorable: [...final] } : {}),
  };
}

async function restoreNow(api: ApiClient, ids: number[], now: number): Promise<BatchOutcome> {
  const trash = await read("trash");
  const unique = [...new Set(ids)];
  // Past the deadline the server refuses; say so without asking it.
  const expired = unique.filter((id) => {
    const entry = trash.find((e) => e.token.id === id);
    return !entry || !canRestore(entry, now);
  });
  const open = unique.filter((id) => !expired.includes(id));
  // Hand-added proxies come back here only; the provider is asked about its own.
  const local = open.filter((id) => isLocalToken({ id }));
  const asked = open.filter((id) => !isLocalToken({ id }));
  let failedIds: number[] = [];
  const addresses = new Map<number, { ip: string; port: number }>();
  const [single] = asked;
  const sentBefore = await sendingMoves("restore", asked, now);
  let answeredIds: number[] = asked;
  try {
    if (asked.length === 1 && single !== undefined) {
      const answer = await restoreOne(api, single, sentBefore.has(single));
      if (answer) addresses.set(single, answer.token_info);
    } else if (asked.length > 1) {
      const answer = await api.restoreTokens(asked);
      // Refused by a repeat after a lost answer: back, as a single restore would be (above).
      const doneBefore = new Set(batchDoneBefore(answer, sentBefore));
      noteDoneBefore("restore", [...doneBefore]);
      failedIds = answer.failed_ids.filter((id) => !doneBefore.has(id));
      answeredIds = answeredInBatch(asked, answer);
    }
  } catch (error) {
    await failedMoves(error, asked, sentBefore, asked.length > 1);
    throw error;
  }
  const done = new Set([...local, ...asked.filter((id) => !failedIds.includes(id))]);
  // Back at the address the provider gives, when a config can carry it (else where it was).
  const withAddress = (t: StoredToken) => {
    const info = addresses.get(t.id);
    if (!info) return t;
    const moved = acceptToken(withRestoredAddress(t, info));
    if (moved.ok) return moved.token;
    recordEvent("refusal", "restore", `#${t.id}: address given is unusable (${moved.reason})`);
    return t;
  };
  await updateState(
    ["tokens", "trash", "movesOnWire"],
    ({ tokens, trash: entries, movesOnWire }) => {
      // Only what is in the trash now comes back: an overlapping command may have moved it.
      const back = entries.filter((e) => done.has(e.token.id));
      const ids = new Set(back.map((e) => e.token.id));
      return {
        write: {
          trash: entries.filter((e) => !ids.has(e.token.id)),
          tokens: [
            ...back.map((e) => withAddress(e.token)),
            ...tokens.filter((t) => !ids.has(t.id)),
          ],
          movesOnWire: answered(movesOnWire, answeredIds, { tokens, trash: entries }),
        },
        result: undefined,
      };
    },
  );
  return {
    done: [...done],
    failed: [
      ...expired.map((id) => ({ id, failure: { code: "restore-window-passed" } as Failure })),
      ...failedIds.map((id) => ({ id, failure: REFUSED })),
    ],
  };
}

/** Removes trash entries for good (the user dismisses tokens that can no longer come back). */
export async function dismissTrash(ids: number[]): Promise<void> {
  const dismissed = new Set(ids);
  await updateState(["trash", "tokens", "movesOnWire"], ({ trash, tokens, movesOnWire }) => {
    const left = trash.filter((e) => !dismissed.has(e.token.id));
    return {
      write: { trash: left, movesOnWire: answered(movesOnWire, [], { tokens, trash: left }) },
      result: undefined,
    };
  });
}

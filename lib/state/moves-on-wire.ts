/**
 * Deletes and restores sent whose answer never came, by token id, with when the first of them
 * went out: the provider may have done them (lib/background/done-before.ts reads a later
 * repeat's refusal with this). Pure: the record in, the record out.
 */
import * as z from "zod/mini";
import { instantSchema, type StoredToken } from "./tokens";
import type { TrashEntry } from "./trash";

export const moveSchema = z.enum(["delete", "restore"]);
export type Move = z.infer<typeof moveSchema>;

export const movesOnWireSchema = z.record(
  z.string(),
  z.object({ op: moveSchema, at: instantSchema }),
);
export type MovesOnWire = z.infer<typeof movesOnWireSchema>;

/**
 * `ids` going out for `op` at `now`. An id already out for the same move keeps its earlier
 * time: the provider may have done it then (a delete's restore window counts from there).
 */
export function sending(moves: MovesOnWire, op: Move, ids: readonly number[], now: number) {
  const next: MovesOnWire = { ...moves };
  for (const id of ids) {
    const before = moves[id];
    next[id] = before?.op === op ? before : { op, at: now };
  }
  return next;
}

/**
 * The record without `ids` (their answer came), and without the ids of tokens no longer kept,
 * listed or in the trash (dismissed, or gone with their window).
 */
export function answered(
  moves: MovesOnWire,
  ids: Iterable<number>,
  { tokens, trash }: { tokens: readonly StoredToken[]; trash: readonly TrashEntry[] },
): MovesOnWire {
  const done = new Set(ids);
  const kept = new Set([...tokens.map((t) => t.id), ...trash.map((e) => e.token.id)]);
  return Object.fromEntries(
    Object.entries(moves).filter(([id]) => !done.has(Number(id)) && kept.has(Number(id))),
  );
}

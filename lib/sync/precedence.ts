/**
 * Which of two changes of one item wins. First the item's change count: a browser that changes
 * an item counts one past the last change it knew of, so a change made after another arrived
 * wins over it whatever either browser's clock says (a browser whose clock runs an hour ahead
 * cannot revert edits made after its own). Only changes made without knowing of each other
 * (the same count) fall to the time, and a time ahead of the deciding browser's own clock
 * counts as now: it cannot win by being in the future. Last, the browser id, so every browser
 * decides the same way.
 */

export interface Stamp {
  /** The time of the change (ms), by the changing browser's clock. */
  t: number;
  /** The changing browser's id. */
  b: string;
  /** How many changes the item has had (absent in documents written before it was counted). */
  n?: number;
}

/** A stamp's time as this browser takes it: never later than `now` (when it was received). */
export const clampedTime = (stamp: Stamp, now: number): number => Math.min(stamp.t, now);

/** True when `a` is a later change than `b`, as decided at `now`. */
export function later(a: Stamp, b: Stamp, now: number): boolean {
  const countA = a.n ?? 0;
  const countB = b.n ?? 0;
  if (countA !== countB) return countA > countB;
  const timeA = clampedTime(a, now);
  const timeB = clampedTime(b, now);
  if (timeA !== timeB) return timeA > timeB;
  return a.b > b.b;
}

/** The stamp of a change made here on top of `previous` (none: the item is new here). */
export const nextStamp = (previous: Stamp | undefined, t: number, b: string): Stamp => ({
  t,
  b,
  n: (previous?.n ?? 0) + 1,
});

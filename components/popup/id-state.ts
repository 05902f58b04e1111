/** Copy-on-write updates of the per-token-id state the lists keep (pending, errors, selection). */

/** A copy of `map` with each id set to `value`, or removed when `value` is empty. */
export function withMark<T>(
  map: ReadonlyMap<number, T>,
  ids: readonly number[],
  value: T | undefined,
): Map<number, T> {
  const next = new Map(map);
  for (const id of ids) {
    if (value) next.set(id, value);
    else next.delete(id);
  }
  return next;
}

/** A copy of `set` with the ids added (`on`) or removed. */
export function withIds(
  set: ReadonlySet<number>,
  ids: readonly number[],
  on: boolean,
): Set<number> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

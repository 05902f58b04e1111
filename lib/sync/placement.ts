/**
 * The synced rules' order as position keys (fraction-key.ts), and back. Placing keeps every
 * key it can: the longest run of rules whose known keys already rise in the list's order
 * keeps them (these rules did not move); the others (moved here, or new) take fresh keys
 * between their neighbours, so only what the user changed becomes a change to sync.
 */
import { keysBetween } from "./fraction-key";

/** Indexes of the longest subsequence of `keys` that strictly rises (patience sorting). */
function risingRun(keys: readonly string[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(keys.length).fill(-1);
  keys.forEach((key, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((keys[tails[mid] as number] as string) < key) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at] as number) kept.add(at);
  return kept;
}

/**
 * A key for each id of `order` that sorts them in that order. `known`: the keys last synced.
 * `floor`: new rules at the end go after it (the highest key synced elsewhere, so rules a
 * browser brings when it joins follow the synced ones rather than mixing into them).
 */
export function placeRules(
  order: readonly string[],
  known: ReadonlyMap<string, string>,
  floor: string | null = null,
): Map<string, string> {
  const withKey = order.filter((id) => known.has(id));
  const run = risingRun(withKey.map((id) => known.get(id) as string));
  const kept = new Set(withKey.filter((_, index) => run.has(index)));
  const placed = new Map<string, string>();
  let low: string | null = null;
  let pending: string[] = [];
  const flush = (high: string | null) => {
    const start = high === null && floor !== null && (low === null || floor > low) ? floor : low;
    keysBetween(start, high, pending.length).forEach((key, index) => {
      placed.set(pending[index] as string, key);
    });
    pending = [];
  };
  for (const id of order) {
    if (!kept.has(id)) {
      pending.push(id);
      continue;
    }
    const key = known.get(id) as string;
    flush(key);
    placed.set(id, key);
    low = key;
  }
  flush(null);
  return placed;
}

/** Ids sorted by their keys (ties, from two browsers placing at once: by id); keyless last. */
export function byPosition(ids: readonly string[], keys: ReadonlyMap<string, string>): string[] {
  return [...ids].sort((a, b) => {
    const ka = keys.get(a);
    const kb = keys.get(b);
    if (ka !== kb) {
      if (ka === undefined) return 1;
      if (kb === undefined) return -1;
      return ka < kb ? -1 : 1;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

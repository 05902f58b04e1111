/**
 * The order of a health check's probes (pure apart from the work it is given): probes that
 * share a key (one gateway address in Chrome) run one after another, so the login cached there
 * is theirs; up to `concurrency` keys at once.
 */
import type { ProbeSlot } from "./probe-plan";

export interface LaneWork {
  /** Probes one slot; `index` numbers its key (the run's gateway table). */
  probe(slot: ProbeSlot, index: number): Promise<void>;
  /** A key's probes are all done. */
  keyDone(first: ProbeSlot): Promise<void>;
  cancelled(): boolean;
}

/** The slots grouped by key, in first-seen order (each group in the given order). */
export function groupByKey(slots: readonly ProbeSlot[]): ProbeSlot[][] {
  const byKey = new Map<string, ProbeSlot[]>();
  for (const slot of slots) {
    const group = byKey.get(slot.key);
    if (group) group.push(slot);
    else byKey.set(slot.key, [slot]);
  }
  return [...byKey.values()];
}

export async function runInLanes(
  groups: readonly ProbeSlot[][],
  concurrency: number,
  work: LaneWork,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (!work.cancelled() && next < groups.length) {
      const index = next++;
      const group = groups[index] ?? [];
      for (const slot of group) {
        if (work.cancelled()) return;
        await work.probe(slot, index);
      }
      if (group[0]) await work.keyDone(group[0]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, groups.length) }, lane));
}

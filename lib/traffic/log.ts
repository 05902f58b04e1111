/**
 * The traffic log (pure): the last `cap` requests in memory, oldest dropped first, each
 * updated in place as it ends. Viewers take what changed since their last look, so a batch
 * carries each request once however often it changed.
 */
import type { TrafficEntry } from "./entry";

export const LOG_CAP = 5_000;

export interface TrafficLog {
  /** A new request (or one seen first at its end). */
  add(entry: Omit<TrafficEntry, "seq">): TrafficEntry;
  /** The request's entry, while it is still in the log. */
  get(requestId: string): TrafficEntry | undefined;
  /** Marks an entry changed after an in-place update. */
  touch(entry: TrafficEntry): void;
  /** Every entry kept, oldest first. */
  entries(): TrafficEntry[];
  /** The entries added or changed since the last call (in arrival order), once each. */
  takeChanged(): TrafficEntry[];
  clear(): void;
}

export function createTrafficLog(cap = LOG_CAP): TrafficLog {
  let seq = 0;
  const byId = new Map<string, TrafficEntry>();
  let changed = new Set<TrafficEntry>();
  return {
    add(fields) {
      const entry: TrafficEntry = { ...fields, seq: ++seq };
      byId.delete(entry.requestId);
      byId.set(entry.requestId, entry);
      // A Map keeps insertion order: the first key is the oldest entry.
      while (byId.size > cap) {
        const oldest = byId.keys().next().value as string;
        const dropped = byId.get(oldest);
        byId.delete(oldest);
        if (dropped) changed.delete(dropped);
      }
      changed.add(entry);
      return entry;
    },
    get: (requestId) => byId.get(requestId),
    touch(entry) {
      if (byId.get(entry.requestId) === entry) changed.add(entry);
    },
    entries: () => [...byId.values()],
    takeChanged() {
      const taken = [...changed].sort((a, b) => a.seq - b.seq);
      changed = new Set();
      return taken;
    },
    clear() {
      byId.clear();
      changed = new Set();
    },
  };
}

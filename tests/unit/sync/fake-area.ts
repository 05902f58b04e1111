/**
 * An in-memory sync area that enforces the documented quotas (total bytes, bytes per item,
 * item count) as Chrome does, failing the whole call; shared by several "browsers" in a test.
 */
import type { SyncArea } from "../../../lib/sync/area";
import { itemBytes, SYNC_QUOTA } from "../../../lib/sync/quota";

export function fakeArea(): SyncArea & { data: Map<string, unknown>; ops: number } {
  const data = new Map<string, unknown>();
  const area = {
    data,
    ops: 0,
    async get() {
      return Object.fromEntries(structuredClone([...data]));
    },
    async set(items: Record<string, unknown>) {
      area.ops++;
      const next = new Map(data);
      for (const [key, value] of Object.entries(items)) {
        if (itemBytes(key, value) > SYNC_QUOTA.perItem)
          throw new Error("QUOTA_BYTES_PER_ITEM quota exceeded");
        next.set(key, structuredClone(value));
      }
      if (next.size > SYNC_QUOTA.maxItems) throw new Error("MAX_ITEMS quota exceeded");
      let total = 0;
      for (const [key, value] of next) total += itemBytes(key, value);
      if (total > SYNC_QUOTA.bytes) throw new Error("QUOTA_BYTES quota exceeded");
      for (const [key, value] of next) data.set(key, value);
    },
    async remove(keys: string[]) {
      area.ops++;
      for (const key of keys) data.delete(key);
    },
  };
  return area;
}

/**
 * The record of changes from other browsers that the gate refused, as Options lists them: one
 * line per item (the latest refusal), gone once a value of that item is taken here or the
 * synced document no longer holds the refused change (a later one replaced it, ours included).
 */
import type { Refusal } from "../base/refusal";
import type { DocEntry, ItemKey, SyncDoc } from "./doc";
import type { SyncMeta } from "./meta";

type Refused = NonNullable<SyncMeta["refused"]>[number];
const MAX_REFUSED = 20;

export function refusalsKept(
  before: readonly Refused[],
  now: readonly { key: ItemKey; refusal: Refusal }[],
  wins: ReadonlyMap<ItemKey, DocEntry>,
  adopted: readonly ItemKey[],
  remote: SyncDoc,
): Refused[] {
  const fresh: Refused[] = now.map(({ key, refusal }) => {
    const entry = wins.get(key) as DocEntry;
    return { key, t: entry.t, b: entry.b, ...refusal };
  });
  const settled = new Set<string>([...adopted, ...fresh.map((item) => item.key)]);
  const stillSynced = (item: Refused) => {
    const entry = remote[item.key as ItemKey];
    return entry?.t === item.t && entry.b === item.b;
  };
  const kept = before.filter((item) => !settled.has(item.key) && stillSynced(item));
  return [...fresh, ...kept].slice(0, MAX_REFUSED);
}

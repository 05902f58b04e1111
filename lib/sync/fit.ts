/**
 * The document cut down to what the sync area holds. Everything but rules goes first (settings,
 * the rules' places, deletions: small), then rules in the user's order while they fit; a rule that
 * does not is left out (and keeps its place here), and the next smaller ones still go. Every
 * browser fits the same merged document the same way, so they agree on what is left out.
 */

import { canonicalJson } from "../base/hash";
import { generation, splitText } from "./chunks";
import { type DocEntry, encodeDoc, type ItemKey, positionKey, ruleKey, type SyncDoc } from "./doc";
import type { NotSyncedReason } from "./meta";
import { byteLength, itemBytes, SYNC_MARGIN, SYNC_QUOTA } from "./quota";

/** Bytes the chunks of this document text take (chunk keys included). */
export function storedBytes(text: string): number {
  const chunks = splitText(text, generation("zzzzzz", Date.UTC(2100, 0)));
  let total = 0;
  for (const [key, value] of Object.entries(chunks)) total += itemBytes(key, value);
  return total;
}

/** What an entry adds to the stored text: `"key":value,` with every quote escaped. */
const entryCost = (key: string, entry: DocEntry) =>
  byteLength(JSON.stringify(`${JSON.stringify(key)}:${canonicalJson(entry)},`)) - 2;

export interface Fitted {
  doc: SyncDoc;
  text: string;
  left: { id: string; reason: NotSyncedReason }[];
}

export function fitDoc(
  doc: SyncDoc,
  ruleOrder: readonly string[],
  budget = SYNC_QUOTA.bytes - SYNC_MARGIN,
): Fitted {
  const fitted: SyncDoc = {};
  let used = 2;
  const live: string[] = [];
  for (const [key, entry] of Object.entries(doc) as [ItemKey, DocEntry][]) {
    if (key.startsWith("r.") && entry.v !== null) live.push(key.slice(2));
    else {
      fitted[key] = entry;
      used += entryCost(key, entry);
    }
  }
  const inOrder = new Set(ruleOrder);
  const ids = [
    ...ruleOrder.filter((id) => doc[ruleKey(id)]?.v),
    ...live.filter((id) => !inOrder.has(id)).sort(),
  ];
  const left: Fitted["left"] = [];
  const added: string[] = [];
  for (const id of ids) {
    const key = ruleKey(id);
    const entry = doc[key] as DocEntry;
    const cost = entryCost(key, entry);
    if (used + cost > budget) {
      left.push({ id, reason: cost + 2 > budget ? "too-large" : "no-room" });
      // Its place goes with it: a place without its rule would be written over by each reader.
      delete fitted[positionKey(id)];
      continue;
    }
    fitted[key] = entry;
    used += cost;
    added.push(id);
  }
  let text = encodeDoc(fitted);
  // The estimate leaves out each chunk key: check what is really stored, drop rules if over.
  while (storedBytes(text) > budget && added.length > 0) {
    const id = added.pop() as string;
    delete fitted[ruleKey(id)];
    delete fitted[positionKey(id)];
    left.push({ id, reason: "no-room" });
    text = encodeDoc(fitted);
  }
  return { doc: fitted, text, left };
}

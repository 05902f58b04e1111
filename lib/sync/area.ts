/**
 * Reading and writing the synced document in the sync area (injected: storage.sync in the
 * browser, a fake in tests). Writes go chunks first, manifest last, stale chunks after; three
 * operations per write.
 */

import { hashText } from "../base/hash";
import {
  assemble,
  generation,
  isChunkKey,
  MANIFEST_KEY,
  manifestOf,
  splitText,
  staleChunkKeys,
} from "./chunks";
import { decodeDoc, type SyncDoc } from "./doc";
import type { SyncProblem } from "./meta";

export interface SyncArea {
  get(keys?: null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export type RemoteRead =
  | { state: "ok"; doc: SyncDoc; hash: string; gen: string; keys: string[] }
  | { state: "empty"; keys: string[] }
  /** A manifest whose chunks are not all here (still arriving, or from a stopped writer). */
  | { state: "incomplete"; gen: string; keys: string[] };

export async function readRemote(area: SyncArea): Promise<RemoteRead> {
  const all = await area.get(null);
  const keys = Object.keys(all);
  const found = assemble(all);
  if (found.ok)
    return {
      state: "ok",
      doc: decodeDoc(found.text),
      hash: found.manifest.h,
      gen: found.manifest.g,
      keys,
    };
  if (found.reason === "incomplete" && found.manifest)
    return { state: "incomplete", gen: found.manifest.g, keys };
  return { state: "empty", keys };
}

/** The document text stored as a new generation; stale chunks removed after the manifest. */
export async function writeRemote(
  area: SyncArea,
  text: string,
  browserId: string,
  now: number,
  keysBefore: readonly string[],
): Promise<void> {
  const gen = generation(browserId, now);
  const chunks = splitText(text, gen);
  try {
    await area.set(chunks);
  } catch (error) {
    if (problemOf(error) !== "quota") throw error;
    // Not room for the old and the new copy side by side: the old goes first. Until the new
    // manifest lands, readers find the document incomplete and wait; none reads a mix.
    await area.remove(keysBefore.filter(isChunkKey));
    await area.set(chunks);
  }
  await area.set({ [MANIFEST_KEY]: manifestOf(text, gen, chunks) });
  const stale = staleChunkKeys(keysBefore, gen, browserId, now);
  if (stale.length > 0) await area.remove(stale);
}

export const sameText = (read: RemoteRead, text: string) =>
  read.state === "ok" && read.hash === hashText(text);

/** A failed write, as Options words it: Chrome's messages name the quota that was hit. */
export function problemOf(error: unknown): SyncProblem {
  const message = error instanceof Error ? error.message : String(error);
  if (/WRITE_OPERATIONS/i.test(message)) return "rate";
  if (/quota|QUOTA_BYTES|MAX_ITEMS/i.test(message)) return "quota";
  return "write-failed";
}

/**
 * The background's decoded copy of the site rules (10,000 rules are a 1 MB item: reading and
 * checking it costs the worker more than everything else a save or a "which route?" does).
 * The copy is set inside the state store's own write, under its lock, before the write goes
 * out, so no read after a change can see the list before it. Each write also stores a stamp
 * beside the item, in the same storage call: a change whose stamp is not the copy's (a
 * restore by hand, storage cleared, a write from another version) drops the copy, and the next
 * read checks what is stored again. Only the background keeps a copy (keepDecoded): a page,
 * which never writes, always reads storage.
 */
import { browser } from "wxt/browser";
import type { StateKey } from "./items";

/** The items worth a copy: large, and read on every routing decision. */
const KEPT: ReadonlySet<StateKey> = new Set<StateKey>(["siteRules"]);

interface Copy {
  stamp: string;
  value: unknown;
  kept: unknown[];
}

const copies = new Map<StateKey, Copy>();
let keeping = false;
/** Bumped by every change of a copy: a read that began before one must not be kept. */
let generation = 0;

/** The storage key (without area) of an item's stamp. */
const stampKey = (key: StateKey) => `${key}$stamp`;

/** The background keeps copies from now on (called once, at its start). */
export function keepDecoded(): void {
  if (keeping) return;
  keeping = true;
  browser.storage.local.onChanged.addListener((changes) => {
    for (const key of KEPT) {
      if (!(key in changes)) continue;
      const stamp = changes[stampKey(key)]?.newValue;
      if (stamp === undefined || stamp !== copies.get(key)?.stamp) {
        copies.delete(key);
        generation++;
      }
    }
  });
}

/** The decoded copy of this item, if one is kept and current. */
export const decodedCopy = (key: StateKey): { value: unknown; kept: unknown[] } | undefined =>
  copies.get(key);

/** Taken before a read from storage, handed to rememberRead after it. */
export const readBegins = () => generation;

/**
 * A value read from storage becomes the copy, unless a write or a change came while it was
 * being read (the value may be older than it).
 */
export function rememberRead(key: StateKey, began: number, value: unknown, kept: unknown[]) {
  if (!keeping || !KEPT.has(key) || began !== generation) return;
  copies.set(key, { stamp: "", value, kept });
}

/**
 * The store writes this item (under its lock): the copy becomes the written value now, and the
 * stamp to write beside it is returned (null when no copy is kept). `undo` if the write fails.
 */
export function stampWrite(
  key: StateKey,
  value: unknown,
  kept: unknown[],
): { key: `local:${string}`; value: string; undo: () => void } | null {
  if (!keeping || !KEPT.has(key)) return null;
  const stamp = crypto.randomUUID();
  copies.set(key, { stamp, value, kept });
  generation++;
  const undo = () => {
    copies.delete(key);
    generation++;
  };
  return { key: `local:${stampKey(key)}`, value: stamp, undo };
}

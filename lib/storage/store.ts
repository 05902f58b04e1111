/**
 * The one writer of extension state. Every read-modify-write runs here, one at a time (a
 * mutex in the background; the pages never write), and a change that touches several items
 * is a single `storage.set` of all of them: a worker stopped between two writes cannot split
 * a delete into "gone from the list, missing from the trash". Items in two areas (local and
 * session) are two calls that land in either order: a caller that needs an order writes twice.
 */
import { storage } from "@wxt-dev/storage";
import { Mutex } from "async-mutex";
import { stampWrite } from "./decoded-memo";
import { codecs, items, type State, type StateKey } from "./items";
import { readRaw } from "./read";

type Slice<K extends StateKey> = Pick<State, K>;

export interface Change<K extends StateKey, R> {
  /** The items to write; items left out stay as they are. */
  write?: Partial<Slice<K>>;
  result: R;
}

const writer = new Mutex();

/**
 * Reads `keys`, lets `change` decide (synchronously: nothing slow may hold the writer), writes
 * what it returns in one call. A change that throws writes nothing.
 */
export function updateState<K extends StateKey, R>(
  keys: readonly K[],
  change: (current: Slice<K>) => Change<K, R>,
): Promise<R> {
  return writer.runExclusive(async () => {
    const loaded = await readRaw(keys);
    const current: Partial<Slice<K>> = {};
    for (const { key, value } of loaded) current[key] = value as State[K];
    const { write, result } = change(current as Slice<K>);
    const written = loaded.filter(({ key }) => write && key in write);
    for (const { key, value } of written) {
      const admits = codecs[key].admits as
        | ((next: unknown, before: unknown) => boolean)
        | undefined;
      if (admits && !admits(write?.[key], value)) throw new Error(`${key}: refused by its cap`);
    }
    const writes: Parameters<typeof storage.setItems>[0] = written.map(({ key, kept }) => ({
      item: items[key],
      value: codecs[key].write(write?.[key] as State[typeof key], kept),
    }));
    // The background's decoded copies become the written values, stamped in the same call.
    const stamps = written.flatMap(({ key, kept }) => stampWrite(key, write?.[key], kept) ?? []);
    if (writes.length === 0) return result;
    try {
      await storage.setItems([...writes, ...stamps.map(({ key, value }) => ({ key, value }))]);
    } catch (error) {
      for (const stamp of stamps) stamp.undo();
      throw error;
    }
    return result;
  });
}

/** Writes whole values without reading first (a value that does not depend on the old one). */
export function writeState<K extends StateKey>(values: Slice<K>): Promise<void> {
  const keys = Object.keys(values) as K[];
  return updateState(keys, () => ({ write: values, result: undefined }));
}

/** Resolves once every write queued before the call has landed (a read after it sees them). */
export const writesLanded = (): Promise<void> => updateState([], () => ({ result: undefined }));

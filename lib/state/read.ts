/**
 * Reading extension state: what the pages and the background see, as committed by the last
 * finished change. Kept apart from the writer so a page never loads it.
 */
import { storage } from "@wxt-dev/storage";
import { codecs, items, type State, type StateKey } from "./items";

type Slice<K extends StateKey> = Pick<State, K>;

export async function readRaw<K extends StateKey>(keys: readonly K[]) {
  const answers = await storage.getItems(keys.map((key) => items[key]));
  return keys.map((key, i) => ({ key, ...codecs[key].read(answers[i]?.value) }));
}

/** The checked values of these items, as committed by the last finished change. */
export async function readState<K extends StateKey>(keys: readonly K[]): Promise<Slice<K>> {
  const slice: Partial<Slice<K>> = {};
  for (const { key, value } of await readRaw(keys)) slice[key] = value as State[K];
  return slice as Slice<K>;
}

export async function read<K extends StateKey>(key: K): Promise<State[K]> {
  return (await readState([key]))[key];
}

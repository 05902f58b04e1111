/**
 * Reading extension state: what the pages and the background see, as committed by the last
 * finished change. Kept apart from the writer so a page never loads it.
 */
import { storage } from "@wxt-dev/storage";
import { decodePolicy } from "../policy/managed";
import { effectiveSettings } from "../policy/managed-settings";
import { decodedCopy, readBegins, rememberRead } from "./decoded-memo";
import { codecs, items, type State, type StateKey } from "./items";

type Slice<K extends StateKey> = Pick<State, K>;

/** Checked values and their unreadable entries; the background's kept copies stand in. */
export async function readRaw<K extends StateKey>(keys: readonly K[]) {
  const copies = keys.map((key) => decodedCopy(key));
  const stored = keys.filter((_, i) => !copies[i]);
  const began = readBegins();
  const answers = stored.length > 0 ? await storage.getItems(stored.map((key) => items[key])) : [];
  return keys.map((key, i) => {
    const copy = copies[i];
    if (copy) return { key, value: copy.value, kept: copy.kept };
    const read = codecs[key].read(answers[stored.indexOf(key)]?.value);
    rememberRead(key, began, read.value, read.kept);
    return { key, ...read };
  });
}

/** Settings are read with the policy that overrides them: the keys to read for that. */
const withPolicy = <K extends StateKey>(keys: readonly K[]): readonly K[] =>
  keys.includes("settings" as K) && !keys.includes("managedPolicy" as K)
    ? [...keys, "managedPolicy" as K]
    : keys;

/**
 * Settings as in force: the administrator's policy over the user's values (the one merge,
 * managed-settings.ts). The writer (store.ts) reads what is stored, so no write ever stores a
 * policy's value as the user's own.
 */
function inForce<S extends Partial<State>>(slice: S): S {
  if (!slice.settings) return slice;
  const { policy } = decodePolicy(slice.managedPolicy);
  return { ...slice, settings: effectiveSettings(slice.settings, policy) };
}

/** The checked values of these items, as committed by the last finished change. */
export async function readState<K extends StateKey>(keys: readonly K[]): Promise<Slice<K>> {
  const slice: Partial<State> = {};
  for (const { key, value } of await readRaw(withPolicy(keys))) {
    (slice as Record<string, unknown>)[key] = value;
  }
  return inForce(slice) as Slice<K>;
}

export async function read<K extends StateKey>(key: K): Promise<State[K]> {
  return (await readState([key]))[key];
}

/**
 * These items, and of the stored tokens only those `named` by them, checked; in one read, so
 * the slice and the tokens agree. Checking a 10,000-token list costs ~100 ms of worker time:
 * a routing plan needs only the tokens its rules and its connection name.
 */
export async function readStateWithNamedTokens<K extends Exclude<StateKey, "tokens">>(
  keys: readonly K[],
  named: (slice: Slice<K>) => ReadonlySet<number>,
): Promise<Slice<K> & Pick<State, "tokens">> {
  const [checked, tokens] = await Promise.all([
    readRaw(withPolicy(keys)),
    storage.getItem<unknown[]>(items.tokens.key),
  ]);
  const read: Partial<State> = {};
  for (const { key, value } of checked) (read as Record<string, unknown>)[key] = value;
  const slice = inForce(read) as Slice<K>;
  const ids = named(slice);
  const raw = tokens;
  const wanted = (Array.isArray(raw) ? raw : []).filter((entry) =>
    ids.has((entry as { id?: unknown } | null)?.id as number),
  );
  return { ...slice, tokens: codecs.tokens.read(wanted).value };
}

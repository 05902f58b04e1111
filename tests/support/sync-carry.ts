/**
 * Two browser profiles' sync areas, carried across by hand as the sync service would: the
 * receiving area ends holding exactly the sender's items (the new ones land first, then what
 * the sender no longer holds goes, so the receiver never reads half a document). And a third
 * browser's write, made straight into an area, chunks then manifest, as lib/sync/area.ts writes.
 */
import type { SiteRule } from "../../lib/routing/rules";
import { assemble, generation, MANIFEST_KEY, manifestOf, splitText } from "../../lib/sync/chunks";
import { decodeDoc, encodeDoc, type ItemKey, type SyncDoc } from "../../lib/sync/doc";

/** One profile's storage.sync, reached from one of its extension pages. */
export interface SyncAreaAccess {
  all(): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export async function carry(from: SyncAreaAccess, to: SyncAreaAccess): Promise<void> {
  const items = await from.all();
  const there = Object.keys(await to.all());
  await to.set(items);
  const gone = there.filter((key) => !(key in items));
  if (gone.length > 0) await to.remove(gone);
}

export async function docOf(area: SyncAreaAccess): Promise<SyncDoc | null> {
  const found = assemble(await area.all());
  return found.ok ? decodeDoc(found.text) : null;
}

/** Another browser's write of `doc`, stamped by its clock `now`. */
export async function writeAs(area: SyncAreaAccess, doc: SyncDoc, browserId: string, now: number) {
  const text = encodeDoc(doc);
  const gen = generation(browserId, now);
  const chunks = splitText(text, gen);
  await area.set(chunks);
  await area.set({ [MANIFEST_KEY]: manifestOf(text, gen, chunks) });
}

/** A change of one item as a browser makes it: one count past the version it replaces. */
export function changed(doc: SyncDoc, key: ItemKey, v: unknown, t: number, b: string): SyncDoc {
  return { ...doc, [key]: { v, t, b, n: (doc[key]?.n ?? 0) + 1 } };
}

export const rule = (
  id: string,
  text: string,
  route: SiteRule["route"] = { kind: "direct" },
): SiteRule => ({ id, enabled: true, source: { type: "pattern", text }, route });

/** The ids of the synced rules of a document, in its order. */
export function docRuleIds(doc: SyncDoc | null): string[] {
  if (!doc) return [];
  const place = (id: string) => (doc[`p.${id}` as ItemKey]?.v as string | undefined) ?? "~";
  return Object.keys(doc)
    .filter((key) => key.startsWith("r.") && doc[key as ItemKey]?.v)
    .map((key) => key.slice(2))
    .sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : a < b ? -1 : 1));
}

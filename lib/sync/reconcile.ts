/**
 * One sync step, pure: this browser's changes stamped, the other browsers' later changes
 * applied here (each through the same checks as a page's: the gate), and the merged document
 * to store. Per item the later change wins (precedence.ts). Changes that came in are listed
 * for Options ("changed in another browser at …", and "replaced" when this browser's own
 * change of that item lost), and so are changes the gate refused. A value applied here takes
 * the remote stamp, so it is not written back as a change of ours (no echo).
 */

import { hashValue } from "../base/hash";
import type { SiteRule } from "../routing/rules";
import type { SettingKey, Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import { applyRemote } from "./apply";
import type { DocEntry, ItemKey, SyncDoc } from "./doc";
import { type Fitted, fitDoc } from "./fit";
import { applyLooks, localLooks } from "./looks";
import type { StoredStamp, SyncMeta } from "./meta";
import { byPosition } from "./placement";
import { later } from "./precedence";
import { refusalsKept } from "./refusals";
import { DELETED, localItems, stampLocal, TOMBSTONE_MS } from "./stamp";

export interface ReconcileInput {
  settings: Settings;
  rules: readonly SiteRule[];
  /** This browser's tokens: their looks sync (looks.ts), nothing else of them. */
  tokens?: readonly StoredToken[];
  meta: SyncMeta;
  /** The document in the sync area (null: none yet). */
  remote: SyncDoc | null;
  now: number;
  /** Settings a higher layer (managed policy) sets here. */
  locked?: ReadonlySet<SettingKey>;
}

export interface ReconcileOutput {
  settings: Settings;
  rules: SiteRule[];
  tokens: StoredToken[];
  tokensChanged: boolean;
  meta: SyncMeta;
  settingsChanged: boolean;
  rulesChanged: boolean;
  fitted: Fitted;
}

const MAX_ARRIVALS = 20;
const valueHash = (entry: DocEntry) => (entry.v === null ? DELETED : hashValue(entry.v));
/** The remote stamp as kept here: as written (the clamp applies when stamps are compared). */
const stampOf = (entry: DocEntry, h: string): StoredStamp => ({
  t: entry.t,
  b: entry.b,
  ...(entry.n === undefined ? {} : { n: entry.n }),
  h,
});

export function reconcile(input: ReconcileInput): ReconcileOutput {
  const { meta, now } = input;
  const remote: SyncDoc = input.remote ?? {};
  const me = meta.browserId;
  const joining = !meta.joined;
  const locked = input.locked ?? new Set<SettingKey>();
  const known = new Map(Object.entries(meta.positions ?? {}));
  const floor = highestPosition(remote);
  const tokens = input.tokens ?? [];
  const before = localItems(input.settings, input.rules, locked, known, floor);
  for (const [key, value] of localLooks(tokens)) before.values.set(key, value);
  const stamps = stampLocal(before.values, meta.stamps, me, joining ? 0 : now, now);
  // Joining: what sync already holds wins over what was here (count 0); what it lacks, or
  // holds as deleted, is this browser's to add: turning sync on drops no local rule.
  if (joining)
    for (const [key, s] of Object.entries(stamps)) {
      const theirs = remote[key as ItemKey];
      if (!theirs || theirs.v === null) stamps[key] = { ...s, t: now, n: (theirs?.n ?? 0) + 1 };
    }

  const wins = new Map<ItemKey, DocEntry>();
  for (const [key, entry] of Object.entries(remote) as [ItemKey, DocEntry][]) {
    const mine = stamps[key];
    if (mine && !later(entry, mine, now)) continue;
    if (entry.v === null && !mine) continue;
    if (mine?.h === valueHash(entry)) stamps[key] = stampOf(entry, mine.h);
    else wins.set(key, entry);
  }
  const applied = applyRemote(input.settings, input.rules, wins, {
    locked,
    joining,
    positions: before.positions,
  });
  const looks = applyLooks(tokens, wins);
  const adopted = [...applied.adopted, ...looks.adopted];
  const arrivals: SyncMeta["arrivals"] = [];
  let replaced = 0;
  for (const key of adopted) {
    const entry = wins.get(key) as DocEntry;
    const mine = stamps[key];
    const lost = !!mine && mine.b === me;
    // "N rules here were replaced": rules only, not a setting or a place.
    if (lost && joining && key.startsWith("r.")) replaced++;
    stamps[key] = stampOf(entry, valueHash(entry));
    // A rule's new place is no news of its own: the list shows it.
    if (!joining && !key.startsWith("p."))
      arrivals.push({ key, t: entry.t, b: entry.b, replaced: lost && mine.t > 0 });
  }

  // What applying made differ from the remote (this browser's own rules placed among the
  // synced ones, a normalized address) is this browser's change, stamped now.
  const after = localItems(applied.settings, applied.rules, locked, applied.positions, floor);
  for (const [key, value] of localLooks(looks.tokens)) after.values.set(key, value);
  const final = stampLocal(after.values, stamps, me, now, now);
  const doc = mergedDoc(remote, final, after.values, now);
  const fitted = fitDoc(doc, docOrder(doc));

  const next: SyncMeta = {
    ...meta,
    joined: true,
    stamps: final,
    positions: Object.fromEntries(after.positions),
    notSynced: [...after.localOnly, ...fitted.left],
    arrivals: [...arrivals, ...meta.arrivals].slice(0, MAX_ARRIVALS),
    refused: refusalsKept(
      meta.refused ?? [],
      [...applied.refused, ...looks.refused],
      wins,
      adopted,
      remote,
    ),
    offer: applied.offer
      ? { baseUrl: applied.offer, t: remote["s.baseUrl"]?.t ?? now }
      : offerKept(meta, applied.settings),
    joinReport: joining
      ? {
          at: now,
          rulesIn: applied.added,
          rulesOut: after.order.filter((id) => !remote[`r.${id}`]?.v).length,
          settingsIn: applied.adopted.filter((key) => key.startsWith("s.")).length,
          replaced,
        }
      : meta.joinReport,
  };
  return {
    settings: applied.settings,
    rules: applied.rules,
    tokens: looks.tokens,
    tokensChanged: looks.tokens.some((token, i) => token !== tokens[i]),
    meta: next,
    settingsChanged: applied.adopted.some((key) => key.startsWith("s.")),
    rulesChanged: applied.adopted.some((key) => !key.startsWith("s.")),
    fitted,
  };
}

/** Per item the later of ours and theirs; a place goes with its rule (none for a deleted one). */
function mergedDoc(
  remote: SyncDoc,
  final: Record<string, StoredStamp>,
  values: ReadonlyMap<ItemKey, unknown>,
  now: number,
): SyncDoc {
  const doc: SyncDoc = {};
  const keys = new Set<ItemKey>([
    ...(Object.keys(final) as ItemKey[]),
    ...(Object.keys(remote) as ItemKey[]),
  ]);
  for (const key of keys) {
    const mine: StoredStamp | undefined = final[key];
    const theirs = remote[key];
    if (theirs && (!mine || later(theirs, mine, now))) {
      if (theirs.v !== null || theirs.t > now - TOMBSTONE_MS) doc[key] = theirs;
    } else if (mine) {
      const { h, ...stamp } = mine;
      doc[key] = { v: h === DELETED ? null : values.get(key), ...stamp };
    }
  }
  for (const key of Object.keys(doc) as ItemKey[])
    if (key.startsWith("p.") && !doc[`r.${key.slice(2)}`]?.v) delete doc[key];
  return doc;
}

/** The synced rules of a document in their order (by their places). */
function docOrder(doc: SyncDoc): string[] {
  const places = new Map<string, string>();
  const ids: string[] = [];
  for (const [key, entry] of Object.entries(doc) as [ItemKey, DocEntry][]) {
    if (key.startsWith("p.")) places.set(key.slice(2), entry.v as string);
    else if (key.startsWith("r.") && entry.v !== null) ids.push(key.slice(2));
  }
  return byPosition(ids, places);
}

/** The highest place synced: rules a joining browser brings go after it. */
function highestPosition(remote: SyncDoc): string | null {
  let highest: string | null = null;
  for (const [key, entry] of Object.entries(remote) as [ItemKey, DocEntry][])
    if (key.startsWith("p.") && (highest === null || (entry.v as string) > highest))
      highest = entry.v as string;
  return highest;
}

/** An offered address stays offered until this browser uses it (or another offer comes). */
function offerKept(meta: SyncMeta, settings: Settings): SyncMeta["offer"] {
  return meta.offer && meta.offer.baseUrl !== settings.baseUrl ? meta.offer : null;
}

/**
 * One sync step, pure: this browser's changes stamped, the other browsers' later changes
 * applied here, and the merged document to store. Per item the later stamp wins. Changes that
 * came in are listed for Options ("changed in another browser at …", and "replaced" when this
 * browser's own change of that item lost). A value applied here takes the remote stamp, so it
 * is not written back as a change of ours (no echo).
 */
import type { SiteRule } from "../routing/rules";
import type { SettingKey, Settings } from "../state/settings";
import { applyRemote } from "./apply";
import { type DocEntry, type ItemKey, later, ORDER_KEY, type SyncDoc } from "./doc";
import { type Fitted, fitDoc } from "./fit";
import { hashValue } from "./hash";
import type { StoredStamp, SyncMeta } from "./meta";
import { DELETED, type LocalItems, localItems, stampLocal, TOMBSTONE_MS } from "./stamp";

export interface ReconcileInput {
  settings: Settings;
  rules: readonly SiteRule[];
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
  meta: SyncMeta;
  settingsChanged: boolean;
  rulesChanged: boolean;
  fitted: Fitted;
}

const MAX_ARRIVALS = 20;
const valueHash = (entry: DocEntry) => (entry.v === null ? DELETED : hashValue(entry.v));

export function reconcile(input: ReconcileInput): ReconcileOutput {
  const { meta, now } = input;
  const remote: SyncDoc = input.remote ?? {};
  const me = meta.browserId;
  const joining = !meta.joined;
  const locked = input.locked ?? new Set<SettingKey>();
  const before = asRemoteOrder(localItems(input.settings, input.rules, locked), remote);
  // An order that agrees with the synced one takes its stamp: it is no change of ours.
  const known =
    before.values.get(ORDER_KEY) === remote.o?.v && remote.o
      ? { ...meta.stamps, o: { t: remote.o.t, b: remote.o.b, h: hashValue(remote.o.v) } }
      : meta.stamps;
  const stamps = stampLocal(before.values, known, me, joining ? 0 : now, now);
  // Joining: what sync already holds wins over what was here (stamp 0); what it lacks, or
  // holds as deleted, is this browser's to add: turning sync on drops no local rule.
  if (joining)
    for (const [key, s] of Object.entries(stamps)) {
      const theirs = remote[key as ItemKey];
      if (!theirs || theirs.v === null) stamps[key] = { ...s, t: now };
    }

  const wins = new Map<ItemKey, DocEntry>();
  for (const [key, entry] of Object.entries(remote) as [ItemKey, DocEntry][]) {
    const mine = stamps[key];
    if (mine && !later(entry, mine)) continue;
    if (entry.v === null && !mine) continue;
    if (mine?.h === valueHash(entry)) stamps[key] = { t: entry.t, b: entry.b, h: mine.h };
    else wins.set(key, entry);
  }
  const applied = applyRemote(input.settings, input.rules, wins, { locked, joining });
  const arrivals: SyncMeta["arrivals"] = [];
  let replaced = 0;
  for (const key of applied.adopted) {
    const entry = wins.get(key) as DocEntry;
    const mine = stamps[key];
    const lost = !!mine && mine.b === me;
    // "N rules here were replaced": rules only, not a setting or the order.
    if (lost && joining && key.startsWith("r.")) replaced++;
    stamps[key] = { t: entry.t, b: entry.b, h: valueHash(entry) };
    if (!joining) arrivals.push({ key, t: entry.t, b: entry.b, replaced: lost && mine.t > 0 });
  }

  // What applying made differ from the remote (this browser's own rules placed among the
  // synced ones, a normalized address) is this browser's change, stamped now.
  const after = asRemoteOrder(localItems(applied.settings, applied.rules, locked), remote);
  const final = stampLocal(after.values, stamps, me, now, now);
  const doc: SyncDoc = {};
  const keys = new Set<ItemKey>([
    ...(Object.keys(final) as ItemKey[]),
    ...(Object.keys(remote) as ItemKey[]),
  ]);
  for (const key of keys) {
    const mine: StoredStamp | undefined = final[key];
    const theirs = remote[key];
    if (theirs && (!mine || later(theirs, mine))) {
      if (theirs.v !== null || theirs.t > now - TOMBSTONE_MS) doc[key] = theirs;
    } else if (mine) {
      doc[key] = { v: mine.h === DELETED ? null : after.values.get(key), t: mine.t, b: mine.b };
    }
  }
  const order = (doc.o?.v as string[] | undefined) ?? after.order;
  const fitted = fitDoc(doc, order);

  const next: SyncMeta = {
    ...meta,
    joined: true,
    stamps: final,
    notSynced: [...after.localOnly, ...fitted.left],
    arrivals: [...arrivals, ...meta.arrivals].slice(0, MAX_ARRIVALS),
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
    meta: next,
    settingsChanged: applied.adopted.some((key) => key.startsWith("s.")),
    rulesChanged: applied.adopted.some((key) => !key.startsWith("s.")),
    fitted,
  };
}

/**
 * The synced order names rules this browser may lack (not synced from a browser with too many
 * to fit): an order that agrees with it on the rules here is the same order, not a change.
 */
function asRemoteOrder(items: LocalItems, remote: SyncDoc): LocalItems {
  const theirs = remote.o?.v as string[] | undefined;
  if (!theirs) return items;
  const here = new Set(items.order);
  const shared = theirs.filter((id) => here.has(id));
  const same =
    shared.length === items.order.length && shared.every((id, i) => id === items.order[i]);
  if (same) items.values.set(ORDER_KEY, theirs);
  return items;
}

/** An offered address stays offered until this browser uses it (or another offer comes). */
function offerKept(meta: SyncMeta, settings: Settings): SyncMeta["offer"] {
  return meta.offer && meta.offer.baseUrl !== settings.baseUrl ? meta.offer : null;
}

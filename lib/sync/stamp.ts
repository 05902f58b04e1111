/**
 * This browser's items as they sync, and their stamps: a change is found by its hash (the
 * value differs from the one last stamped), whoever made it (the editor, the popup, an import,
 * a command), so no writer of settings or rules needs to know about sync. A worker stopped
 * before a change was stamped finds it on the next run.
 */

import { hashValue } from "../base/hash";
import type { SiteRule } from "../routing/rules";
import type { SettingKey, Settings } from "../state/settings";
import { type ItemKey, positionKey, ruleKey, settingKey } from "./doc";
import type { NotSyncedReason, StoredStamp } from "./meta";
import { placeRules } from "./placement";
import { nextStamp } from "./precedence";
import { localOnlyReason, SYNCED_SETTINGS, syncedForm } from "./scope";

export const DELETED = "-";
/** A deletion is remembered this long (a browser offline longer may bring the rule back). */
export const TOMBSTONE_MS = 30 * 24 * 3_600_000;

export interface LocalItems {
  values: Map<ItemKey, unknown>;
  /** Rules kept in this browser only, and why. */
  localOnly: { id: string; reason: NotSyncedReason }[];
  /** The synced rules' ids, in the user's order. */
  order: string[];
  /** Each synced rule's position key: the known ones kept where the user left the rule. */
  positions: Map<string, string>;
}

export function localItems(
  settings: Settings,
  rules: readonly SiteRule[],
  /** Settings the managed policy sets here: not this browser's to send (nor to take). */
  locked: ReadonlySet<SettingKey> = new Set(),
  /** The position keys last synced (placement.ts), and the highest one synced elsewhere. */
  known: ReadonlyMap<string, string> = new Map(),
  floor: string | null = null,
): LocalItems {
  const values = new Map<ItemKey, unknown>();
  for (const key of SYNCED_SETTINGS)
    if (!locked.has(key)) values.set(settingKey(key), settings[key]);
  const localOnly: LocalItems["localOnly"] = [];
  const order: string[] = [];
  for (const rule of rules) {
    const reason = localOnlyReason(rule);
    if (reason) {
      localOnly.push({ id: rule.id, reason });
      continue;
    }
    values.set(ruleKey(rule.id), syncedForm(rule));
    order.push(rule.id);
  }
  const positions = placeRules(order, known, floor);
  for (const [id, key] of positions) values.set(positionKey(id), key);
  return { values, localOnly, order, positions };
}

/**
 * The stamps with this browser's changes stamped `at`, each counted one past the change it
 * replaces (precedence.ts). On joining `at` is 0 and the count 0: then every item another
 * browser already synced wins over what was here before sync was on. A synced rule gone from
 * here becomes a deletion (a rule's place goes with it); old deletions are forgotten.
 */
export function stampLocal(
  values: Map<ItemKey, unknown>,
  stamps: Readonly<Record<string, StoredStamp>>,
  browserId: string,
  at: number,
  now: number,
): Record<string, StoredStamp> {
  const next: Record<string, StoredStamp> = {};
  for (const [key, value] of values) {
    const h = hashValue(value);
    const old = stamps[key];
    next[key] = old && old.h === h ? old : { ...changed(old, at, browserId), h };
  }
  for (const [key, old] of Object.entries(stamps)) {
    if (next[key] || !key.startsWith("r.")) continue;
    if (old.h !== DELETED) next[key] = { ...changed(old, at, browserId), h: DELETED };
    else if (old.t > now - TOMBSTONE_MS) next[key] = old;
  }
  return next;
}

/** A change made here: joining (`at` 0) counts none, so whatever is synced already wins. */
const changed = (old: StoredStamp | undefined, at: number, browserId: string) =>
  at === 0 ? { t: 0, b: browserId, n: 0 } : nextStamp(old, at, browserId);

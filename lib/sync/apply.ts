/**
 * Changes from another browser laid over this browser's settings and rules. Layers: a managed
 * value (`locked`) wins over a synced one, and so do secrets: a synced provider address that
 * differs from this browser's is taken only when no credentials are stored here (it then sends
 * nothing anywhere); otherwise this browser keeps its address and credentials, and the address
 * is offered in Options instead.
 */

import { isManagedRule } from "../routing/managed-rules";
import type { SiteRule } from "../routing/rules";
import { validateBaseUrl } from "../state/base-url";
import { type SettingKey, type Settings, settingsSchema } from "../state/settings";
import type { DocEntry, ItemKey } from "./doc";
import { arrivable, arrivedForm, localOnlyReason, SYNCED_SETTINGS } from "./scope";

export interface Applied {
  settings: Settings;
  rules: SiteRule[];
  /** Keys whose remote value now stands here (their stamp becomes the remote one). */
  adopted: ItemKey[];
  /** A provider address not taken here, because credentials are stored for ours. */
  offer: string | null;
  /** Rules that came from another browser and were not here before. */
  added: number;
}

function applySetting(
  settings: Record<string, unknown>,
  key: SettingKey,
  value: unknown,
): "adopted" | "offer" | "ignored" {
  if (key === "baseUrl") {
    if (value === settings.baseUrl) return "adopted";
    if (typeof value !== "string") return "ignored";
    if (settings.auth !== null) return "offer";
    // No credentials here: the address alone steers no secret. Loopback http is for the user
    // to type, not for a synced value.
    const checked = value === "" ? { ok: true as const, url: "" } : validateBaseUrl(value, false);
    if (!checked.ok) return "ignored";
    settings.baseUrl = checked.url;
    return "adopted";
  }
  if (!settingsSchema.def.shape[key].safeParse(value).success) return "ignored";
  settings[key] = value;
  return "adopted";
}

/**
 * The rules in order: this browser's own (local-only) rules keep their places; the places of
 * synced rules are filled in `order`'s sequence; synced rules beyond them go at the end.
 */
export function arrange(rules: readonly SiteRule[], order: readonly string[]): SiteRule[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const synced = new Set(rules.filter((rule) => !localOnlyReason(rule)).map((rule) => rule.id));
  const wanted = [...order.filter((id) => synced.has(id))];
  const placed = new Set(wanted);
  for (const rule of rules) if (synced.has(rule.id) && !placed.has(rule.id)) wanted.push(rule.id);
  const out: SiteRule[] = [];
  let next = 0;
  for (const rule of rules) {
    if (!synced.has(rule.id)) out.push(rule);
    else if (next < wanted.length) out.push(byId.get(wanted[next++] as string) as SiteRule);
  }
  for (; next < wanted.length; next++) out.push(byId.get(wanted[next] as string) as SiteRule);
  return out;
}

export function applyRemote(
  settings: Settings,
  rules: readonly SiteRule[],
  wins: ReadonlyMap<ItemKey, DocEntry>,
  options: { locked: ReadonlySet<SettingKey>; joining: boolean },
): Applied {
  const nextSettings: Record<string, unknown> = { ...settings };
  const adopted: ItemKey[] = [];
  let offer: string | null = null;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const list = [...rules];
  let order: readonly string[] | null = null;
  let added = 0;
  for (const [key, entry] of wins) {
    if (key === "o") {
      order = entry.v as string[];
      adopted.push(key);
    } else if (key.startsWith("s.")) {
      const name = key.slice(2) as SettingKey;
      if (!SYNCED_SETTINGS.includes(name) || options.locked.has(name)) continue;
      const outcome = applySetting(nextSettings, name, entry.v);
      if (outcome === "adopted") adopted.push(key);
      if (outcome === "offer") offer = entry.v as string;
    } else {
      const id = key.slice(2);
      const here = byId.get(id);
      // A rule of this browser only is never replaced or removed from elsewhere, and a rule
      // that passes for the administrator's is not taken from another browser.
      if ((here && localOnlyReason(here)) || isManagedRule({ id })) continue;
      const incoming = entry.v as SiteRule | null;
      if (incoming && !arrivable(incoming)) continue;
      if (incoming === null) {
        // Turning sync on removes none of the rules that were here.
        if (options.joining && here) continue;
        if (here) list.splice(list.indexOf(here), 1);
        byId.delete(id);
      } else {
        const rule = arrivedForm(incoming, here);
        if (here) list[list.indexOf(here)] = rule;
        else {
          list.push(rule);
          added++;
        }
        byId.set(id, rule);
      }
      adopted.push(key);
    }
  }
  const arranged = order ? arrange(list, order) : list;
  return { settings: nextSettings as Settings, rules: arranged, adopted, offer, added };
}

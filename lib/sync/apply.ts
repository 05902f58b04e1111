/**
 * Changes from another browser laid over this browser's settings and rules, each through the
 * gate every door uses (a refused one keeps this browser's value and is reported). Layers: a
 * managed value (`locked`) wins over a synced one, and so do secrets: a synced provider address
 * that differs from this browser's is taken only when no credentials are stored here (it then
 * sends nothing anywhere); otherwise this browser keeps its address and credentials, and the
 * address is offered in Options instead.
 */

import type { Refusal } from "../base/refusal";
import { isManagedRule, ownRuleCount } from "../routing/rule-caps";
import { checkRule } from "../routing/rule-check";
import { MAX_RULES, type SiteRule } from "../routing/rules";
import { checkSetting } from "../state/setting-check";
import type { SettingKey, Settings } from "../state/settings";
import type { DocEntry, ItemKey } from "./doc";
import { byPosition } from "./placement";
import { arrivedForm, localOnlyReason, SYNCED_SETTINGS } from "./scope";

export interface Applied {
  settings: Settings;
  rules: SiteRule[];
  /** Keys whose remote value now stands here (their stamp becomes the remote one). */
  adopted: ItemKey[];
  /** Keys whose remote value the gate refused: this browser keeps its own, and says why. */
  refused: { key: ItemKey; refusal: Refusal }[];
  /** A provider address not taken here, because credentials are stored for ours. */
  offer: string | null;
  /** Rules that came from another browser and were not here before. */
  added: number;
  /** The synced rules' position keys, with the places that came in. */
  positions: Map<string, string>;
}

type SettingOutcome = "adopted" | "offer" | Refusal;

/** A new rule that found this browser's list full, named by its pattern or list name. */
const fullRefusal = (rule: SiteRule): Refusal => ({
  code: "rules-full",
  detail: (rule.source.type === "pattern" ? rule.source.text : rule.source.name).slice(0, 100),
});

function applySetting(
  settings: Record<string, unknown>,
  key: SettingKey,
  value: unknown,
): SettingOutcome {
  if (key === "baseUrl" && value === settings.baseUrl) return "adopted";
  // The same checks as the Options form's; a provider address as another browser's, not typed
  // here (loopback http is for the user to type).
  const checked = checkSetting(key, value, "sync");
  if (!checked.ok) return checked.refusal;
  // Credentials stored here belong to our address: another one is offered, not taken. With
  // none, the address alone steers no secret.
  if (key === "baseUrl" && settings.auth !== null) return "offer";
  settings[key] = checked.value;
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
  options: {
    locked: ReadonlySet<SettingKey>;
    joining: boolean;
    positions: ReadonlyMap<string, string>;
  },
): Applied {
  const nextSettings: Record<string, unknown> = { ...settings };
  const adopted: ItemKey[] = [];
  const refused: Applied["refused"] = [];
  let offer: string | null = null;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const list = [...rules];
  const positions = new Map(options.positions);
  let added = 0;
  let own = ownRuleCount(list);
  const places: [ItemKey, DocEntry][] = [];
  // Removals first: at the cap, a rule replaced elsewhere (one removed, one added) makes room
  // for its replacement whatever order the document lists them in.
  const removalsFirst = [...wins].sort(
    ([, a], [, b]) => Number(a.v !== null) - Number(b.v !== null),
  );
  for (const [key, entry] of removalsFirst) {
    if (key.startsWith("s.")) {
      const name = key.slice(2) as SettingKey;
      if (!SYNCED_SETTINGS.includes(name) || options.locked.has(name)) continue;
      const outcome = applySetting(nextSettings, name, entry.v);
      if (outcome === "adopted") adopted.push(key);
      else if (outcome === "offer") offer = entry.v as string;
      else refused.push({ key, refusal: outcome });
      continue;
    }
    // Tokens' looks are laid on by looks.ts.
    if (key.startsWith("l.")) continue;
    const id = key.slice(2);
    const here = byId.get(id);
    // A rule of this browser only is never replaced, moved or removed from elsewhere, and a
    // rule that passes for the administrator's is not taken from another browser.
    if ((here && localOnlyReason(here)) || isManagedRule({ id })) continue;
    if (key.startsWith("p.")) {
      places.push([key, entry]);
      continue;
    }
    const incoming = entry.v as SiteRule | null;
    if (incoming === null) {
      // Turning sync on removes none of the rules that were here.
      if (options.joining && here) continue;
      if (here) {
        list.splice(list.indexOf(here), 1);
        own--;
      }
      byId.delete(id);
    } else {
      // The writer's checks, again here: a rule that would not route is refused, not stored
      // for the router to skip in silence.
      const checked = checkRule(incoming, false);
      if (!checked.ok) {
        refused.push({ key, refusal: checked.refusal });
        continue;
      }
      // The key names the rule: a value that says another id (a hand-written doc) would
      // replace a rule of that id here, or pass for the administrator's.
      const rule = arrivedForm({ ...incoming, id }, here);
      if (here) list[list.indexOf(here)] = rule;
      else if (own >= MAX_RULES) {
        // Full here: refused (listed in Options), never by dropping a rule; it comes with a
        // later sync once there is room.
        refused.push({ key, refusal: fullRefusal(rule) });
        continue;
      } else {
        list.push(rule);
        added++;
        own++;
      }
      byId.set(id, rule);
    }
    adopted.push(key);
  }
  // Places after the rules: a place is taken only with its rule here (one refused, or not
  // synced, leaves its place unread, so it is not taken again on every run).
  for (const [key, entry] of places) {
    const here = byId.get(key.slice(2));
    if (!here || localOnlyReason(here)) continue;
    positions.set(here.id, entry.v as string);
    adopted.push(key);
  }
  const synced = list.filter((rule) => !localOnlyReason(rule)).map((rule) => rule.id);
  const arranged = arrange(list, byPosition(synced, positions));
  return {
    settings: nextSettings as Settings,
    rules: arranged,
    adopted,
    refused,
    offer,
    added,
    positions,
  };
}

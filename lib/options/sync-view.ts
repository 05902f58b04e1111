/** The Sync section's words for synced items (pure: tested without a page). */
import { type SyncT, syncStrings } from "../i18n/sync-strings";

const isSyncKey = (key: string): key is keyof typeof syncStrings.en => key in syncStrings.en;

import type { SiteRule } from "../routing/rules";

export function ruleName(rule: SiteRule): string {
  return rule.source.type === "pattern" ? rule.source.text : rule.source.name;
}

/** An item key (`s.<setting>`, `r.<rule id>`, `p.<rule id>`, `l.<token id>`) as the user knows it. */
export function itemName(key: string, rules: readonly SiteRule[], t: SyncT): string {
  // Records of earlier versions name the whole order as `o`.
  if (key === "o") return t("sync.item.order");
  if (key.startsWith("s.")) {
    const setting = key.slice(2);
    const label = `sync.setting.${setting}`;
    const name = isSyncKey(label) ? t(label) : setting;
    return t("sync.item.setting", { name });
  }
  if (key.startsWith("l.")) return t("sync.item.look", { id: key.slice(2) });
  const rule = rules.find((r) => r.id === key.slice(2));
  if (key.startsWith("p."))
    return rule ? t("sync.item.place", { name: ruleName(rule) }) : t("sync.item.order");
  return rule ? t("sync.item.rule", { name: ruleName(rule) }) : t("sync.item.ruleGone");
}

/** A refused item's name: a rule not here is named by the refused text (its pattern). */
export function refusedItemName(
  key: string,
  detail: string | undefined,
  rules: readonly SiteRule[],
  t: SyncT,
): string {
  const here = key.startsWith("r.") && rules.some((r) => r.id === key.slice(2));
  if (key.startsWith("r.") && !here && detail) return t("sync.item.rule", { name: detail });
  return itemName(key, rules, t);
}

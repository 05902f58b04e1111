/** The Sync section's words for synced items (pure: tested without a page). */
import { type SyncT, syncStrings } from "../i18n/sync-strings";

const isSyncKey = (key: string): key is keyof typeof syncStrings.en => key in syncStrings.en;

import type { SiteRule } from "../routing/rules";

export function ruleName(rule: SiteRule): string {
  return rule.source.type === "pattern" ? rule.source.text : rule.source.name;
}

/** An item key (`s.<setting>`, `r.<rule id>`, `o`) as the user knows it. */
export function itemName(key: string, rules: readonly SiteRule[], t: SyncT): string {
  if (key === "o") return t("sync.item.order");
  if (key.startsWith("s.")) {
    const setting = key.slice(2);
    const label = `sync.setting.${setting}`;
    const name = isSyncKey(label) ? t(label) : setting;
    return t("sync.item.setting", { name });
  }
  const rule = rules.find((r) => r.id === key.slice(2));
  return rule ? t("sync.item.rule", { name: ruleName(rule) }) : t("sync.item.ruleGone");
}

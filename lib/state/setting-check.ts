/**
 * The gate for one setting: the same checks whatever door the value came through (the
 * Options page or a command, another browser by sync, a backup file, the policy), so what
 * the Options form refuses cannot arrive another way. A value passes whole or is refused
 * with a reason; the caller keeps the stored value and reports the refusal.
 */

import { validateBaseUrl } from "../base/base-url";
import { invalidBypassRules } from "../base/bypass-rules";
import { type Checked, refused } from "../base/refusal";
import { type SettingKey, type Settings, settingsSchema } from "./settings";

/**
 * Where a value came from: only a person typing may point the provider at loopback http, and
 * only the provider's own account record may state the account's plan.
 */
export type Door = "page" | "sync" | "backup" | "policy" | "account";

/** Chrome's alarms fire at most every 30 s; a day is the longest interval worth offering. */
export const MIN_REFRESH_MINUTES = 0.5;
export const MAX_REFRESH_MINUTES = 1440;

function checkBaseUrl(value: unknown, door: Door): Checked<string> {
  if (value === "") return { ok: true, value: "" };
  if (typeof value !== "string") return refused("setting-value", JSON.stringify(value));
  const result = validateBaseUrl(value, door === "page");
  return result.ok ? { ok: true, value: result.url } : refused("address", value);
}

export function checkSetting<K extends SettingKey>(
  key: K,
  value: unknown,
  door: Door,
): Checked<Settings[K]> {
  if (key === "baseUrl") return checkBaseUrl(value, door) as Checked<Settings[K]>;
  // A plan typed, synced or restored is the user's choice (`plan`), never the account's word;
  // null (not known) states nothing, so a whole settings object may carry it from any door.
  if (key === "accountPlan" && door !== "account" && value !== null)
    return refused("setting-value", JSON.stringify(value));
  if (!settingsSchema.def.shape[key].safeParse(value).success)
    return refused("setting-value", JSON.stringify(value));
  if (key === "bypassList") {
    // Chrome rejects the whole proxy setting for one bad entry, and the block config carries
    // the same list: one entry typed anywhere could stop this browser's routing.
    const bad = invalidBypassRules(value as string[])[0];
    if (bad) return refused("bypass-entry", bad.rule);
  }
  if (key === "autoRefreshMinutes") {
    const minutes = value as number;
    if (minutes > MAX_REFRESH_MINUTES || (minutes > 0 && minutes < MIN_REFRESH_MINUTES))
      return refused("setting-value", String(minutes));
  }
  return { ok: true, value: value as Settings[K] };
}

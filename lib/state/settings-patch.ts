/**
 * A page's change of settings (the `patchSettings` command): each field through the gate
 * (setting-check.ts) as typed by the user; a refused field is named and keeps its value.
 */

import type { Refusal } from "../base/refusal";
import { keepAccountPlanBound } from "./account-plan";
import { checkSetting } from "./setting-check";
import { SETTING_KEYS, type SettingKey, type Settings, type SettingsPatch } from "./settings";

/**
 * The patch's valid fields applied; invalid ones reported by name and left as they were.
 * Credentials are bound to the address they were entered for: a new base URL without new
 * credentials drops the stored ones, so nothing (a file, a page) can send them elsewhere.
 */
export function applySettingsPatch(
  current: Settings,
  patch: SettingsPatch,
): { settings: Settings; rejected: SettingKey[]; reasons: Partial<Record<SettingKey, Refusal>> } {
  const settings: Record<string, unknown> = { ...current };
  const rejected: SettingKey[] = [];
  const reasons: Partial<Record<SettingKey, Refusal>> = {};
  for (const key of SETTING_KEYS) {
    if (!(key in patch)) continue;
    const checked = checkSetting(key, patch[key], "page");
    if (checked.ok) settings[key] = checked.value;
    else {
      rejected.push(key);
      reasons[key] = checked.refusal;
    }
  }
  // Credentials sent with an address that was refused belong to that address: not to ours.
  if (rejected.includes("baseUrl") && "auth" in patch && !rejected.includes("auth")) {
    settings.auth = current.auth;
    rejected.push("auth");
  }
  const moved = settings.baseUrl !== current.baseUrl;
  const newCredentials = "auth" in patch && !rejected.includes("auth");
  if (moved && !newCredentials) settings.auth = null;
  return { settings: keepAccountPlanBound(current, settings as Settings), rejected, reasons };
}

/**
 * The settings an import would write (pure). Each value passes the gate every door uses
 * (setting-check.ts) or is refused with its reason, keeping the stored value; the others are
 * imported. The file cannot steer secrets: its base URL must pass the base URL rules as a
 * file (https only; plain http to loopback only when the user types it), and API credentials
 * stay bound to the address they were entered for — a new address without credentials drops
 * the stored ones; refused, it takes the file's with it.
 */
import { dequal } from "dequal";
import type { Refusal } from "../base/refusal";
import { keepAccountPlanBound } from "../state/account-plan";
import { checkSetting } from "../state/setting-check";
import { SETTING_KEYS, type SettingKey, type Settings } from "../state/settings";
import type { Backup } from "./backup";

export interface SettingChange {
  key: SettingKey;
  /** As shown to the user: never a secret. */
  from: string;
  to: string;
}

export interface SettingsImport {
  settings: Settings;
  changes: SettingChange[];
  /** What happens to the stored API credentials. */
  credentials: "kept" | "imported" | "removed";
  /** The file's base URL when the rules refused it (the stored one stays). */
  refusedBaseUrl: string | null;
  /** The file's other values the gate refused (the stored ones stay), and why. */
  refused: { key: SettingKey; refusal: Refusal }[];
}

/** The file's value where the gate passes it; else the stored one, and the refusal noted. */
function gated<K extends SettingKey>(
  key: K,
  fileValue: Settings[K] | undefined,
  current: Settings,
  refused: SettingsImport["refused"],
): Settings[K] {
  if (fileValue === undefined) return current[key];
  const checked = checkSetting(key, fileValue, "backup");
  if (checked.ok) return checked.value;
  refused.push({ key, refusal: checked.refusal });
  return current[key];
}

/** A setting's value as the preview shows it; credentials by kind and user name only. */
function shown(key: SettingKey, settings: Settings): string {
  const value = settings[key];
  if (key === "auth") {
    const auth = settings.auth;
    return auth === null ? "—" : auth.kind === "basic" ? `Basic (${auth.username})` : "Bearer";
  }
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}

export function importSettings(current: Settings, incoming: Backup["settings"]): SettingsImport {
  const { auth, baseUrl } = incoming;
  const checked = checkSetting("baseUrl", baseUrl, "backup");
  const refusedBaseUrl = checked.ok ? null : baseUrl;
  const nextBaseUrl = checked.ok ? checked.value : current.baseUrl;
  const fileAuth = checked.ok ? (auth ?? null) : null;
  const moved = nextBaseUrl !== current.baseUrl;
  const nextAuth = fileAuth ?? (moved ? null : current.auth);
  const refused: SettingsImport["refused"] = [];
  const file = incoming as Partial<Settings>;
  const take = <K extends SettingKey>(key: K) => gated(key, file[key], current, refused);
  const settings: Settings = keepAccountPlanBound(current, {
    baseUrl: nextBaseUrl,
    auth: nextAuth,
    bypassList: take("bypassList"),
    autoRefreshMinutes: take("autoRefreshMinutes"),
    plan: take("plan"),
    // The account's word, not the file's: kept while the credentials stay.
    accountPlan: current.accountPlan,
    language: take("language"),
    fallbackDirect: take("fallbackDirect"),
    trafficUnit: take("trafficUnit"),
    warnDays: take("warnDays"),
    badgeFailures: take("badgeFailures"),
    // Turning it on needs this browser's permission, given in a click.
    webrtcProtection: current.webrtcProtection,
    // A choice about this browser's popup, like the protection it offers.
    webrtcOfferDismissed: current.webrtcOfferDismissed,
  });
  const credentials = dequal(nextAuth, current.auth)
    ? "kept"
    : nextAuth === null
      ? "removed"
      : "imported";
  // The account's plan follows the credentials: not a change of its own to list.
  const listed = SETTING_KEYS.filter((key) => key !== "accountPlan");
  const changes = listed
    .filter((key) => !dequal(current[key], settings[key]))
    .map((key) => ({
      key,
      from: shown(key, current),
      to: shown(key, settings),
    }));
  return { settings, changes, credentials, refusedBaseUrl, refused };
}

/**
 * The settings an import would write (pure). The file cannot steer secrets: its base URL
 * must pass the base URL rules as a file (https only; plain http to loopback only when the
 * user types it), and API credentials stay bound to the address they were entered for — a new
 * address without credentials drops the stored ones; refused, it takes the file's with it.
 */
import { dequal } from "dequal";
import type { Backup } from "./backup";
import { validateBaseUrl } from "./base-url";
import { SETTING_KEYS, type SettingKey, type Settings } from "./settings";

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
  const { auth, fallbackDirect, trafficUnit, warnDays, badgeFailures, baseUrl, ...rest } = incoming;
  const checked = baseUrl === "" ? { ok: true as const, url: "" } : validateBaseUrl(baseUrl, false);
  const refusedBaseUrl = checked.ok ? null : baseUrl;
  const nextBaseUrl = checked.ok ? checked.url : current.baseUrl;
  const fileAuth = checked.ok ? (auth ?? null) : null;
  const moved = nextBaseUrl !== current.baseUrl;
  const nextAuth = fileAuth ?? (moved ? null : current.auth);
  const settings: Settings = {
    ...rest,
    baseUrl: nextBaseUrl,
    auth: nextAuth,
    fallbackDirect: fallbackDirect ?? current.fallbackDirect,
    trafficUnit: trafficUnit ?? current.trafficUnit,
    warnDays: warnDays ?? current.warnDays,
    badgeFailures: badgeFailures ?? current.badgeFailures,
    // Turning it on needs this browser's permission, given in a click.
    webrtcProtection: current.webrtcProtection,
  };
  const credentials = dequal(nextAuth, current.auth)
    ? "kept"
    : nextAuth === null
      ? "removed"
      : "imported";
  const changes = SETTING_KEYS.filter((key) => !dequal(current[key], settings[key])).map((key) => ({
    key,
    from: shown(key, current),
    to: shown(key, settings),
  }));
  return { settings, changes, credentials, refusedBaseUrl };
}

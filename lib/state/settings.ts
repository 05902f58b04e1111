/**
 * Settings: the provider's address and API credentials, the bypass list and preferences.
 * Stored in storage.local only (they hold the API secrets, which must never sync). Read and
 * changed field by field, so one damaged or refused value never resets the others, above all
 * never the credentials.
 */
import * as z from "zod/mini";
import { isRecord } from "../base/is-record";
import { LANGUAGES } from "../base/languages";

export const authSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bearer"), accessToken: z.string().check(z.minLength(1)) }),
  z.object({
    kind: z.literal("basic"),
    username: z.string().check(z.minLength(1)),
    password: z.string().check(z.minLength(1)),
  }),
]);

export const settingsSchema = z.object({
  baseUrl: z.string(),
  auth: z.nullable(authSchema),
  /** Chrome bypass rules; `<-loopback>` sends loopback traffic through the proxy too. */
  bypassList: z.array(z.string()),
  /** 0 turns automatic refresh of a connected dynamic token off. */
  autoRefreshMinutes: z.number().check(z.gte(0)),
  /** The user's own choice of plan, used while the account has not stated one. */
  plan: z.enum(["free", "basic", "professional", "enterprise"]),
  /**
   * The plan the account record stated (account-plan.ts), for the stored credentials only;
   * null until the account is read. Written by the background alone (setting-check.ts).
   */
  accountPlan: z.nullable(z.enum(["free", "basic", "professional", "enterprise"])),
  webrtcProtection: z.boolean(),
  /**
   * The user dismissed the popup's WebRTC offer: it is not shown again (Options' WebRTC switch
   * stays, and shows the offer again). Kept in this browser, like the protection it offers.
   */
  webrtcOfferDismissed: z.boolean(),
  language: z.enum(["auto", ...LANGUAGES]),
  /**
   * When the chosen token cannot be used, go direct instead of blocking traffic. Off by
   * default: the user chose a proxy, and their own address must not leak unasked.
   */
  fallbackDirect: z.boolean(),
  /**
   * The unit of a token's traffic_quota/traffic_used: the spec does not state it, so the
   * numbers are shown as they come until the user says (bytes, or GB as the account quota).
   */
  trafficUnit: z.enum(["unstated", "bytes", "GB"]),
  /** Mark a token (and notify once) this many days before it expires; 0 turns it off. */
  warnDays: z.number().check(z.gte(0), z.lte(365)),
  /** The toolbar badge counts the tab's requests that failed since its page loaded. */
  badgeFailures: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.def.shape) as SettingKey[];

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: "",
  auth: null,
  bypassList: ["<local>"],
  autoRefreshMinutes: 0,
  plan: "free",
  accountPlan: null,
  webrtcProtection: false,
  webrtcOfferDismissed: false,
  language: "auto",
  fallbackDirect: false,
  trafficUnit: "unstated",
  warnDays: 2,
  badgeFailures: false,
};

function validField<K extends SettingKey>(key: K, value: unknown): value is Settings[K] {
  return settingsSchema.def.shape[key].safeParse(value).success;
}

/** Stored settings, each field checked on its own: a damaged field falls back alone. */
export function decodeSettings(raw: unknown): Settings {
  const stored = isRecord(raw) ? raw : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    if (validField(key, stored[key])) settings[key] = stored[key];
  }
  return settings as Settings;
}

export type SettingsPatch = { [K in SettingKey]?: unknown };

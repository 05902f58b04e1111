/**
 * The policy laid over the user's settings (pure): the one merge every reader goes through
 * (read.ts), and the one guard every settings patch goes through (commands.ts). The user's own
 * values stay stored underneath, untouched, and come back when the policy lets go.
 */
import { dequal } from "dequal";
import type { SettingKey, Settings, SettingsPatch } from "../state/settings";
import { decodePolicy, type ManagedPolicy } from "./managed";

/** The settings the policy fixes, as settings. */
export function managedSettings(policy: ManagedPolicy): Partial<Settings> {
  const fixed: Partial<Settings> = {};
  if (policy.baseUrl !== undefined) fixed.baseUrl = policy.baseUrl;
  if (policy.failClosed !== undefined) fixed.fallbackDirect = !policy.failClosed;
  if (policy.webrtcProtection !== undefined) fixed.webrtcProtection = policy.webrtcProtection;
  if (policy.bypassList !== undefined) fixed.bypassList = policy.bypassList;
  return fixed;
}

export const managedSettingKeys = (policy: ManagedPolicy): SettingKey[] =>
  Object.keys(managedSettings(policy)) as SettingKey[];

/** Does the policy as stored (unchecked: storage's copy of storage.managed) fix this setting? */
export const policyFixes = (stored: unknown, key: SettingKey): boolean =>
  managedSettingKeys(decodePolicy(stored).policy).includes(key);

/**
 * The settings in force: the policy's over the user's. Credentials are bound to the address
 * they were entered for, so a policy's address that is not the stored one gets none of them
 * (they stay stored, for when the policy lets go) until the user enters some for it.
 */
export function effectiveSettings(stored: Settings, policy: ManagedPolicy): Settings {
  const fixed = managedSettings(policy);
  const merged: Settings = { ...stored, ...fixed };
  if (fixed.baseUrl !== undefined && fixed.baseUrl !== stored.baseUrl) {
    merged.auth = null;
    merged.accountPlan = null;
  }
  return merged;
}

/**
 * A patch with the policy's keys taken out. A value other than the policy's is refused (and
 * named); the policy's own value is dropped silently (a form sends every field it shows),
 * except the address sent with credentials: it is kept, so they are stored bound to it.
 */
export function guardPatch(
  patch: SettingsPatch,
  policy: ManagedPolicy,
): { patch: SettingsPatch; managed: SettingKey[] } {
  const fixed = managedSettings(policy);
  const allowed: SettingsPatch = { ...patch };
  const managed: SettingKey[] = [];
  for (const key of Object.keys(fixed) as SettingKey[]) {
    if (!(key in patch)) continue;
    const bindsCredentials = key === "baseUrl" && "auth" in patch;
    if (dequal(patch[key], fixed[key]) && bindsCredentials) continue;
    delete allowed[key];
    if (!dequal(patch[key], fixed[key])) managed.push(key);
  }
  // Credentials sent with an address the policy refused belong to that address: not to ours.
  if (managed.includes("baseUrl") && "auth" in allowed) {
    delete allowed.auth;
    managed.push("auth");
  }
  return { patch: allowed, managed };
}

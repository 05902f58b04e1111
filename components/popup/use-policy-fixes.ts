/**
 * Does the administrator's policy fix this setting? Asked of the policy's one owner
 * (lib/policy/managed-settings.ts) from a view off the popup's first path, and kept current
 * while the popup is open. Null until storage answers, so nothing the policy decides flashes.
 */
import { useEffect, useState } from "preact/hooks";
import { policyFixes } from "@/lib/policy/managed-settings";
import { extension } from "@/lib/popup/extension";
import type { SettingKey } from "@/lib/state/settings";

const POLICY = "managedPolicy";

export function usePolicyFixes(key: SettingKey): boolean | null {
  const [fixed, setFixed] = useState<boolean | null>(null);
  useEffect(() => {
    const storage = extension().storage;
    let live = true;
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === "local" && POLICY in changes)
        setFixed(policyFixes(changes[POLICY]?.newValue, key));
    };
    storage.onChanged.addListener(listener);
    storage.local
      .get(POLICY)
      .then((stored) => live && setFixed(policyFixes(stored[POLICY], key)))
      // Unreadable: the policy is not known to fix it; the background still enforces a policy.
      .catch(() => live && setFixed(false));
    return () => {
      live = false;
      storage.onChanged.removeListener(listener);
    };
  }, [key]);
  return fixed;
}

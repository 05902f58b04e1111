/**
 * The administrator's policy, copied from `storage.managed` into local storage on every wake
 * and every change, with its site rules put first in the rule list. A copy, because every
 * settings read lays the policy over the user's values (read.ts) and the pages watch it like
 * any item; the policy's rules are stored so the list fetcher can keep their last good copy.
 */
import { dequal } from "dequal";
import { isRecord } from "../api/is-record";
import type { Failure } from "../protocol/failure";
import { managedRulesOf, sameRules, withManagedRules } from "../routing/managed-rules";
import { decodePolicy } from "../state/managed";
import { read } from "../state/read";
import { updateState } from "../state/store";

/** `storage.managed` and the change events that cover it. */
export interface ManagedArea {
  managed: { get(): Promise<Record<string, unknown>> };
  onChanged: {
    addListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
  };
}

/**
 * Reads the policy: none when the browser has none to give. Chrome rejects when no policy is
 * set for the extension on some builds; Firefox rejects when there is no managed-storage
 * manifest ("Managed storage manifest not found").
 */
async function readManaged(area: ManagedArea): Promise<Record<string, unknown>> {
  try {
    const raw = await area.managed.get();
    return isRecord(raw) ? raw : {};
  } catch {
    return {};
  }
}

/** Copies the policy and lays its rules first; says whether the site rules changed. */
export async function syncManagedPolicy(area: ManagedArea): Promise<{ rulesChanged: boolean }> {
  const raw = await readManaged(area);
  return updateState(["managedPolicy", "siteRules"], ({ managedPolicy, siteRules }) => {
    const { policy } = decodePolicy(raw);
    const rules = withManagedRules(siteRules, managedRulesOf(policy.rules ?? []));
    const rulesChanged = !sameRules(rules, siteRules);
    const write = {
      ...(dequal(raw, managedPolicy) ? {} : { managedPolicy: raw }),
      ...(rulesChanged ? { siteRules: rules } : {}),
    };
    return { write, result: { rulesChanged } };
  });
}

/** Chrome tells a policy change as a storage change in area "managed" (Firefox never does). */
export function onManagedChange(area: ManagedArea, changed: () => void): void {
  area.onChanged.addListener((_changes, name) => {
    if (name === "managed") changed();
  });
}

/**
 * Reads the policy now and on Chrome's change event (Firefox tells no change: the caller reads
 * it on every wake); a change of its rules re-applies the routing.
 */
export function startManagedPolicy(area: ManagedArea, rulesChanged: () => Promise<void>) {
  const sync = () =>
    void syncManagedPolicy(area)
      .then((result) => (result.rulesChanged ? rulesChanged() : undefined))
      .catch(() => undefined);
  onManagedChange(area, sync);
  return sync;
}

/** Refuses what the policy forbids, with the failure that says so; null when allowed. */
export async function forbiddenByPolicy(what: "add-proxies"): Promise<Failure | null> {
  const { policy } = decodePolicy(await read("managedPolicy"));
  if (what === "add-proxies" && policy.addProxies === false) {
    return { code: "policy-forbids-adding" };
  }
  return null;
}

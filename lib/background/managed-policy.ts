/**
 * The administrator's policy, copied from `storage.managed` into local storage on every wake
 * and every change, with its site rules put first in the rule list. A copy, because every
 * settings read lays the policy over the user's values (read.ts) and the pages watch it like
 * any item; the policy's rules are stored so the list fetcher can keep their last good copy.
 * A read that fails keeps the copy in force (managed-read.ts) and is tried again.
 */
import { dequal } from "dequal";
import type { Failure } from "../base/failure";
import { recordedAs } from "../diagnostics/record";
import { decodePolicy } from "../policy/managed";
import {
  EMPTY_AFTER_FAILURE,
  type ManagedRead,
  managedReadOf,
  readTaken,
} from "../policy/managed-read";
import { managedRulesOf, sameRules, withManagedRules } from "../policy/managed-rules";
import { read } from "../storage/read";
import { updateState } from "../storage/store";

/** `storage.managed` and the change events that cover it. */
export interface ManagedArea {
  managed: { get(): Promise<Record<string, unknown>> };
  onChanged: {
    addListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
  };
}

/** A policy read that failed is tried again this much later (Chrome's shortest alarm is 30 s). */
export const POLICY_RETRY_ALARM = "policy-retry";
export const POLICY_RETRY_MINUTES = 1;

const readManaged = (area: ManagedArea): Promise<ManagedRead> =>
  area.managed.get().then(
    (value) => managedReadOf({ value }),
    (error: unknown) => managedReadOf({ error }),
  );

export interface PolicySync {
  rulesChanged: boolean;
  /** The read failed: the last policy read stays in force. */
  unread: boolean;
}

/**
 * Copies the policy and lays its rules first; says whether the site rules changed. A read that
 * fails changes neither the copy nor the rules: it is only recorded, for the pages to say.
 */
export async function syncManagedPolicy(
  area: ManagedArea,
  { now = Date.now, changeEvent = false }: { now?: () => number; changeEvent?: boolean } = {},
): Promise<PolicySync> {
  const outcome = await readManaged(area);
  if (!outcome.ok) {
    const managedPolicyRead = { at: now(), error: outcome.error };
    await updateState(["managedPolicyRead"], () => ({
      write: { managedPolicyRead },
      result: null,
    }));
    return { rulesChanged: false, unread: true };
  }
  const { raw } = outcome;
  const keys = ["managedPolicy", "siteRules", "managedPolicyRead"] as const;
  return updateState([...keys], ({ managedPolicy, siteRules, managedPolicyRead }) => {
    // Not taken, and said: the next change event or restart reads it again (no retry alarm:
    // the store stays empty until then).
    if (!readTaken(raw, managedPolicy, managedPolicyRead, changeEvent)) {
      const unread = { at: now(), error: EMPTY_AFTER_FAILURE };
      return {
        write: { managedPolicyRead: unread },
        result: { rulesChanged: false, unread: false },
      };
    }
    const { policy } = decodePolicy(raw);
    const rules = withManagedRules(siteRules, managedRulesOf(policy.rules ?? []));
    const rulesChanged = !sameRules(rules, siteRules);
    const write = {
      ...(dequal(raw, managedPolicy) ? {} : { managedPolicy: raw }),
      ...(rulesChanged ? { siteRules: rules } : {}),
      ...(managedPolicyRead === null ? {} : { managedPolicyRead: null }),
    };
    return { write, result: { rulesChanged, unread: false } };
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
 * it on every wake); a change of its rules re-applies the routing, a failed read is tried again
 * (`retryLater`: the caller's alarm), since in Firefox no event would bring the policy back.
 */
export function startManagedPolicy(
  area: ManagedArea,
  rulesChanged: () => Promise<void>,
  retryLater: () => void,
) {
  const sync = (changeEvent = false) =>
    void syncManagedPolicy(area, { changeEvent })
      .then((result) => {
        if (result.unread) retryLater();
        return result.rulesChanged ? rulesChanged() : undefined;
      })
      // A failed storage write: the copy in force stays as it was, and the next wake reads again.
      .catch(recordedAs("policy:sync"));
  onManagedChange(area, () => sync(true));
  return () => sync();
}

/** Refuses what the policy forbids, with the failure that says so; null when allowed. */
export async function forbiddenByPolicy(what: "add-proxies"): Promise<Failure | null> {
  const { policy } = decodePolicy(await read("managedPolicy"));
  if (what === "add-proxies" && policy.addProxies === false) {
    return { code: "policy-forbids-adding" };
  }
  return null;
}

/**
 * Applies an imported backup in the background (the only writer): planned against what is
 * stored inside the writer's turn and written in one go, or not at all. A file that changes
 * nothing writes nothing.
 */

import type { Backup } from "../backup/backup";
import {
  blockedEntries,
  changesSomething,
  type ImportSummary,
  planImport,
  summaryOf,
} from "../backup/backup-merge";
import type { Failure } from "../base/failure";
import { decodePolicy } from "../policy/managed";
import { keepManagedRules } from "../policy/managed-rules";
import type { StoredToken } from "../state/tokens";
import { type Change, updateState } from "../storage/store";
import { firstInvalidRule } from "./site-rules";

/** Hand-added proxies (negative ids) the import would add, under a policy that forbids them. */
function addsOwnProxies(
  stored: readonly StoredToken[],
  next: readonly StoredToken[] | undefined,
  policy: Record<string, unknown>,
): boolean {
  if (decodePolicy(policy).policy.addProxies !== false || !next) return false;
  const had = new Set(stored.map((token) => token.id));
  return next.some((token) => token.id < 0 && !had.has(token.id));
}

type Written = "settings" | "tokens" | "trash" | "siteRules";
type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; failure: Failure };

export function importBackup(backup: Backup): Promise<ImportOutcome> {
  return updateState(
    ["settings", "tokens", "trash", "siteRules", "managedPolicy"],
    (current): Change<Written | "managedPolicy", ImportOutcome> => {
      // The file's rules are checked as the editor's are: a wrong one refuses the whole file.
      const invalidRule = backup.siteRules ? firstInvalidRule(backup.siteRules) : null;
      if (invalidRule) return { result: { ok: false, failure: invalidRule } };
      const plan = planImport(current, backup);
      if (blockedEntries(plan).length > 0) {
        return { result: { ok: false, failure: { code: "backup-missing-secrets" } } };
      }
      // A policy that forbids proxies of one's own forbids them from a file too.
      if (addsOwnProxies(current.tokens, plan.next.tokens, current.managedPolicy)) {
        return { result: { ok: false, failure: { code: "policy-forbids-adding" } } };
      }
      const summary = summaryOf(plan);
      if (!changesSomething(plan)) return { result: { ok: true, summary } };
      // A file cannot replace the administrator's rules: they stay first, as stored.
      const next = plan.next.siteRules
        ? { ...plan.next, siteRules: keepManagedRules(current.siteRules, plan.next.siteRules) }
        : plan.next;
      return { write: next, result: { ok: true, summary } };
    },
  );
}

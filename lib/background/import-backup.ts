/**
 * Applies an imported backup in the background (the only writer): planned against what is
 * stored inside the writer's turn and written in one go, or not at all. A file that changes
 * nothing writes nothing.
 */

import type { Backup, BackupState } from "../backup/backup";
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
import { rulesAdmitted } from "../routing/rule-caps";
import { MAX_RULES } from "../routing/rules";
import { proxyEndpoint } from "../state/token-facts";
import { type Change, updateState } from "../storage/store";
import { firstInvalidRule } from "./site-rules";

/**
 * Proxies of the user's own the import would bring in, under a policy that forbids adding
 * them: a hand-added one (kind "manual", or a local id: negative) new here, in the list or the
 * trash, or any token moved
 * to another host:port. A new provider token is let in: a file cannot be told from the
 * provider's own answer, and refusing it would stop a managed browser restoring its tokens.
 */
function addsOwnProxies(
  current: BackupState,
  next: BackupState,
  policy: Record<string, unknown>,
): boolean {
  if (decodePolicy(policy).policy.addProxies !== false) return false;
  const all = (state: BackupState) => [...state.tokens, ...state.trash.map((e) => e.token)];
  const had = new Map(all(current).map((token) => [token.id, proxyEndpoint(token)]));
  return all(next).some((token) => {
    const before = had.get(token.id);
    if (before !== undefined) return before !== proxyEndpoint(token);
    return token.kind === "manual" || token.id < 0;
  });
}

type Written = "settings" | "tokens" | "trash" | "siteRules";
type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; failure: Failure };

export function importBackup(backup: Backup): Promise<ImportOutcome> {
  return updateState(
    ["settings", "tokens", "trash", "siteRules", "managedPolicy"],
    (current): Change<Written | "managedPolicy", ImportOutcome> => {
      // The file's rules are checked as the editor's are: a wrong one refuses the whole file.
      // A list on this machine over plain http is taken, as the editor takes it: the file is
      // the user's own backup of what they typed (refusing it would refuse their whole backup).
      const invalidRule = backup.siteRules ? firstInvalidRule(backup.siteRules) : null;
      if (invalidRule) return { result: { ok: false, failure: invalidRule } };
      const plan = planImport(current, backup);
      if (blockedEntries(plan).length > 0) {
        return { result: { ok: false, failure: { code: "backup-missing-secrets" } } };
      }
      // A policy that forbids proxies of one's own forbids them from a file too.
      if (addsOwnProxies(current, plan.next, current.managedPolicy)) {
        return { result: { ok: false, failure: { code: "policy-forbids-adding" } } };
      }
      const summary = summaryOf(plan);
      if (!changesSomething(plan)) return { result: { ok: true, summary } };
      // A file cannot replace the administrator's rules: they stay first, as stored.
      const next = plan.next.siteRules
        ? { ...plan.next, siteRules: keepManagedRules(current.siteRules, plan.next.siteRules) }
        : plan.next;
      if (next.siteRules && !rulesAdmitted(next.siteRules, current.siteRules)) {
        return { result: { ok: false, failure: { code: "site-rules-full", max: MAX_RULES } } };
      }
      return { write: next, result: { ok: true, summary } };
    },
  );
}

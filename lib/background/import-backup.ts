/**
 * Applies an imported backup in the background (the only writer): planned against what is
 * stored inside the writer's turn and written in one go, or not at all. A file that changes
 * nothing writes nothing.
 */

import type { Failure } from "../protocol/failure";
import { keepManagedRules } from "../routing/managed-rules";
import type { Backup } from "../state/backup";
import {
  blockedEntries,
  changesSomething,
  type ImportSummary,
  planImport,
  summaryOf,
} from "../state/backup-merge";
import { type Change, updateState } from "../state/store";
import { firstInvalidRule } from "./site-rules";

type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; failure: Failure };

export function importBackup(backup: Backup): Promise<ImportOutcome> {
  return updateState(
    ["settings", "tokens", "trash", "siteRules"],
    (current): Change<"settings" | "tokens" | "trash" | "siteRules", ImportOutcome> => {
      // The file's rules are checked as the editor's are: a wrong one refuses the whole file.
      const invalidRule = backup.siteRules ? firstInvalidRule(backup.siteRules) : null;
      if (invalidRule) return { result: { ok: false, failure: invalidRule } };
      const plan = planImport(current, backup);
      if (blockedEntries(plan).length > 0) {
        return { result: { ok: false, failure: { code: "backup-missing-secrets" } } };
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

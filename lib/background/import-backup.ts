/**
 * Applies an imported backup in the background (the only writer): all or nothing. The plan is
 * checked against what is stored before anything is written; a file that changes nothing
 * writes nothing.
 */

import type { Backup } from "../options/backup";
import {
  blockedEntries,
  changesSomething,
  type ImportSummary,
  mergeTokens,
  mergeTrash,
  planImport,
  summaryOf,
} from "../options/backup-merge";
import type { Reply } from "../protocol/messages";
import {
  readSettings,
  readTokens,
  readTrash,
  saveSettings,
  updateTokens,
  updateTrash,
} from "../state/storage";

export const MISSING_SECRETS =
  "This backup was made without secrets and holds tokens this browser does not have, so their passwords are missing. Export it again with “Include secrets” ticked. Nothing was imported.";

class Blocked extends Error {}

export async function importBackup(backup: Backup): Promise<Reply<ImportSummary>> {
  const [settings, tokens, trash] = await Promise.all([readSettings(), readTokens(), readTrash()]);
  const plan = planImport({ settings, tokens, trash }, backup);
  if (blockedEntries(plan).length > 0) {
    return { ok: false, error: MISSING_SECRETS, code: "backup-missing-secrets" };
  }
  if (!changesSomething(plan)) return { ok: true, data: summaryOf(plan) };
  const trashIds = new Set(trash.map((e) => e.token.id));
  const tokenIds = new Set(tokens.map((t) => t.id));
  try {
    // Merged again inside each update, against the list as it is by then (the checked plan
    // makes a missing password here possible only through a concurrent change).
    if (plan.tokens.added.length + plan.tokens.updated.length > 0) {
      await updateTokens((current) => {
        const merged = mergeTokens(current, trashIds, backup.tokens);
        if (merged.changes.missingPassword.length > 0) throw new Blocked();
        return { tokens: merged.tokens, result: undefined };
      });
    }
    if (plan.trash.added.length + plan.trash.updated.length > 0) {
      await updateTrash((current) => {
        const merged = mergeTrash(current, tokenIds, backup.trash);
        if (merged.changes.missingPassword.length > 0) throw new Blocked();
        return { trash: merged.trash, result: undefined };
      });
    }
  } catch (error) {
    if (error instanceof Blocked) {
      return { ok: false, error: MISSING_SECRETS, code: "backup-missing-secrets" };
    }
    throw error;
  }
  if (plan.settings.length > 0) await saveSettings(plan.next.settings);
  return { ok: true, data: summaryOf(plan) };
}

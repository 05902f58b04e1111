/**
 * Export to a JSON file; import shows what will change first and changes nothing on a bad
 * file. The page reads storage to export and to preview; the background does the writing.
 */
import { useRef, useState } from "preact/hooks";
import {
  type Backup,
  type BackupProblem,
  backupFileName,
  backupFileText,
  buildBackup,
  MAX_BACKUP_BYTES,
  parseBackup,
} from "@/lib/backup/backup";
import { type ImportPlan, type ImportSummary, planImport } from "@/lib/backup/backup-merge";
import { recordFailure } from "@/lib/diagnostics/record";
import type { OptionsKey, Translate } from "@/lib/i18n/options-strings";
import { readState } from "@/lib/storage/read";
import {
  type ForeignPending,
  ForeignPreview,
  foreignProblemText,
  readForeign,
} from "./ForeignPreview";
import { ImportPreview } from "./ImportPreview";
import { LockedNote, usePolicy } from "./policy";
import { SupportAnswers } from "./SupportAnswers";
import { Notice, type NoticeValue, send, useExplain, useT } from "./shared";

const readBackupState = () => readState(["settings", "tokens", "trash", "siteRules"]);

export function BackupSection() {
  const t = useT();
  const explain = useExplain();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [exportNotice, setExportNotice] = useState<NoticeValue | null>(null);
  const [importNotice, setImportNotice] = useState<NoticeValue | null>(null);
  const [pending, setPending] = useState<{ backup: Backup; plan: ImportPlan } | null>(null);
  const [foreign, setForeign] = useState<ForeignPending | null>(null);
  const [keepRest, setKeepRest] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  // The policy can keep secrets out of every backup: the box is then off and locked.
  const secretsForbidden = usePolicy().backupSecrets === false;
  const withSecrets = includeSecrets && !secretsForbidden;

  async function exportBackup() {
    try {
      const now = new Date();
      const backup = buildBackup(await readBackupState(), withSecrets, now);
      const url = URL.createObjectURL(
        new Blob([backupFileText(backup)], { type: "application/json" }),
      );
      const link = document.createElement("a");
      link.href = url;
      link.download = backupFileName(now);
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started by now; give slow disks a minute before freeing the blob.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setExportNotice({ tone: "ok", text: t("backup.exported", { file: link.download }) });
    } catch (error) {
      recordFailure("backup:export", error);
      setExportNotice({ tone: "error", text: t("backup.exportFailed") });
    }
  }

  async function chooseFile(event: Event) {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    setPending(null);
    setForeign(null);
    setImportNotice(null);
    if (!file) return;
    if (file.size > MAX_BACKUP_BYTES) {
      setImportNotice({ tone: "error", text: problemText(t, { kind: "too-large" }) });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      recordFailure("backup:read-file", error);
      setImportNotice({ tone: "error", text: t("backup.err.read") });
      return;
    }
    const parsed = parseBackup(text);
    // Not ours: perhaps FoxyProxy's export or SwitchyOmega's options (Omega's may be base64).
    if (
      !parsed.ok &&
      (parsed.problem.kind === "not-backup" || parsed.problem.kind === "not-json")
    ) {
      const read = await readForeign(text);
      if (read?.ok) setForeign(read.pending);
      else if (read) setImportNotice({ tone: "error", text: foreignProblemText(t, read.problem) });
      if (read) return;
    }
    if (!parsed.ok) {
      setImportNotice({ tone: "error", text: problemText(t, parsed.problem) });
      return;
    }
    setPending({ backup: parsed.backup, plan: planImport(await readBackupState(), parsed.backup) });
  }

  function reset() {
    setPending(null);
    setForeign(null);
    if (fileRef.current) fileRef.current.value = "";
  }

  async function confirmImport() {
    if (!pending) return;
    setBusy(true);
    const reply = await send({ type: "importBackup", backup: pending.backup });
    setBusy(false);
    reset();
    setImportNotice(
      reply.ok
        ? { tone: "ok", text: summaryText(t, reply.data) }
        : { tone: "error", text: t("backup.importFailed", { reason: explain(reply.failure) }) },
    );
    fileRef.current?.focus();
  }

  return (
    <section id="backup" aria-labelledby="backup-heading">
      <h2 id="backup-heading">{t("backup.heading")}</h2>
      <p class="hint">{t("backup.intro")}</p>

      <h3>{t("backup.exportHeading")}</h3>
      <label class="check" for="include-secrets">
        <input
          id="include-secrets"
          type="checkbox"
          checked={withSecrets}
          disabled={secretsForbidden}
          aria-describedby={
            secretsForbidden
              ? "include-secrets-locked include-secrets-hint"
              : "include-secrets-hint"
          }
          onChange={(e) => setIncludeSecrets(e.currentTarget.checked)}
        />
        {t("backup.includeSecrets")}
      </label>
      {secretsForbidden && <LockedNote id="include-secrets-locked" text="policy.noSecrets" />}
      <p id="include-secrets-hint" class="hint">
        {t("backup.includeSecretsHint")}
      </p>
      <div class="actions">
        <button type="button" onClick={exportBackup}>
          {t("backup.download")}
        </button>
      </div>
      <Notice notice={exportNotice} id="export-status" />

      <h3>{t("backup.importHeading")}</h3>
      <div class="field">
        <label for="import-file">{t("backup.file")}</label>
        <input
          id="import-file"
          ref={fileRef}
          type="file"
          accept=".json,.bak,.txt,application/json,text/plain"
          aria-describedby="import-file-hint"
          onChange={chooseFile}
        />
        <p id="import-file-hint" class="hint">
          {t("backup.fileHint")}
        </p>
      </div>
      {pending && (
        <ImportPreview
          plan={pending.plan}
          busy={busy}
          onConfirm={confirmImport}
          onCancel={() => {
            reset();
            setImportNotice({ tone: "info", text: t("backup.cancelled") });
          }}
        />
      )}
      {foreign && (
        <ForeignPreview
          format={foreign.format}
          model={foreign.model}
          busy={busy}
          keepRest={keepRest}
          onKeepRest={setKeepRest}
          onConfirm={async () => {
            setBusy(true);
            const reply = await send({ type: "importForeign", text: foreign.text, rest: keepRest });
            setBusy(false);
            reset();
            setImportNotice(
              reply.ok
                ? { tone: "ok", text: t("foreign.done", { ...reply.data }) }
                : {
                    tone: "error",
                    text: t("backup.importFailed", { reason: explain(reply.failure) }),
                  },
            );
            fileRef.current?.focus();
          }}
          onCancel={() => {
            reset();
            setImportNotice({ tone: "info", text: t("backup.cancelled") });
          }}
        />
      )}
      <Notice notice={importNotice} id="import-status" />
      <SupportAnswers />
    </section>
  );
}

function problemText(t: Translate, problem: BackupProblem): string {
  const key = `backup.err.${problem.kind}` as OptionsKey;
  switch (problem.kind) {
    case "newer-version":
      return t(key, { version: problem.version });
    case "damaged":
      return t(key, { where: problem.where });
    case "repeated-id":
      return t(key, { id: problem.id });
    default:
      return t(key);
  }
}

function summaryText(t: Translate, summary: ImportSummary): string {
  return t("backup.imported", {
    tokensAdded: summary.tokensAdded,
    tokensUpdated: summary.tokensUpdated,
    trashAdded: summary.trashAdded,
    trashUpdated: summary.trashUpdated,
    settings: summary.settingsChanged.length,
  });
}

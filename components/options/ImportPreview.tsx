/** What an import will change, shown before anything is written; refused imports say why. */
import type { OptionsKey } from "@/lib/i18n/options-strings";
import {
  blockedEntries,
  changesSomething,
  type EntryRef,
  type ImportPlan,
  type ListChanges,
} from "@/lib/state/backup-merge";
import { Notice, useT } from "./shared";

export function ImportPreview(props: {
  plan: ImportPlan;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { plan } = props;
  const blocked = blockedEntries(plan);
  const changes = changesSomething(plan);
  const settingNames = plan.settings.map((key) => t(`setting.${key}` as OptionsKey));
  return (
    <section class="preview" aria-labelledby="preview-heading" data-testid="import-preview">
      <h4 id="preview-heading">{t("backup.preview")}</h4>
      <ListPreview list="tokens" changes={plan.tokens} />
      <ListPreview list="trash" changes={plan.trash} />
      <p data-field="settings">
        {settingNames.length > 0
          ? t("backup.settings", { list: settingNames.join(", ") })
          : t("backup.settingsSame")}
      </p>
      {plan.keepsCredentials && <p>{t("backup.keepsCredentials")}</p>}
      {blocked.length > 0 ? (
        <Notice
          notice={{
            tone: "error",
            text: t("backup.missing", { count: blocked.length, list: labels(blocked) }),
          }}
        />
      ) : !changes ? (
        <p role="status">{t("backup.nothing")}</p>
      ) : null}
      <div class="actions">
        {blocked.length === 0 && changes && (
          <button type="button" onClick={props.onConfirm} disabled={props.busy}>
            {t("backup.confirm")}
          </button>
        )}
        <button type="button" class="secondary" onClick={props.onCancel} disabled={props.busy}>
          {t("backup.cancel")}
        </button>
      </div>
    </section>
  );
}

const LIST_TEXT = {
  tokens: { counts: "backup.tokens", kept: "backup.keptInTrash" },
  trash: { counts: "backup.trash", kept: "backup.keptAsToken" },
} as const;

/** What the import does to one list: the counts, then the entries added, updated and kept. */
function ListPreview({ list, changes }: { list: "tokens" | "trash"; changes: ListChanges }) {
  const t = useT();
  const lines = [
    changes.added.length > 0 && t("backup.added", { list: labels(changes.added) }),
    changes.updated.length > 0 && t("backup.updated", { list: labels(changes.updated) }),
    changes.kept.length > 0 && t(LIST_TEXT[list].kept, { list: labels(changes.kept) }),
  ].filter((line): line is string => typeof line === "string");
  return (
    <>
      <p data-field={list}>
        {t(LIST_TEXT[list].counts, {
          added: changes.added.length,
          updated: changes.updated.length,
          unchanged: changes.unchanged,
        })}
      </p>
      {lines.length > 0 && (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

const MAX_LISTED = 12;
function labels(entries: EntryRef[]): string {
  const shown = entries.slice(0, MAX_LISTED).map((e) => e.label);
  const more = entries.length - shown.length;
  return more > 0 ? `${shown.join(", ")}, … (+${more})` : shown.join(", ");
}

/** What an import will change, shown before anything is written; refused imports say why. */
import { useContext, useMemo } from "preact/hooks";
import {
  blockedEntries,
  changesSomething,
  type EntryRef,
  type ImportPlan,
  type ListChanges,
} from "@/lib/backup/backup-merge";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import { refusalSentence } from "@/lib/i18n/refusal-strings";
import { ruleLines } from "@/lib/routing/rule-list";
import type { SiteRule } from "@/lib/routing/rules";
import { proxyEndpoint } from "@/lib/state/token-facts";
import { PreviewActions } from "./PreviewActions";
import { LanguageContext, Notice, useT } from "./shared";

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

  return (
    <section class="preview" aria-labelledby="preview-heading" data-testid="import-preview">
      <h4 id="preview-heading">{t("backup.preview")}</h4>
      <ListPreview list="tokens" changes={plan.tokens} />
      <ListPreview list="trash" changes={plan.trash} />
      <SettingsPreview plan={plan} />
      {plan.siteRules && <RulesPreview rules={plan.siteRules} plan={plan} />}
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
      <PreviewActions
        confirm={blocked.length === 0 && changes ? t("backup.confirm") : null}
        cancel={t("backup.cancel")}
        busy={props.busy}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
    </section>
  );
}

/** Every setting that changes with its old and new value; the credentials and the address. */
function SettingsPreview({ plan }: { plan: ImportPlan }) {
  const t = useT();
  const language = useContext(LanguageContext);
  const reason = useMemo(() => refusalSentence(language), [language]);
  const shown = plan.settingChanges.filter((c) => c.key !== "auth");
  const baseUrl = plan.settingChanges.find((c) => c.key === "baseUrl");
  return (
    <>
      <p data-field="settings">
        {shown.length > 0 ? t("backup.settings", { list: "" }) : t("backup.settingsSame")}
      </p>
      {shown.length > 0 && (
        <ul data-field="setting-changes">
          {shown.map((c) => (
            <li key={c.key}>
              {t("backup.settingChange", {
                name: t(`setting.${c.key}` as OptionsKey),
                from: c.from || "—",
                to: c.to || "—",
              })}
            </li>
          ))}
        </ul>
      )}
      {plan.refusedSettings.map(({ key, refusal }) => (
        <p class="warn" data-field="setting-refused" key={key}>
          {t("backup.settingRefused", {
            name: t(`setting.${key}` as OptionsKey),
            reason: reason(refusal.code, refusal.detail),
          })}
        </p>
      ))}
      {plan.refusedBaseUrl !== null && (
        <p class="warn" data-field="base-url-refused">
          {t("backup.baseUrlRefused", { url: plan.refusedBaseUrl })}
        </p>
      )}
      <p data-field="credentials">
        {t(`backup.credentials.${plan.credentials}`, { from: baseUrl?.from || "—" })}
      </p>
    </>
  );
}

/** The file's site rules replace the stored ones: each is listed, since rules steer traffic. */
function RulesPreview({ rules, plan }: { rules: SiteRule[]; plan: ImportPlan }) {
  const t = useT();
  // Where each token route leads, and whether the file itself brings that token.
  const added = new Set(plan.tokens.added.map((entry) => entry.id));
  const gateway = new Map(plan.next.tokens.map((tk) => [tk.id, proxyEndpoint(tk)]));
  const route = (r: SiteRule["route"]) =>
    r.kind === "token"
      ? t(added.has(r.tokenId) ? "backup.ruleNewToken" : "backup.ruleToken", {
          id: r.tokenId,
          gateway: gateway.get(r.tokenId) ?? "?",
        })
      : t(r.kind === "direct" ? "backup.ruleDirect" : "backup.ruleBlock");
  const what = (rule: SiteRule) =>
    rule.source.type === "pattern"
      ? rule.source.text
      : t("backup.ruleList", {
          name: rule.source.name,
          count: ruleLines(rule.source.lines).length,
        });
  return (
    <>
      <p data-field="site-rules">{t("backup.rules", { count: rules.length })}</p>
      <ul>
        {rules.slice(0, MAX_LISTED).map((rule) => (
          <li key={rule.id}>
            {what(rule)} <span class="flow-arrow">→</span> {route(rule.route)}
            {rule.container ? ` [${rule.container}]` : ""}
            {rule.enabled ? "" : ` (${t("backup.ruleOff")})`}
          </li>
        ))}
        {rules.length > MAX_LISTED && <li>… (+{rules.length - MAX_LISTED})</li>}
      </ul>
    </>
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
    ...changes.moved.map((m) => t("backup.moved", m)),
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

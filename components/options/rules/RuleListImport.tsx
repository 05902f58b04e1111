/**
 * Importing an AutoProxy/SwitchyOmega rule list (pasted or from a file): every line judged and
 * reported first, then the accepted lines added as one rule with one route.
 */
import { useState } from "preact/hooks";
import { recordFailure } from "@/lib/diagnostics/record";
import { listProblemSentence } from "@/lib/options/rules-editor";
import { parseRuleList } from "@/lib/routing/rule-list";
import { FieldError } from "../shared";
import { EveryLine } from "./EveryLine";
import { type AddFormProps, CheckedTextInput, RouteField, useNewRoute } from "./RuleFields";
import { useRulesT } from "./use-rules";

/** Rejected lines listed in the report; the count says how many more. */
const SHOWN_REJECTED = 50;
const MAX_NAME = 200;

type Parsed = ReturnType<typeof parseRuleList>;

export function RuleListImport(props: AddFormProps) {
  const t = useRulesT();
  const [text, setText] = useState("");
  const [report, setReport] = useState<Parsed | null>(null);
  const [name, setName] = useState("");
  const [readError, setReadError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [route, setChosen] = useNewRoute(props);
  const nameError = name.length > MAX_NAME ? t("rules.import.badName") : null;

  const edit = (next: string) => {
    setText(next);
    setReport(null);
  };
  async function chooseFile(event: Event) {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    setReadError(false);
    if (!file) return;
    try {
      edit(await file.text());
      if (!name) setName(file.name.replace(/\.[^.]*$/, "").slice(0, MAX_NAME));
    } catch (error) {
      recordFailure("rules:read-file", error);
      setReadError(true);
    }
  }
  const count = (outcome: Parsed["lines"][number]["outcome"]) =>
    report?.lines.filter((line) => line.outcome === outcome).length ?? 0;
  const rejected = report?.lines.filter((line) => line.outcome === "rejected") ?? [];

  async function add() {
    if (!report || report.unrouted || nameError) return;
    setBusy(true);
    const listName = name.trim() || t("rules.unnamedList");
    const added = await props.onAdd(
      { type: "list", name: listName, lines: report.accepted },
      route,
    );
    setBusy(false);
    if (added) {
      edit("");
      setName("");
    }
  }

  return (
    <div class="rule-import">
      <p class="hint" id="rules-import-intro">
        {t("rules.import.intro")}
      </p>
      <label for="rules-import-text">{t("rules.import.text")}</label>
      <textarea
        id="rules-import-text"
        rows={6}
        spellcheck={false}
        value={text}
        aria-describedby="rules-import-intro"
        onInput={(event) => edit(event.currentTarget.value)}
      />
      <label for="rules-import-file">{t("rules.import.file")}</label>
      <input
        id="rules-import-file"
        type="file"
        accept=".txt,text/plain"
        aria-describedby={readError ? "rules-import-read-error" : undefined}
        onChange={(event) => void chooseFile(event)}
      />
      <FieldError
        id="rules-import-read-error"
        message={readError ? t("rules.import.readFailed") : null}
      />
      <div class="actions">
        <button
          type="button"
          class="secondary"
          disabled={text.trim() === ""}
          onClick={() => setReport(parseRuleList(text))}
        >
          {t("rules.import.check")}
        </button>
      </div>
      {report && (
        <div class="preview" id="rules-import-report" role="status">
          <p>
            {t("rules.import.report", {
              imported: count("imported"),
              comments: count("comment"),
              rejected: rejected.length,
            })}
          </p>
          {rejected.length > 0 && (
            <ul class="rule-rejected">
              {rejected.slice(0, SHOWN_REJECTED).map((line) => (
                <li key={line.number}>
                  {t("rules.import.rejectedLine", {
                    line: line.number,
                    reason: listProblemSentence(line.problem, t),
                  })}{" "}
                  <code>{line.text}</code>
                </li>
              ))}
              {rejected.length > SHOWN_REJECTED && (
                <li>
                  {t("rules.import.moreRejected", { count: rejected.length - SHOWN_REJECTED })}
                </li>
              )}
            </ul>
          )}
          {report.unrouted && <p>{t(`rules.import.unrouted.${report.unrouted}`)}</p>}
          <EveryLine lines={report.lines} />
        </div>
      )}
      {report && !report.unrouted && (
        <div class="rule-import-add">
          <div class="field">
            <label for="rules-import-name">{t("rules.import.name")}</label>
            <CheckedTextInput
              id="rules-import-name"
              value={name}
              error={nameError}
              placeholder={t("rules.unnamedList")}
              onInput={setName}
            />
          </div>
          <RouteField
            id="rules-import-route"
            label={t("rules.import.route")}
            value={route}
            tokens={props.tokens}
            now={props.now}
            onChange={setChosen}
          />
          <div class="actions">
            <button type="button" disabled={busy || !!nameError} onClick={() => void add()}>
              {t("rules.import.add")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

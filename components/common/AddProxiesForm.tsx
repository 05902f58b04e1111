/**
 * Adding proxies the user already has, for both pages that offer it: lines pasted or read
 * from a file, every line judged and shown before anything is saved; `add` sends them to the
 * background, which parses again and stores them.
 */
import "./add-proxies.css";
import { useState } from "preact/hooks";
import type { addProxiesStrings } from "../../lib/i18n/add-proxies-strings";
import { foreignFormatOf } from "../../lib/import/detect";
import type { AddProxiesOutcome } from "../../lib/protocol/commands";
import { type LineVerdict, parseProxyLines } from "../../lib/state/proxy-lines";
import type { StoredToken } from "../../lib/state/tokens";

type AddKey = keyof typeof addProxiesStrings.en;

/** Refused lines listed in the preview; the count says how many more. */
const SHOWN_REFUSALS = 50;

export function AddProxiesForm({
  t,
  tokens,
  add,
  idPrefix,
}: {
  t: (key: AddKey, values?: Record<string, string | number>) => string;
  tokens: readonly StoredToken[];
  /** Sends the text; resolves to the outcome, or to a sentence saying what went wrong. */
  add: (text: string) => Promise<AddProxiesOutcome | string>;
  idPrefix: string;
}) {
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<LineVerdict[] | null>(null);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [foreign, setForeign] = useState<"foxyproxy" | "omega" | null>(null);

  const edit = (next: string) => {
    setText(next);
    setPreview(null);
    setForeign(null);
  };
  async function chooseFile(event: Event) {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file) edit(await file.text());
  }
  // A file dropped on the text box is read into it, as if chosen.
  async function dropFile(event: DragEvent) {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    edit(await file.text());
  }
  const count = (outcome: LineVerdict["outcome"]) =>
    preview?.filter((v) => v.outcome === outcome).length ?? 0;
  const refused = preview?.filter((v) => v.outcome === "rejected") ?? [];

  async function submit() {
    setBusy(true);
    const outcome = await add(text);
    setBusy(false);
    if (typeof outcome === "string") {
      setResult({ error: true, text: outcome });
      return;
    }
    const { added, duplicate, rejected } = outcome;
    setResult({
      error: false,
      text: t("add.done", { added: added.length, duplicate, rejected: rejected.length }),
    });
    edit("");
  }

  return (
    <div class="add-proxies">
      <label for={`${idPrefix}-text`}>{t("add.text")}</label>
      <textarea
        id={`${idPrefix}-text`}
        rows={6}
        spellcheck={false}
        value={text}
        aria-describedby={`${idPrefix}-hint`}
        onInput={(e) => edit(e.currentTarget.value)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => void dropFile(e)}
      />
      <p id={`${idPrefix}-hint`} class="hint">
        {t("add.formats")}
      </p>
      <label for={`${idPrefix}-file`}>{t("add.file")}</label>
      <input
        id={`${idPrefix}-file`}
        type="file"
        accept=".txt,.csv,text/plain,text/csv"
        onChange={chooseFile}
      />
      <div class="actions">
        <button
          type="button"
          class="secondary btn"
          disabled={text.trim() === ""}
          onClick={() => {
            // A whole FoxyProxy or Omega file is no list of lines: say where it goes instead
            // of refusing each of its lines for a reason that is not the real one.
            const format = foreignFormatOf(text);
            setForeign(format);
            setPreview(format ? null : parseProxyLines(text, tokens));
          }}
        >
          {t("add.check")}
        </button>
        {preview && count("added") > 0 && (
          <button
            type="button"
            class="btn btn--primary"
            disabled={busy}
            onClick={() => void submit()}
          >
            {t("add.add", { count: count("added") })}
          </button>
        )}
      </div>
      {foreign && (
        <p data-testid="add-preview" role="status">
          {t("add.foreign", { source: t(`add.source.${foreign}`) })}
        </p>
      )}
      {preview && (
        <div data-testid="add-preview" role="status">
          <p>
            {t("add.preview", {
              added: count("added"),
              duplicate: count("duplicate"),
              rejected: refused.length,
            })}
          </p>
          {refused.length > 0 && (
            <ul class="add-refused">
              {refused.slice(0, SHOWN_REFUSALS).map((v) =>
                v.outcome === "rejected" ? (
                  <li key={v.line}>
                    {t("add.refusedLine", {
                      line: v.line,
                      reason: t(`add.problem.${v.problem}`),
                    })}{" "}
                    <code>{v.text}</code>
                  </li>
                ) : null,
              )}
              {refused.length > SHOWN_REFUSALS && (
                <li>{t("add.moreRefused", { count: refused.length - SHOWN_REFUSALS })}</li>
              )}
            </ul>
          )}
        </div>
      )}
      {result && (
        <p id={`${idPrefix}-status`} role={result.error ? "alert" : "status"} class="add-result">
          {result.text}
        </p>
      )}
    </div>
  );
}

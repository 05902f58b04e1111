/**
 * Proxies the user already has (bought elsewhere, on another computer, from another provider):
 * pasted or from a file, each line judged and shown before anything is saved; the background
 * parses again and stores them as tokens "added by hand".
 */
import { useState } from "preact/hooks";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import { type LineVerdict, parseProxyLines } from "@/lib/state/proxy-lines";
import type { StoredToken } from "@/lib/state/tokens";
import { Notice, type NoticeValue, send, useExplain, useT } from "./shared";

/** Refused lines listed in the preview; the count says how many more. */
const SHOWN_REFUSALS = 50;

export function AddProxiesSection({ tokens }: { tokens: StoredToken[] }) {
  const t = useT();
  const explain = useExplain();
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<LineVerdict[] | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (next: string) => {
    setText(next);
    setPreview(null);
  };

  async function chooseFile(event: Event) {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file) edit(await file.text());
  }

  const count = (outcome: LineVerdict["outcome"]) =>
    preview?.filter((v) => v.outcome === outcome).length ?? 0;

  async function add() {
    setBusy(true);
    const reply = await send({ type: "addProxies", text });
    setBusy(false);
    if (!reply.ok) {
      setNotice({ tone: "error", text: explain(reply.failure) });
      return;
    }
    const { added, duplicate, rejected } = reply.data;
    setNotice({
      tone: "ok",
      text: t("add.done", { added: added.length, duplicate, rejected: rejected.length }),
    });
    setText("");
    setPreview(null);
  }

  const refused = preview?.filter((v) => v.outcome === "rejected") ?? [];
  return (
    <section id="add-proxies" aria-labelledby="add-proxies-heading">
      <h2 id="add-proxies-heading">{t("add.heading")}</h2>
      <p class="hint">{t("add.intro")}</p>
      <label for="add-proxies-text">{t("add.text")}</label>
      <textarea
        id="add-proxies-text"
        rows={6}
        spellcheck={false}
        value={text}
        aria-describedby="add-proxies-hint"
        onInput={(e) => edit(e.currentTarget.value)}
      />
      <p id="add-proxies-hint" class="hint">
        {t("add.formats")}
      </p>
      <label for="add-proxies-file">{t("add.file")}</label>
      <input
        id="add-proxies-file"
        type="file"
        accept=".txt,.csv,text/plain,text/csv"
        onChange={chooseFile}
      />
      <div class="actions">
        <button
          type="button"
          class="secondary"
          disabled={text.trim() === ""}
          onClick={() => setPreview(parseProxyLines(text, tokens))}
        >
          {t("add.check")}
        </button>
        {preview && count("added") > 0 && (
          <button type="button" disabled={busy} onClick={() => void add()}>
            {t("add.add", { count: count("added") })}
          </button>
        )}
      </div>
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
                      reason: t(`add.problem.${v.problem}` as OptionsKey),
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
      <Notice notice={notice} id="add-proxies-status" />
    </section>
  );
}

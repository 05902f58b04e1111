/**
 * Settings' "Support": copies the diagnostics log (lib/diagnostics/) as plain text for a
 * support request, and shows the copied text, so the user sees what they are about to send
 * (and can select it by hand when the browser refuses the clipboard). Also clears the log.
 */
import { useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { copyText } from "@/components/common/clipboard";
import { type DiagnosticsHeader, formatDiagnostics } from "@/lib/diagnostics/format";
import { recordFailure } from "@/lib/diagnostics/record";
import { RING_CAP } from "@/lib/diagnostics/ring";
import { Notice, type NoticeValue, send, useExplain, useLanguage, useT } from "./shared";

type BrowserInfo = { name: string; version: string };

/** Firefox names itself (runtime.getBrowserInfo); Chrome has only its user agent to say. */
async function browserName(): Promise<string> {
  const agent = navigator.userAgent;
  const info = (browser.runtime as { getBrowserInfo?: () => Promise<BrowserInfo> }).getBrowserInfo;
  if (!info) return agent;
  try {
    const { name, version } = await info();
    return `${name} ${version} (${agent})`;
  } catch (error) {
    recordFailure("diagnostics:browser-info", error);
    return agent;
  }
}

async function headerOf(language: string): Promise<DiagnosticsHeader> {
  return {
    version: browser.runtime.getManifest().version,
    browser: await browserName(),
    language,
    browserLanguage: navigator.language,
    now: Date.now(),
  };
}

export function DiagnosticsSection() {
  const t = useT();
  const explain = useExplain();
  const language = useLanguage();
  /** The task running: reading is slow enough to say so; a clear is not. */
  const [busy, setBusy] = useState<"copy" | "clear" | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  /** The text last copied, shown under the buttons. */
  const [text, setText] = useState<string | null>(null);

  async function copy() {
    setBusy("copy");
    setNotice(null);
    const reply = await send({ type: "diagnostics" });
    if (!reply.ok) {
      setBusy(null);
      setNotice({ tone: "error", text: t("diag.readFailed", { reason: explain(reply.failure) }) });
      return;
    }
    const { events } = reply.data;
    const report = formatDiagnostics(await headerOf(language), events);
    setText(report);
    const copied = await copyText(report);
    setBusy(null);
    setNotice(
      copied
        ? { tone: "ok", text: t("diag.copied", { count: events.length }) }
        : { tone: "error", text: t("diag.copyFailed") },
    );
  }

  async function clear() {
    setBusy("clear");
    setNotice(null);
    const reply = await send({ type: "clearDiagnostics" });
    setBusy(null);
    if (reply.ok) setText(null);
    setNotice(
      reply.ok
        ? { tone: "ok", text: t("diag.cleared") }
        : { tone: "error", text: t("diag.clearFailed", { reason: explain(reply.failure) }) },
    );
  }

  return (
    <section id="support" aria-labelledby="support-heading">
      <h2 id="support-heading">{t("diag.heading")}</h2>
      <p class="hint">{t("diag.intro", { max: RING_CAP })}</p>
      <p class="hint">{t("diag.privacy")}</p>
      <div class="actions">
        <button type="button" onClick={() => void copy()} disabled={busy !== null}>
          {t("diag.copy")}
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => void clear()}
          disabled={busy !== null}
        >
          {t("diag.clear")}
        </button>
        <span role="status" class="busy">
          {busy === "copy" ? t("diag.reading") : ""}
        </span>
      </div>
      <Notice notice={notice} id="diagnostics-status" />
      {text !== null && (
        <div class="field">
          <label for="diagnostics-text">{t("diag.text")}</label>
          <textarea id="diagnostics-text" readOnly rows={12} spellcheck={false} value={text} />
        </div>
      )}
    </section>
  );
}

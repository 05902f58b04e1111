/** Base URL and API credentials: validate, verify with the unsaved values, save, remove. */
import { useRef, useState } from "preact/hooks";
import type { VerifyReport } from "@/lib/protocol/commands";
import type { Settings } from "@/lib/state/settings";
import { ConfirmBox } from "./ConfirmBox";
import {
  type CredentialsField,
  type CredentialsForm,
  checkCredentials,
  credentialsOf,
  formFrom,
  storedText,
  verifyNotice,
} from "./credentials-form";
import { TextField } from "./FormFields";
import { LoginFields } from "./LoginFields";
import { LockedNote, usePolicy } from "./policy";
import { Notice, type NoticeValue, patchSettings, send, useExplain, useT } from "./shared";
import { useLatestAttempt } from "./use-latest-attempt";
import { useSettingsForm } from "./use-settings-form";
import { VerifyReportList } from "./VerifyReportList";

/**
 * The welcome shows this section as its first step: its own heading and words, and one button
 * that saves and then verifies (`welcome`).
 */
interface Props {
  settings: Settings;
  welcome?: { heading: string; intro: string; done: boolean };
}

export function CredentialsSection({ settings, welcome }: Props) {
  const t = useT();
  const explain = useExplain();
  const { form, setForm, update, errors, setErrors } = useSettingsForm<
    CredentialsForm,
    CredentialsField
  >(settings, formFrom, credentialsOf(settings));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [busy, setBusy] = useState<null | "verify" | "save" | "remove">(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const attempt = useLatestAttempt();

  /** The settings these fields describe, or null after showing the field errors that stop them. */
  function checked(): Settings | null {
    const result = checkCredentials(form, settings, t);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      setNotice({ tone: "error", text: t("cred.fixErrors") });
      return null;
    }
    return result.settings;
  }

  /** `saved`: the values were just saved (the settings prop has not caught up yet). */
  async function verify(saved = false) {
    const candidate = checked();
    if (!candidate) return;
    const mine = attempt.start();
    setBusy("verify");
    setReport(null);
    setNotice({ tone: "info", text: t("cred.verifying") });
    if (!candidate.auth) return;
    const reply = await send({
      type: "verifyCredentials",
      baseUrl: candidate.baseUrl,
      auth: candidate.auth,
    });
    if (!attempt.isLatest(mine)) return;
    setBusy(null);
    if (!reply.ok) {
      setNotice({
        tone: "error",
        text: t("cred.verifyFailed", { reason: explain(reply.failure) }),
      });
      return;
    }
    setReport(reply.data);
    const unsaved =
      !saved &&
      JSON.stringify(credentialsOf(candidate)) !== JSON.stringify(credentialsOf(settings));
    setNotice(verifyNotice(reply.data, unsaved, t));
  }

  async function save(event: Event) {
    event.preventDefault();
    const candidate = checked();
    if (!candidate) return;
    const mine = attempt.start();
    setBusy("save");
    const problem = await patchSettings(
      { baseUrl: candidate.baseUrl, auth: candidate.auth },
      t,
      explain,
    );
    if (!attempt.isLatest(mine)) return;
    setBusy(null);
    setNotice(
      problem === null
        ? { tone: "ok", text: t("cred.saved") }
        : { tone: "error", text: t("cred.saveFailed", { reason: problem }) },
    );
    if (problem === null && welcome) await verify(true);
  }

  async function remove() {
    setBusy("remove");
    const problem = await patchSettings({ auth: null }, t, explain);
    setBusy(null);
    setConfirmRemove(false);
    if (problem === null) {
      setForm({ ...form, accessToken: "", username: "", password: "" });
      setNotice({ tone: "ok", text: t("cred.removed") });
    } else {
      setNotice({ tone: "error", text: t("cred.saveFailed", { reason: problem }) });
    }
    removeRef.current?.focus();
  }

  const baseUrlLocked = usePolicy().baseUrl !== undefined;
  const error = (field: CredentialsField) => ({ id: `${field}-error`, message: errors[field] });

  return (
    <section id="credentials" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading">
        {welcome?.heading ?? t("cred.heading")}
        {welcome?.done && <span class="step-done">{t("welcome.done")}</span>}
      </h2>
      <p class="hint">{welcome?.intro ?? t("cred.intro")}</p>
      <form onSubmit={save} noValidate>
        <TextField
          id="base-url"
          label={t("cred.baseUrl")}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          value={form.baseUrl}
          hint={{ id: "base-url-hint", text: t("cred.baseUrlHint") }}
          error={error("baseUrl")}
          disabled={baseUrlLocked}
          describedBy={baseUrlLocked ? "base-url-locked" : undefined}
          onInput={(baseUrl) => update({ baseUrl })}
        />
        {/* The credentials stay the user's own: entered here, bound to the policy's address. */}
        {baseUrlLocked && <LockedNote id="base-url-locked" />}

        <LoginFields form={form} update={update} error={error} />

        <div class="actions">
          <button type="submit" disabled={busy !== null}>
            {t(welcome ? "cred.saveVerify" : "cred.save")}
          </button>
          {!welcome && (
            <button
              type="button"
              class="secondary"
              disabled={busy !== null}
              onClick={() => verify()}
            >
              {t("cred.verify")}
            </button>
          )}
          {!welcome && (
            <button
              type="button"
              class="danger"
              ref={removeRef}
              disabled={busy !== null || settings.auth === null || confirmRemove}
              onClick={() => setConfirmRemove(true)}
            >
              {t("cred.remove")}
            </button>
          )}
        </div>
      </form>

      {confirmRemove && (
        <ConfirmBox
          id="remove-question"
          question={t("cred.removeConfirm")}
          yes={t("cred.removeYes")}
          no={t("cred.removeNo")}
          onYes={remove}
          onNo={() => {
            setConfirmRemove(false);
            removeRef.current?.focus();
          }}
        />
      )}

      <Notice notice={notice} id="credentials-status" />
      {report && <VerifyReportList report={report} />}
      {!welcome && (
        <p class="stored" data-testid="stored-credentials">
          {storedText(settings, t)}
        </p>
      )}
    </section>
  );
}

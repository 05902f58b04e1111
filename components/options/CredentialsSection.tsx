/** Base URL and API credentials: validate, verify with the unsaved values, save, remove. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import { validateBaseUrl } from "@/lib/options/base-url";
import { describeAuth } from "@/lib/options/secrets";
import type { Settings } from "@/lib/state/storage";
import { FieldError, Notice, type NoticeValue, SecretInput, send, useT } from "./shared";

type Method = "bearer" | "basic";
interface Form {
  baseUrl: string;
  method: Method;
  accessToken: string;
  username: string;
  password: string;
}
type FieldErrors = Partial<Record<"baseUrl" | "accessToken" | "username" | "password", string>>;

function formFrom(settings: Settings): Form {
  const auth = settings.auth;
  return {
    baseUrl: settings.baseUrl,
    method: auth?.kind ?? "bearer",
    accessToken: auth?.kind === "bearer" ? auth.accessToken : "",
    username: auth?.kind === "basic" ? auth.username : "",
    password: auth?.kind === "basic" ? auth.password : "",
  };
}

export function CredentialsSection({ settings }: { settings: Settings }) {
  const t = useT();
  const [form, setForm] = useState<Form>(() => formFrom(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState<null | "verify" | "save" | "remove">(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  // Stored credentials changed elsewhere (another tab, an import): show them, unless the user
  // is in the middle of editing.
  const storedKey = JSON.stringify([settings.baseUrl, settings.auth]);
  const lastStored = useRef(storedKey);
  useEffect(() => {
    if (storedKey === lastStored.current) return;
    lastStored.current = storedKey;
    setForm(formFrom(settings));
  }, [storedKey, settings]);

  useEffect(() => {
    if (confirmRemove) confirmRef.current?.focus();
  }, [confirmRemove]);

  const update = (change: Partial<Form>) => {
    setForm({ ...form, ...change });
    setErrors({});
  };

  /** The settings these fields describe, or the field errors that stop them. */
  function checked(): Settings | null {
    const next: FieldErrors = {};
    const url = validateBaseUrl(form.baseUrl);
    if (!url.ok) next.baseUrl = t(`cred.err.${url.problem}` as OptionsKey);
    if (form.method === "bearer" && form.accessToken.trim() === "") {
      next.accessToken = t("cred.err.token");
    }
    if (form.method === "basic") {
      if (form.username.trim() === "") next.username = t("cred.err.username");
      if (form.password === "") next.password = t("cred.err.password");
    }
    setErrors(next);
    if (!url.ok || Object.keys(next).length > 0) {
      setNotice({ tone: "error", text: t("cred.fixErrors") });
      return null;
    }
    return {
      ...settings,
      baseUrl: url.url,
      auth:
        form.method === "bearer"
          ? { kind: "bearer", accessToken: form.accessToken.trim() }
          : { kind: "basic", username: form.username.trim(), password: form.password },
    };
  }

  async function verify() {
    const candidate = checked();
    if (!candidate) return;
    setBusy("verify");
    setNotice({ tone: "info", text: t("cred.verifying") });
    const reply = await send<unknown>({ type: "verifyCredentials", settings: candidate });
    setBusy(null);
    if (!reply.ok) {
      setNotice({ tone: "error", text: t("cred.verifyFailed", { reason: reply.error }) });
      return;
    }
    const name = accountName(reply.data);
    const worked = name ? t("cred.verifiedAs", { name }) : t("cred.verified");
    const unsaved =
      JSON.stringify([candidate.baseUrl, candidate.auth]) !==
      JSON.stringify([settings.baseUrl, settings.auth]);
    setNotice({ tone: "ok", text: unsaved ? `${worked} ${t("cred.notSavedYet")}` : worked });
  }

  async function save(event: Event) {
    event.preventDefault();
    const candidate = checked();
    if (!candidate) return;
    setBusy("save");
    const reply = await send({ type: "saveSettings", settings: candidate });
    setBusy(null);
    setNotice(
      reply.ok
        ? { tone: "ok", text: t("cred.saved") }
        : { tone: "error", text: t("cred.saveFailed", { reason: reply.error }) },
    );
  }

  async function remove() {
    setBusy("remove");
    const reply = await send({ type: "saveSettings", settings: { ...settings, auth: null } });
    setBusy(null);
    setConfirmRemove(false);
    if (reply.ok) {
      setForm({ ...form, accessToken: "", username: "", password: "" });
      setNotice({ tone: "ok", text: t("cred.removed") });
    } else {
      setNotice({ tone: "error", text: t("cred.saveFailed", { reason: reply.error }) });
    }
    removeRef.current?.focus();
  }

  const stored = describeAuth(settings.auth);
  const errorId = (field: keyof FieldErrors) => (errors[field] ? `${field}-error` : undefined);
  const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(" ");

  return (
    <section id="credentials" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading">{t("cred.heading")}</h2>
      <p class="hint">{t("cred.intro")}</p>
      <form onSubmit={save} noValidate>
        <div class="field">
          <label for="base-url">{t("cred.baseUrl")}</label>
          <input
            id="base-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellcheck={false}
            value={form.baseUrl}
            aria-invalid={errors.baseUrl ? "true" : undefined}
            aria-describedby={describedBy("base-url-hint", errorId("baseUrl"))}
            onInput={(e) => update({ baseUrl: e.currentTarget.value })}
          />
          <p id="base-url-hint" class="hint">
            {t("cred.baseUrlHint")}
          </p>
          <FieldError id="baseUrl-error" message={errors.baseUrl} />
        </div>

        <fieldset class="field">
          <legend>{t("cred.method")}</legend>
          {(["bearer", "basic"] as const).map((method) => (
            <label class="choice" key={method}>
              <input
                type="radio"
                name="auth-method"
                value={method}
                checked={form.method === method}
                onChange={() => update({ method })}
              />
              {t(method === "bearer" ? "cred.bearer" : "cred.basic")}
            </label>
          ))}
        </fieldset>

        {form.method === "bearer" ? (
          <div class="field">
            <label for="access-token">{t("cred.token")}</label>
            <SecretInput
              id="access-token"
              label={t("cred.token")}
              value={form.accessToken}
              invalid={Boolean(errors.accessToken)}
              describedBy={describedBy("secret-hint", errorId("accessToken"))}
              onInput={(accessToken) => update({ accessToken })}
            />
            <FieldError id="accessToken-error" message={errors.accessToken} />
          </div>
        ) : (
          <>
            <div class="field">
              <label for="username">{t("cred.username")}</label>
              <input
                id="username"
                type="text"
                autoComplete="off"
                spellcheck={false}
                value={form.username}
                aria-invalid={errors.username ? "true" : undefined}
                aria-describedby={describedBy("secret-hint", errorId("username"))}
                onInput={(e) => update({ username: e.currentTarget.value })}
              />
              <FieldError id="username-error" message={errors.username} />
            </div>
            <div class="field">
              <label for="password">{t("cred.password")}</label>
              <SecretInput
                id="password"
                label={t("cred.password")}
                value={form.password}
                invalid={Boolean(errors.password)}
                describedBy={errorId("password")}
                onInput={(password) => update({ password })}
              />
              <FieldError id="password-error" message={errors.password} />
            </div>
          </>
        )}
        <p id="secret-hint" class="hint">
          {t("cred.secretHint")}
        </p>

        <div class="actions">
          <button type="submit" disabled={busy !== null}>
            {t("cred.save")}
          </button>
          <button type="button" class="secondary" disabled={busy !== null} onClick={verify}>
            {t("cred.verify")}
          </button>
          <button
            type="button"
            class="danger"
            ref={removeRef}
            disabled={busy !== null || settings.auth === null || confirmRemove}
            onClick={() => setConfirmRemove(true)}
          >
            {t("cred.remove")}
          </button>
        </div>
      </form>

      {confirmRemove && (
        <div class="confirm">
          <p id="remove-question">{t("cred.removeConfirm")}</p>
          <div class="actions">
            <button type="button" class="danger" ref={confirmRef} onClick={remove}>
              {t("cred.removeYes")}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setConfirmRemove(false);
                removeRef.current?.focus();
              }}
            >
              {t("cred.removeNo")}
            </button>
          </div>
        </div>
      )}

      <Notice notice={notice} id="credentials-status" />
      <p class="stored" data-testid="stored-credentials">
        {stored.kind === "none"
          ? t("cred.storedNone")
          : stored.kind === "bearer"
            ? t("cred.storedBearer", { token: stored.token })
            : t("cred.storedBasic", { username: stored.username, password: stored.password })}
      </p>
    </section>
  );
}

/** The account's name, when the (unspecified) account record happens to carry one. */
function accountName(data: unknown): string | undefined {
  const record =
    data && typeof data === "object" && "data" in data && typeof data.data === "object"
      ? data.data
      : data;
  if (!record || typeof record !== "object") return undefined;
  for (const key of ["username", "name", "email"]) {
    const value = (record as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") return value.slice(0, 80);
  }
  return undefined;
}

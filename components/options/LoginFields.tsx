/**
 * How the user signs in to the provider: the method (an access token, or a username and
 * password) and its secret fields, whose values never leave this device but for the provider.
 */
import type { CredentialsField, CredentialsForm } from "./credentials-form";
import { TextField } from "./FormFields";
import { useT } from "./shared";

interface Props {
  form: CredentialsForm;
  update: (change: Partial<CredentialsForm>) => void;
  error: (field: CredentialsField) => { id: string; message: string | undefined };
}

export function LoginFields({ form, update, error }: Props) {
  const t = useT();
  return (
    <>
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
        <TextField
          id="access-token"
          label={t("cred.token")}
          secret
          value={form.accessToken}
          describedBy="secret-hint"
          error={error("accessToken")}
          onInput={(accessToken) => update({ accessToken })}
        />
      ) : (
        <>
          <TextField
            id="username"
            label={t("cred.username")}
            autoComplete="off"
            spellcheck={false}
            value={form.username}
            describedBy="secret-hint"
            error={error("username")}
            onInput={(username) => update({ username })}
          />
          <TextField
            id="password"
            label={t("cred.password")}
            secret
            value={form.password}
            error={error("password")}
            onInput={(password) => update({ password })}
          />
        </>
      )}
      <p id="secret-hint" class="hint">
        {t("cred.secretHint")}
      </p>
    </>
  );
}

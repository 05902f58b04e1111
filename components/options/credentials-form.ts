/** The credentials form's values: read from settings, checked, turned back into settings. */

import { validateBaseUrl } from "@/lib/base/base-url";
import type { OptionsKey, Translate } from "@/lib/i18n/options-strings";
import { describeAuth } from "@/lib/options/secrets";
import type { VerifyReport } from "@/lib/protocol/commands";
import type { Settings } from "@/lib/state/settings";

export type Method = "bearer" | "basic";
export interface CredentialsForm {
  baseUrl: string;
  method: Method;
  accessToken: string;
  username: string;
  password: string;
}
export type CredentialsField = "baseUrl" | "accessToken" | "username" | "password";
export type FieldErrors = Partial<Record<CredentialsField, string>>;

export function formFrom(settings: Settings): CredentialsForm {
  const auth = settings.auth;
  return {
    baseUrl: settings.baseUrl,
    method: auth?.kind ?? "bearer",
    accessToken: auth?.kind === "bearer" ? auth.accessToken : "",
    username: auth?.kind === "basic" ? auth.username : "",
    password: auth?.kind === "basic" ? auth.password : "",
  };
}

/** What the credentials of these settings are, to compare two settings by. */
export const credentialsOf = (settings: Settings) => [settings.baseUrl, settings.auth];

/** The settings these fields describe, or the field errors that stop them. */
export function checkCredentials(
  form: CredentialsForm,
  settings: Settings,
  t: Translate,
): { ok: true; settings: Settings } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const url = validateBaseUrl(form.baseUrl);
  if (!url.ok) errors.baseUrl = t(`cred.err.${url.problem}` as OptionsKey);
  if (form.method === "bearer" && form.accessToken.trim() === "") {
    errors.accessToken = t("cred.err.token");
  }
  if (form.method === "basic") {
    if (form.username.trim() === "") errors.username = t("cred.err.username");
    if (form.password === "") errors.password = t("cred.err.password");
  }
  if (!url.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      ...settings,
      baseUrl: url.url,
      auth:
        form.method === "bearer"
          ? { kind: "bearer", accessToken: form.accessToken.trim() }
          : { kind: "basic", username: form.username.trim(), password: form.password },
    },
  };
}

/** The stored credentials in a sentence, secrets masked. */
export function storedText(settings: Settings, t: Translate): string {
  const stored = describeAuth(settings.auth);
  return stored.kind === "none"
    ? t("cred.storedNone")
    : stored.kind === "bearer"
      ? t("cred.storedBearer", { token: stored.token })
      : t("cred.storedBasic", { username: stored.username, password: stored.password });
}

/** The account's name, when the (unspecified) account record happens to carry one. */
export function accountName(data: unknown): string | undefined {
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

/** What a Verify found, in one notice: who the account is, or which parts did not work. */
export function verifyNotice(
  report: VerifyReport,
  unsaved: boolean,
  t: Translate,
): { tone: "ok" | "error"; text: string } {
  const failed = report.groups.filter((g) => g.failure !== null).length;
  const name = accountName(report.account);
  const worked = name ? t("cred.verifiedAs", { name }) : t("cred.verified");
  const summary =
    failed === 0
      ? worked
      : failed === report.groups.length
        ? t("cred.verifiedNone")
        : t("cred.verifiedPartly");
  return {
    tone: failed === 0 ? "ok" : "error",
    text: unsaved && failed === 0 ? `${summary} ${t("cred.notSavedYet")}` : summary,
  };
}

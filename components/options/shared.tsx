/** Building blocks every options section uses: text, commands, storage, fields, notices. */
import { type ComponentChildren, createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { copyText } from "@/components/common/clipboard";
import type { Language } from "@/lib/i18n";
import { describeFailureInOptions } from "@/lib/i18n/failure-strings-options";
import { optionsStrings, type Translate } from "@/lib/i18n/options-strings";
import { backgroundClient } from "@/lib/protocol/send";
import type { SettingsPatch } from "@/lib/state/settings";

export const TranslateContext = createContext<Translate>(optionsStrings("en"));
export const useT = (): Translate => useContext(TranslateContext);
/** The page's BCP 47 locale, for dates and times. */
export const LocaleContext = createContext<string>("en");
export const useLocale = (): string => useContext(LocaleContext);

/** An ISO 8601 instant as local date and time; text that is not a date stays as it is. */
export function formatInstant(value: string | number, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(locale);
}

/** The page's language, for the background's failure codes. */
export const LanguageContext = createContext<Language>("en");
export const useLanguage = (): Language => useContext(LanguageContext);

/** A failure code as a sentence in the page's language, worded for this page (no "in Options"). */
export function useExplain(): (failure: { code: string }) => string {
  const language = useContext(LanguageContext);
  return (failure) => describeFailureInOptions(failure, language);
}

/** The page's one client of the background (made as the popup makes its own). */
export const send = backgroundClient(browser.runtime);

/**
 * Sends a settings patch: null when every field was saved, else why not (the background
 * checks each field again and refuses what is invalid, keeping the stored value).
 */
export async function patchSettings(
  patch: SettingsPatch,
  t: Translate,
  explain: (failure: { code: string }) => string,
): Promise<string | null> {
  const reply = await send({ type: "patchSettings", patch });
  if (!reply.ok) return explain(reply.failure);
  const { rejected, managed = [] } = reply.data;
  if (managed.length > 0) return t("policy.rejected", { fields: managed.join(", ") });
  return rejected.length > 0 ? t("settings.rejected", { fields: rejected.join(", ") }) : null;
}

/** A storage item's checked value, re-read whenever the item changes. */
export function useStoredValue<T>(
  item: { watch(callback: () => void): () => void },
  read: () => Promise<T>,
): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void read().then((next) => {
        if (live) setValue(next);
      });
    load();
    const unwatch = item.watch(load);
    return () => {
      live = false;
      unwatch();
    };
  }, [item, read]);
  return value;
}

export type Tone = "ok" | "error" | "info" | "warn";
export interface NoticeValue {
  tone: Tone;
  /** A function when the sentence must follow a language change made by the same action. */
  text: string | ((t: Translate) => string);
}

/** A sentence about what just happened; errors are announced at once. */
export function Notice({ notice, id }: { notice: NoticeValue | null; id?: string }) {
  const t = useT();
  if (!notice) return null;
  return (
    <p
      id={id}
      class={`notice notice-${notice.tone}`}
      role={notice.tone === "error" ? "alert" : "status"}
    >
      {typeof notice.text === "function" ? notice.text(t) : notice.text}
    </p>
  );
}

/** A button that starts a slow task, and a live status saying so while it runs. */
export function BusyButton(props: {
  busy: boolean;
  busyText: string;
  onClick: () => void;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="actions">
      <button type="button" class={props.class} onClick={props.onClick} disabled={props.busy}>
        {props.children}
      </button>
      <span role="status" class="busy">
        {props.busy ? props.busyText : ""}
      </span>
    </div>
  );
}

/** A secret field: a password input with a Show/Hide button that says what it reveals. */
export function SecretInput(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  // "Show the password" in English; other languages take the label as written (German nouns
  // keep their capital, and their sentences are built around the label as it is).
  const name = useLanguage() === "en" ? props.label.toLowerCase() : props.label;
  return (
    <div class="secret">
      <input
        id={props.id}
        type={shown ? "text" : "password"}
        value={props.value}
        autoComplete="off"
        spellcheck={false}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid ? "true" : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      <button
        type="button"
        class="secondary"
        aria-controls={props.id}
        aria-pressed={shown}
        aria-label={shown ? t("common.hideLabel", { name }) : t("common.showLabel", { name })}
        onClick={() => setShown(!shown)}
      >
        {shown ? t("common.hide") : t("common.show")}
      </button>
    </div>
  );
}

/** Copies text; says "copied" or how to copy by hand. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    setState((await copyText(text)) ? "copied" : "failed");
  }
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary small"
        aria-label={t("common.copyLabel", { what })}
        onClick={copy}
      >
        {t("common.copy")}
      </button>
      <span role="status" class="copy-state">
        {state === "copied"
          ? t("common.copied", { what })
          : state === "failed"
            ? t("common.copyFailed")
            : ""}
      </span>
    </span>
  );
}

/** A term/description list of facts, in the order given; empty values show "not reported". */
export function Facts({ rows, class: className }: { rows: FactRow[]; class?: string }) {
  const t = useT();
  return (
    <dl class={`facts ${className ?? ""}`}>
      {rows.map((row) => (
        <div class="fact" key={row.field}>
          <dt>{row.label}</dt>
          <dd data-field={row.field}>
            {row.value === "" || row.value === undefined ? t("common.unknown") : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface FactRow {
  field: string;
  label: string;
  value: ComponentChildren | undefined;
}

export const yesNo = (t: Translate, value: boolean | undefined): string =>
  value === undefined ? t("common.unknown") : value ? t("common.yes") : t("common.no");

/** A field's error sentence, linked to its input by `aria-describedby={id}`; nothing when valid. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} class="field-error">
      {message}
    </p>
  ) : null;
}

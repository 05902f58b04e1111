/** Bypass list, default auto-refresh interval, plan, language; WebRTC protection below. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import {
  formatBypassList,
  invalidBypassRules,
  LANGUAGES,
  PLANS,
  parseBypassList,
  parseRefreshMinutes,
} from "@/lib/options/settings-form";
import type { Settings } from "@/lib/state/storage";
import { FieldError, Notice, type NoticeValue, send, useT } from "./shared";
import { WebrtcToggle } from "./WebrtcToggle";

interface Form {
  bypass: string;
  minutes: string;
  plan: Settings["plan"];
  language: Settings["language"];
}

const formFrom = (settings: Settings): Form => ({
  bypass: formatBypassList(settings.bypassList),
  minutes: String(settings.autoRefreshMinutes),
  plan: settings.plan,
  language: settings.language,
});

export function SettingsSection({ settings }: { settings: Settings }) {
  const t = useT();
  const [form, setForm] = useState<Form>(() => formFrom(settings));
  const [errors, setErrors] = useState<{ bypass?: string; minutes?: string }>({});
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState(false);

  // Saved elsewhere (an import, another tab): show the stored values.
  const storedKey = JSON.stringify([
    settings.bypassList,
    settings.autoRefreshMinutes,
    settings.plan,
    settings.language,
  ]);
  const lastStored = useRef(storedKey);
  useEffect(() => {
    if (storedKey === lastStored.current) return;
    lastStored.current = storedKey;
    setForm(formFrom(settings));
  }, [storedKey, settings]);

  const update = (change: Partial<Form>) => {
    setForm({ ...form, ...change });
    setErrors({});
  };

  async function save(event: Event) {
    event.preventDefault();
    const bypassList = parseBypassList(form.bypass);
    const invalid = invalidBypassRules(bypassList)[0];
    const minutes = parseRefreshMinutes(form.minutes);
    const next: typeof errors = {};
    if (invalid) {
      // Line numbers of the text as typed, blank lines included.
      const line = form.bypass.split(/\r?\n/).findIndex((l) => l.trim() === invalid.rule) + 1;
      next.bypass = t("settings.bypassInvalid", { line, rule: invalid.rule });
    }
    if (!minutes.ok) next.minutes = t(`settings.refresh.${minutes.problem}` as OptionsKey);
    setErrors(next);
    if (!minutes.ok || invalid) {
      setNotice({ tone: "error", text: t("settings.fixErrors") });
      return;
    }
    setBusy(true);
    const reply = await send({
      type: "saveSettings",
      settings: {
        ...settings,
        bypassList,
        autoRefreshMinutes: minutes.minutes,
        plan: form.plan,
        language: form.language,
      },
    });
    setBusy(false);
    // Rendered in the page's language after the save, which may have just changed it.
    setNotice(
      reply.ok
        ? { tone: "ok", text: (tr) => tr("settings.saved") }
        : { tone: "error", text: (tr) => tr("settings.saveFailed", { reason: reply.error }) },
    );
  }

  return (
    <section id="settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t("settings.heading")}</h2>
      <form onSubmit={save} noValidate>
        <div class="field">
          <label for="bypass-list">{t("settings.bypass")}</label>
          <textarea
            id="bypass-list"
            rows={5}
            spellcheck={false}
            value={form.bypass}
            aria-invalid={errors.bypass ? "true" : undefined}
            aria-describedby={errors.bypass ? "bypass-hint bypass-error" : "bypass-hint"}
            onInput={(e) => update({ bypass: e.currentTarget.value })}
          />
          <p id="bypass-hint" class="hint">
            {t("settings.bypassHint")}
          </p>
          <FieldError id="bypass-error" message={errors.bypass} />
        </div>
        <div class="field">
          <label for="refresh-minutes">{t("settings.refresh")}</label>
          <input
            id="refresh-minutes"
            type="text"
            inputMode="decimal"
            value={form.minutes}
            aria-invalid={errors.minutes ? "true" : undefined}
            aria-describedby={errors.minutes ? "refresh-hint refresh-error" : "refresh-hint"}
            onInput={(e) => update({ minutes: e.currentTarget.value })}
          />
          <p id="refresh-hint" class="hint">
            {t("settings.refreshHint")}
          </p>
          <FieldError id="refresh-error" message={errors.minutes} />
        </div>
        <div class="field">
          <label for="plan">{t("settings.plan")}</label>
          <select
            id="plan"
            value={form.plan}
            onChange={(e) => update({ plan: e.currentTarget.value as Settings["plan"] })}
          >
            {PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {t(`settings.plan.${plan}` as OptionsKey)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="language">{t("settings.language")}</label>
          <select
            id="language"
            value={form.language}
            onChange={(e) => update({ language: e.currentTarget.value as Settings["language"] })}
          >
            {LANGUAGES.map((language) => (
              <option
                key={language}
                value={language}
                lang={language === "zh_CN" ? "zh-CN" : undefined}
              >
                {t(`settings.language.${language}` as OptionsKey)}
              </option>
            ))}
          </select>
        </div>
        <div class="actions">
          <button type="submit" disabled={busy}>
            {t("settings.save")}
          </button>
        </div>
        <Notice notice={notice} id="settings-status" />
      </form>
      <WebrtcToggle settings={settings} />
    </section>
  );
}

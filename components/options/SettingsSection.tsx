/** Bypass list, default auto-refresh interval, plan, language; WebRTC protection below. */
import { useState } from "preact/hooks";
import { intlLocale, LANGUAGE_NAMES, LANGUAGES } from "@/lib/base/languages";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import {
  formatBypassList,
  invalidBypassRules,
  PLANS,
  parseBypassList,
  parseRefreshMinutes,
  parseWarnDays,
  TRAFFIC_UNITS,
} from "@/lib/options/settings-form";
import type { Settings } from "@/lib/state/settings";
import { SelectField, TextField } from "./FormFields";
import { LockedNote, usePolicy } from "./policy";
import { Notice, type NoticeValue, patchSettings, useExplain, useT } from "./shared";
import { useSettingsForm } from "./use-settings-form";
import { WebrtcToggle } from "./WebrtcToggle";

interface Form {
  bypass: string;
  minutes: string;
  plan: Settings["plan"];
  language: Settings["language"];
  fallbackDirect: boolean;
  trafficUnit: Settings["trafficUnit"];
  warnDays: string;
  badgeFailures: boolean;
}

const formFrom = (settings: Settings): Form => ({
  bypass: formatBypassList(settings.bypassList),
  minutes: String(settings.autoRefreshMinutes),
  plan: settings.plan,
  language: settings.language,
  fallbackDirect: settings.fallbackDirect,
  trafficUnit: settings.trafficUnit,
  warnDays: String(settings.warnDays),
  badgeFailures: settings.badgeFailures,
});

export function SettingsSection({ settings }: { settings: Settings }) {
  const t = useT();
  const explain = useExplain();
  const { form, update, errors, setErrors } = useSettingsForm<
    Form,
    "bypass" | "minutes" | "warnDays"
  >(settings, formFrom, [
    settings.bypassList,
    settings.autoRefreshMinutes,
    settings.plan,
    settings.language,
    settings.fallbackDirect,
    settings.trafficUnit,
    settings.warnDays,
    settings.badgeFailures,
  ]);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState(false);
  const policy = usePolicy();
  const bypassLocked = policy.bypassList !== undefined;
  const fallbackLocked = policy.failClosed !== undefined;
  /** The plan the account record stated; the user's choice is asked only while it is unknown. */
  const stated = settings.accountPlan;

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
    const warnDays = parseWarnDays(form.warnDays);
    if (warnDays === null) next.warnDays = t("settings.warnDaysInvalid");
    setErrors(next);
    if (!minutes.ok || invalid || warnDays === null) {
      setNotice({ tone: "error", text: t("settings.fixErrors") });
      return;
    }
    setBusy(true);
    const problem = await patchSettings(
      {
        // What the policy fixes is not sent (the background would refuse another value).
        ...(bypassLocked ? {} : { bypassList }),
        ...(fallbackLocked ? {} : { fallbackDirect: form.fallbackDirect }),
        autoRefreshMinutes: minutes.minutes,
        // The manual choice stays as it was while the account states the plan.
        ...(stated === null ? { plan: form.plan } : {}),
        language: form.language,
        trafficUnit: form.trafficUnit,
        warnDays,
        badgeFailures: form.badgeFailures,
      },
      t,
      explain,
    );
    setBusy(false);
    // Rendered in the page's language after the save, which may have just changed it.
    setNotice(
      problem === null
        ? { tone: "ok", text: (tr) => tr("settings.saved") }
        : { tone: "error", text: (tr) => tr("settings.saveFailed", { reason: problem }) },
    );
  }

  return (
    <section id="settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t("settings.heading")}</h2>
      <form onSubmit={save} noValidate>
        <TextField
          id="bypass-list"
          label={t("settings.bypass")}
          rows={5}
          spellcheck={false}
          value={form.bypass}
          hint={{ id: "bypass-hint", text: t("settings.bypassHint") }}
          error={{ id: "bypass-error", message: errors.bypass }}
          disabled={bypassLocked}
          describedBy={bypassLocked ? "bypass-locked" : undefined}
          onInput={(bypass) => update({ bypass })}
        />
        {bypassLocked && <LockedNote id="bypass-locked" />}
        <TextField
          id="refresh-minutes"
          label={t("settings.refresh")}
          inputMode="decimal"
          value={form.minutes}
          hint={{ id: "refresh-hint", text: t("settings.refreshHint") }}
          error={{ id: "refresh-error", message: errors.minutes }}
          onInput={(minutes) => update({ minutes })}
        />
        <SelectField
          id="plan"
          label={t("settings.plan")}
          value={stated ?? form.plan}
          disabled={stated !== null}
          hint={{
            id: "plan-hint",
            text: t(stated === null ? "settings.planManual" : "settings.planFromAccount"),
          }}
          options={PLANS.map((plan) => ({
            value: plan,
            text: t(`settings.plan.${plan}` as OptionsKey),
          }))}
          onChange={(plan) => update({ plan })}
        />
        <SelectField
          id="language"
          label={t("settings.language")}
          value={form.language}
          options={[
            { value: "auto" as const, text: t("settings.language.auto") },
            // Each language by its own name, in its own language and direction.
            ...LANGUAGES.map((language) => ({
              value: language,
              text: LANGUAGE_NAMES[language],
              lang: intlLocale(language),
            })),
          ]}
          onChange={(language) => update({ language })}
        />
        <TextField
          id="warn-days"
          label={t("settings.warnDays")}
          inputMode="decimal"
          value={form.warnDays}
          hint={{ id: "warn-days-hint", text: t("settings.warnDaysHint") }}
          error={{ id: "warn-days-error", message: errors.warnDays }}
          onInput={(warnDays) => update({ warnDays })}
        />
        <SelectField
          id="traffic-unit"
          label={t("settings.trafficUnit")}
          value={form.trafficUnit}
          hint={{ id: "traffic-unit-hint", text: t("settings.trafficUnitHint") }}
          options={TRAFFIC_UNITS.map((unit) => ({
            value: unit,
            text: t(`settings.trafficUnit.${unit}` as OptionsKey),
          }))}
          onChange={(trafficUnit) => update({ trafficUnit })}
        />
        <label class="check" for="fallback-direct">
          <input
            id="fallback-direct"
            type="checkbox"
            checked={form.fallbackDirect}
            disabled={fallbackLocked}
            aria-describedby={
              fallbackLocked
                ? "fallback-direct-locked fallback-direct-hint"
                : "fallback-direct-hint"
            }
            onChange={(e) => update({ fallbackDirect: e.currentTarget.checked })}
          />
          {t("settings.fallbackDirect")}
        </label>
        {fallbackLocked && <LockedNote id="fallback-direct-locked" />}
        <p id="fallback-direct-hint" class="hint">
          {t("settings.fallbackDirectHint")}
        </p>
        <label class="check" for="badge-failures">
          <input
            id="badge-failures"
            type="checkbox"
            checked={form.badgeFailures}
            aria-describedby="badge-failures-hint"
            onChange={(e) => update({ badgeFailures: e.currentTarget.checked })}
          />
          {t("settings.badgeFailures")}
        </label>
        <p id="badge-failures-hint" class="hint">
          {t("settings.badgeFailuresHint")}
        </p>
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

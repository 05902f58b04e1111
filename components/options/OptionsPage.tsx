/** The options page: renders from storage, sends commands, in the user's language. */
import { useEffect, useMemo, useState } from "preact/hooks";
import { resolveLanguage } from "@/lib/i18n";
import { type OptionsKey, optionsStrings } from "@/lib/i18n/options-strings";
import { items } from "@/lib/state/items";
import { decodePolicy } from "@/lib/state/managed";
import { read } from "@/lib/state/read";
import { AccountSection } from "./AccountSection";
import { AddProxiesSection } from "./AddProxiesSection";
import { BackupSection } from "./BackupSection";
import { CredentialsSection } from "./CredentialsSection";
import { ExitIpSection } from "./ExitIpSection";
import { HealthSection } from "./health/HealthSection";
import { TokenLooksSection } from "./looks/TokenLooksSection";
import { PolicyContext, PolicySection } from "./policy";
import { QualitySection } from "./QualitySection";
import { RulesSection } from "./rules/RulesSection";
import { SettingsSection } from "./SettingsSection";
import { SyncSection } from "./SyncSection";
import { LanguageContext, LocaleContext, TranslateContext, useStoredValue } from "./shared";
import { TrafficSection } from "./traffic/TrafficSection";

const readSettings = () => read("settings");
const readPolicy = () => read("managedPolicy").then(decodePolicy);
const readPolicyUnread = () => read("managedPolicyRead");
/** Settings are read with the policy over them: a change of either is a change of both. */
const settingsOrPolicy = {
  watch(callback: () => void) {
    const unwatch = [items.settings.watch(callback), items.managedPolicy.watch(callback)];
    return () => {
      for (const stop of unwatch) stop();
    };
  },
};
const readStatus = () => read("status");
const readConnection = () => read("connection");
const readTokens = () => read("tokens");

const SECTIONS: { id: string; label: OptionsKey }[] = [
  { id: "credentials", label: "nav.credentials" },
  { id: "exit-ip", label: "nav.exit" },
  { id: "quality", label: "nav.quality" },
  { id: "account", label: "nav.account" },
  { id: "settings", label: "nav.settings" },
  { id: "add-proxies", label: "nav.add" },
  { id: "backup", label: "nav.backup" },
  { id: "sync", label: "nav.sync" },
  { id: "site-rules", label: "nav.rules" },
  { id: "traffic", label: "nav.traffic" },
  { id: "token-looks", label: "nav.looks" },
  { id: "health", label: "nav.health" },
];

export function OptionsPage() {
  const settings = useStoredValue(settingsOrPolicy, readSettings);
  const policy = useStoredValue(items.managedPolicy, readPolicy);
  const policyUnread = useStoredValue(items.managedPolicyRead, readPolicyUnread);
  const status = useStoredValue(items.status, readStatus);
  const connection = useStoredValue(items.connection, readConnection);
  const tokens = useStoredValue(items.tokens, readTokens);
  const [exitIp, setExitIp] = useState<string | null>(null);

  const language = resolveLanguage(settings?.language ?? "auto", navigator.language);
  const t = useMemo(() => optionsStrings(language), [language]);
  const locale = language === "zh_CN" ? "zh-CN" : "en";
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t("page.title");
  }, [locale, t]);

  const ready = settings && status && connection && tokens && policy;
  return (
    <TranslateContext.Provider value={t}>
      <LanguageContext.Provider value={language}>
        <LocaleContext.Provider value={locale}>
          <header class="page-header">
            <h1>{t("page.title")}</h1>
            <nav aria-label={t("page.nav")}>
              <ul class="nav-list">
                {SECTIONS.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>{t(section.label)}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </header>
          <main class="page">
            {!ready ? (
              <p role="status">{t("page.loading")}</p>
            ) : (
              <PolicyContext.Provider value={policy}>
                <PolicySection decoded={policy} unread={policyUnread ?? null} />
                <CredentialsSection settings={settings} />
                <ExitIpSection
                  status={status}
                  connection={connection}
                  tokens={tokens}
                  onExitIp={setExitIp}
                />
                <QualitySection exitIp={exitIp} />
                <AccountSection settings={settings} />
                <SettingsSection settings={settings} />
                <AddProxiesSection tokens={tokens} />
                <BackupSection />
                <SyncSection />
                <RulesSection tokens={tokens} connection={connection} />
                <TrafficSection />
                <TokenLooksSection tokens={tokens} />
                <HealthSection tokens={tokens} settings={settings} />
              </PolicyContext.Provider>
            )}
          </main>
        </LocaleContext.Provider>
      </LanguageContext.Provider>
    </TranslateContext.Provider>
  );
}

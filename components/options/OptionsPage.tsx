/** The options page: renders from storage, sends commands, in the user's language. */
import { useEffect, useMemo, useRef } from "preact/hooks";
import { intlLocale, resolveLanguage, textDirection } from "@/lib/i18n";
import { optionsStrings } from "@/lib/i18n/options-strings";
import { decodePolicy } from "@/lib/policy/managed";
import { isNewcomer } from "@/lib/state/newcomer";
import { items } from "@/lib/storage/items";
import { read } from "@/lib/storage/read";
import { PageBody } from "./PageBody";
import { PolicyContext, PolicySection } from "./policy";
import { Sidebar } from "./Sidebar";
import { LanguageContext, LocaleContext, TranslateContext, useStoredValue } from "./shared";
import { useAddress } from "./use-address";
import { useLoadedLanguage } from "./use-language";

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

export function OptionsPage() {
  const settings = useStoredValue(settingsOrPolicy, readSettings);
  const policy = useStoredValue(items.managedPolicy, readPolicy);
  const policyUnread = useStoredValue(items.managedPolicyRead, readPolicyUnread);
  const status = useStoredValue(items.status, readStatus);
  const connection = useStoredValue(items.connection, readConnection);
  const tokens = useStoredValue(items.tokens, readTokens);

  const loaded = useLoadedLanguage(
    settings ? resolveLanguage(settings.language, navigator.language) : null,
  );
  // Until the settings and the language's words are in, the page says "Loading…" in English.
  const language = loaded ?? "en";
  const t = useMemo(() => optionsStrings(language), [language]);
  const locale = intlLocale(language);
  // A newcomer (lib/state/newcomer.ts) starts at the welcome.
  const firstRun = settings && tokens ? isNewcomer(settings, tokens) : undefined;
  const address = useAddress(firstRun);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(language);
    document.title = `${t(`pages.${address.page}`)} · ${t("page.title")}`;
  }, [locale, language, t, address.page]);

  const ready = loaded && settings && status && connection && tokens && policy;
  const main = useRef<HTMLElement>(null);
  const shown = useRef<string | null>(null);
  // A new page (or section) is scrolled to and focused, as a link to a new document would be.
  useEffect(() => {
    if (!ready) return;
    const key = `${address.page}#${address.section ?? ""}`;
    if (shown.current === key) return;
    const first = shown.current === null;
    shown.current = key;
    const target = address.section ? document.getElementById(address.section) : null;
    if (target) target.scrollIntoView();
    else if (!first) scrollTo(0, 0);
    if (!first) main.current?.focus({ preventScroll: true });
  }, [ready, address.page, address.section]);

  return (
    <TranslateContext.Provider value={t}>
      <LanguageContext.Provider value={language}>
        <LocaleContext.Provider value={locale}>
          <div class="layout">
            <header class="page-header">
              <h1>{t("page.title")}</h1>
            </header>
            <Sidebar current={address.page} firstRun={firstRun === true} />
            <main class="page" ref={main} tabIndex={-1} aria-label={t(`pages.${address.page}`)}>
              {!ready ? (
                <p role="status">{t("page.loading")}</p>
              ) : (
                <PolicyContext.Provider value={policy}>
                  <PolicySection decoded={policy} unread={policyUnread ?? null} />
                  <PageBody
                    key={address.page}
                    page={address.page}
                    data={{ settings, status, connection, tokens }}
                  />
                </PolicyContext.Provider>
              )}
            </main>
          </div>
        </LocaleContext.Provider>
      </LanguageContext.Provider>
    </TranslateContext.Provider>
  );
}

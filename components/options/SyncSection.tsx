/**
 * Options' Sync section: the opt-in switch, when it last synced and what went wrong, the rules
 * that do not sync and why, the changes that came from another browser, and a provider
 * address another browser uses (taken here only by the user, who then enters credentials).
 */
import { useContext, useMemo, useState } from "preact/hooks";
import { refusalSentence } from "@/lib/i18n/refusal-strings";
import { type SyncT, syncTranslate } from "@/lib/i18n/sync-strings";
import { itemName, refusedItemName, ruleName } from "@/lib/options/sync-view";
import type { SiteRule } from "@/lib/routing/rules";
import { items } from "@/lib/storage/items";
import { read } from "@/lib/storage/read";
import type { SyncMeta } from "@/lib/sync/meta";
import {
  formatInstant,
  LanguageContext,
  Notice,
  type NoticeValue,
  send,
  useExplain,
  useLocale,
  useStoredValue,
} from "./shared";

const readSync = () => read("sync");
const readRules = () => read("siteRules");

export function SyncSection() {
  const language = useContext(LanguageContext);
  const t = useMemo(() => syncTranslate(language), [language]);
  const explain = useExplain();
  const sync = useStoredValue(items.sync, readSync);
  const rules = useStoredValue(items.siteRules, readRules) ?? [];
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  async function toggle(enabled: boolean) {
    setBusy(true);
    setNotice(null);
    const reply = await send({ type: "setSync", enabled });
    setBusy(false);
    if (!reply.ok) setNotice({ tone: "error", text: explain(reply.failure) });
  }

  async function useOffer(baseUrl: string) {
    // A new address without credentials: the background drops the ones bound to ours.
    const reply = await send({ type: "patchSettings", patch: { baseUrl } });
    if (!reply.ok) setNotice({ tone: "error", text: explain(reply.failure) });
    else document.getElementById("credentials")?.scrollIntoView();
  }

  return (
    <section id="sync" aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t("sync.heading")}</h2>
      <p class="hint">{t("sync.intro")}</p>
      {/* "check": the box beside its words, as every other checkbox on the page. */}
      <label class="check">
        <input
          type="checkbox"
          checked={!!sync?.enabled}
          disabled={!sync || busy}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        {t("sync.toggle")}
      </label>
      <Notice notice={notice} />
      {sync && <SyncState sync={sync} rules={rules} t={t} onUseOffer={useOffer} />}
    </section>
  );
}

function SyncState(props: {
  sync: SyncMeta;
  rules: SiteRule[];
  t: SyncT;
  onUseOffer: (url: string) => void;
}) {
  const { sync, rules, t } = props;
  const locale = useLocale();
  const at = (time: number) => formatInstant(time, locale);
  if (!sync.enabled) return <p data-testid="sync-status">{t("sync.off")}</p>;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const report = sync.joinReport;
  return (
    <div class="sync-state">
      <p data-testid="sync-status" role="status">
        {sync.lastSynced === null ? t("sync.never") : t("sync.last", { time: at(sync.lastSynced) })}
      </p>
      {sync.problem && (
        <p class="notice notice-warn" data-testid="sync-problem">
          {t(`sync.problem.${sync.problem.code}`, {
            time: at(sync.problem.at),
            detail: sync.problem.detail ?? "",
          })}
        </p>
      )}
      {report && (
        <p data-testid="sync-joined">{t("sync.joined", { ...report, time: at(report.at) })}</p>
      )}
      {sync.offer && (
        <p data-testid="sync-offer">
          {t("sync.offer", { url: sync.offer.baseUrl })}{" "}
          <button type="button" onClick={() => props.onUseOffer(sync.offer?.baseUrl ?? "")}>
            {t("sync.useOffer")}
          </button>
        </p>
      )}
      {sync.notSynced.length > 0 && (
        <div data-testid="sync-not-synced">
          <p>{t("sync.notSynced")}</p>
          <ul>
            {sync.notSynced.map(({ id, reason }) => {
              const rule = byId.get(id);
              return (
                <li key={id}>
                  {rule ? ruleName(rule) : id}: {t(`sync.reason.${reason}`)}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <Refused sync={sync} rules={rules} t={t} at={at} />
      {sync.arrivals.length > 0 && (
        <div data-testid="sync-arrivals">
          <p>{t("sync.arrivals")}</p>
          <ul>
            {sync.arrivals.map((arrival) => (
              <li key={`${arrival.key}@${arrival.t}`}>
                {t(arrival.replaced ? "sync.replaced" : "sync.arrival", {
                  item: itemName(arrival.key, rules, t),
                  time: at(arrival.t),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Changes from another browser the gate refused: each named, with why and what to do. */
function Refused(props: {
  sync: SyncMeta;
  rules: SiteRule[];
  t: SyncT;
  at: (time: number) => string;
}) {
  const { sync, rules, t, at } = props;
  const language = useContext(LanguageContext);
  const reason = useMemo(() => refusalSentence(language), [language]);
  const refused = sync.refused ?? [];
  if (refused.length === 0) return null;
  return (
    <div class="notice notice-warn" data-testid="sync-refused">
      <p>{t("sync.refused")}</p>
      <ul>
        {refused.map((item) => (
          <li key={`${item.key}@${item.t}`}>
            {t("sync.refusedItem", {
              item: refusedItemName(item.key, item.detail, rules, t),
              time: at(item.t),
              reason: reason(item.code, item.detail),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

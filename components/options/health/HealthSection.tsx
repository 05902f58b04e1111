/**
 * Options' "Token health": Check all (or the selected tokens), the run's progress, its wait
 * for the provider's rate limit, what a stopped or cancelled run left, and every token's last
 * result in a sortable table. The background runs the check (lib/background/health-check.ts);
 * this section only sends commands and renders from storage.
 */
import { useContext, useMemo, useState } from "preact/hooks";
import { type HealthT, healthTranslate } from "@/lib/i18n/health-strings";
import { endedWords, theRest, waitingWords, waitSeconds } from "@/lib/options/health-view";
import { effectivePlan } from "@/lib/state/account-plan";
import type { Settings } from "@/lib/state/settings";
import type { StoredToken } from "@/lib/state/tokens";
import { LanguageContext, Notice, type NoticeValue, send, useExplain, useLocale } from "../shared";
import { HealthTable } from "./HealthTable";
import { useHealth } from "./use-health";
import "./health.css";

export function HealthSection({ tokens, settings }: { tokens: StoredToken[]; settings: Settings }) {
  const language = useContext(LanguageContext);
  const t = useMemo(() => healthTranslate(language), [language]);
  const locale = useLocale();
  const explain = useExplain();
  const health = useHealth();
  const { results, run, now } = health;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const running = run?.state === "running";
  const existing = useMemo(() => new Set(tokens.map((token) => token.id)), [tokens]);
  const selectedIds = [...selected].filter((id) => existing.has(id));
  const rest = useMemo(
    () =>
      run && (run.state === "stopped" || run.state === "cancelled")
        ? theRest(tokens, results, run)
        : [],
    [tokens, results, run],
  );

  async function check(tokenIds?: number[]) {
    setNotice(null);
    const reply = await send({ type: "checkHealth", ...(tokenIds ? { tokenIds } : {}) });
    if (!reply.ok) return setNotice({ tone: "error", text: explain(reply.failure) });
    setNotice({
      tone: "info",
      text: reply.data.joined
        ? t("health.joined")
        : t("health.started", {
            checking: reply.data.checking,
            notChecked: reply.data.notChecked,
          }),
    });
  }
  async function cancel() {
    const reply = await send({ type: "cancelHealth" });
    if (!reply.ok) setNotice({ tone: "error", text: explain(reply.failure) });
  }

  return (
    <section id="health" aria-labelledby="health-heading">
      <h2 id="health-heading">{t("health.heading")}</h2>
      <p class="hint">{t("health.intro")}</p>
      {tokens.length === 0 ? (
        <p>{t("health.noTokens")}</p>
      ) : (
        <>
          <div class="health-controls">
            <button type="button" disabled={running} onClick={() => void check()}>
              {t("health.checkAll")}
            </button>
            <button
              type="button"
              class="secondary"
              disabled={running || selectedIds.length === 0}
              onClick={() => void check(selectedIds)}
            >
              {t("health.checkSelected", { count: selectedIds.length })}
            </button>
            {running && (
              <button type="button" class="danger" onClick={() => void cancel()}>
                {t("health.cancel")}
              </button>
            )}
          </div>
          <Notice notice={notice} />
          {run && (
            <Progress
              run={run}
              t={t}
              wait={waitSeconds(run, now)}
              plan={effectivePlan(settings)}
              locale={locale}
            />
          )}
          {rest.length > 0 && !running && (
            <button type="button" onClick={() => void check(rest)}>
              {t("health.checkRest")}
            </button>
          )}
          <HealthTable tokens={tokens} health={health} selection={[selected, setSelected]} t={t} />
        </>
      )}
    </section>
  );
}

function Progress(props: {
  run: NonNullable<ReturnType<typeof useHealth>["run"]>;
  t: HealthT;
  wait: number | null;
  plan: Settings["plan"];
  locale: string;
}) {
  const { run, t, wait } = props;
  const ended = endedWords(run, t);
  return (
    <div class="health-progress" data-state={run.state}>
      <progress
        max={Math.max(run.total, 1)}
        value={run.done}
        aria-label={t("health.progressLabel")}
      />
      <p role="status">{ended ?? t("health.progress", { done: run.done, total: run.total })}</p>
      {wait !== null && (
        <p class="health-wait">{waitingWords(wait, props.plan, t, props.locale)}</p>
      )}
    </div>
  );
}

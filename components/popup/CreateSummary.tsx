import type { Failure } from "../../lib/base/failure";
import { type CreateForm, parseNumber } from "../../lib/popup/create";
import { isTimeBilled, planName } from "../../lib/popup/plans";
import { useCreateT } from "./create-words";
import { useEnv } from "./env";
import { Flag } from "./Flag";
import { focusOnMount } from "./focus-on-mount";
import { ErrorText } from "./Messages";
import { SocksWarning } from "./SocksWarning";

/** What will be bought, before anything is; a failed purchase comes back here with its error. */
export function CreateSummary({
  form,
  sending,
  error,
  onBack,
  onBuy,
}: {
  form: CreateForm;
  sending: boolean;
  error: Failure | null;
  onBack: () => void;
  onBuy: () => void;
}) {
  const { language } = useEnv();
  const t = useCreateT();
  const place = [form.country, form.state, form.city]
    .filter((r) => r !== null)
    .map((r) => r.name)
    .join(" · ");
  return (
    <section class="form summary" aria-label={t("summary")}>
      {/* Focused when the step opens: the view was replaced, and focus would fall to the page. */}
      <h2 tabIndex={-1} ref={focusOnMount}>
        {t("summary")}
      </h2>
      <dl>
        <dt>{t("summaryKind")}</dt>
        <dd>{t(`kind.${form.kind}`)}</dd>
        <dt>{t("summaryNumber")}</dt>
        <dd>{parseNumber(form.number)}</dd>
        <dt>{t("summaryProtocol")}</dt>
        <dd>
          {form.networkType}
          {form.datacenter ? ` · ${t("datacenterOnly")}` : ""}
        </dd>
        <dt>{t("summaryPlace")}</dt>
        <dd>
          {form.country && <Flag code={form.country.code} />}
          {place}
        </dd>
        {isTimeBilled(form.kind) && (
          <>
            <dt>{t("summaryPlan")}</dt>
            <dd>
              {form.plan
                ? `${planName(form.plan, language) || t("planUnnamed", { id: form.plan.id })} · ${t("planDays", { days: form.plan.days })} · ${t("planPrice", { price: form.plan.price })}`
                : t("planBalance")}
            </dd>
          </>
        )}
      </dl>
      <SocksWarning networkType={form.networkType} />
      {sending && (
        <p class="muted" role="status">
          {t("creating")}
        </p>
      )}
      {/* Read out as it comes (an alert is, when it appears): the one thing to hear now. */}
      {error && (
        <div role="alert">
          <ErrorText failure={error} />
        </div>
      )}
      <div class="actions">
        <button type="button" class="btn" disabled={sending} onClick={onBack}>
          {t("back")}
        </button>
        <button type="button" class="btn btn--primary" disabled={sending} onClick={onBuy}>
          {t("confirmBuy", { count: parseNumber(form.number) ?? 0 })}
        </button>
      </div>
    </section>
  );
}

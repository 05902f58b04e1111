import { useEffect, useState } from "preact/hooks";
import type { PaymentPlan } from "../../lib/api/lookup-schemas";
import type { Failure } from "../../lib/base/failure";
import { planLookup } from "../../lib/popup/create";
import { planName } from "../../lib/popup/plans";
import type { ProviderKind } from "../../lib/state/token-facts";
import { useCreateT } from "./create-words";
import { useEnv } from "./env";
import { useLookupTrouble } from "./lookup-trouble";
import { RetryError } from "./Messages";

/** The payment plans of a time-billed kind: days, price, value and the name in the UI language. */
export function PlanPicker({
  kind,
  datacenter = false,
  value,
  onChange,
}: {
  kind: ProviderKind;
  datacenter?: boolean;
  value: PaymentPlan | null;
  onChange: (plan: PaymentPlan | null) => void;
}) {
  const { send, language } = useEnv();
  const t = useCreateT();
  const [plans, setPlans] = useState<PaymentPlan[] | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const trouble = useLookupTrouble("plans", error);

  useEffect(() => {
    let current = true;
    setPlans(null);
    setError(null);
    void send(planLookup(kind, datacenter)).then((reply) => {
      if (!current) return;
      if (reply.ok) setPlans(reply.data);
      else setError(reply.failure);
    });
    return () => {
      current = false;
    };
  }, [kind, datacenter, send, trouble.retries]);

  const name = `plan-${kind}`;
  return (
    <fieldset class="plan-list" aria-busy={plans === null && !error}>
      <legend>{t("plan")}</legend>
      <label>
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>{t("planBalance")}</span>
      </label>
      {plans?.map((plan) => (
        <label key={plan.id}>
          <input
            type="radio"
            name={name}
            checked={value?.id === plan.id}
            onChange={() => onChange(plan)}
          />
          <span>
            {planName(plan, language) || t("planUnnamed", { id: plan.id })}
            <small>
              {t("planDays", { days: plan.days })} · {t("planPrice", { price: plan.price })} ·{" "}
              {t("planValue", { value: plan.value })}
            </small>
          </span>
        </label>
      ))}
      {plans === null && !error && <p class="muted">{t("loadingList")}</p>}
      {plans?.length === 0 && <p class="muted">{t("noPlans")}</p>}
      {error && trouble.says && <RetryError failure={error} onRetry={trouble.retry} />}
    </fieldset>
  );
}

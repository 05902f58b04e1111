import type { CreateProblem, CreateForm as Form } from "../../lib/popup/create";
import { isTimeBilled } from "../../lib/popup/plans";
import { PROVIDER_KINDS } from "../../lib/state/token-facts";
import { useCreateT } from "./create-words";
import { TroubleProvider, useTroubleHost } from "./lookup-trouble";
import { PlanPicker } from "./PlanPicker";
import { RadioChoices } from "./RadioChoices";
import { RegionFields } from "./RegionFields";
import { SocksWarning } from "./SocksWarning";

const NETWORK_TYPES = ["HTTP", "SOCKS5"] as const;

/** Regions and plans on offer depend on the kind and the data-centre filter: picks reset. */
const NO_PICKS = { country: null, state: null, city: null, plan: null } as const;

/** The create form's fields; `problems` are the ones to show (none until the first review). */
export function CreateFields({
  form,
  update,
  problems,
  onSubmit,
}: {
  form: Form;
  update: (change: Partial<Form>) => void;
  problems: CreateProblem[];
  onSubmit: (e: Event) => void;
}) {
  const t = useCreateT();
  const numberInvalid = problems.includes("number");
  // The lookups share one sentence for one failure (lookup-trouble.ts).
  const trouble = useTroubleHost();
  return (
    <TroubleProvider value={trouble}>
      <form onSubmit={onSubmit} aria-label={t("createTitle")} noValidate>
        <fieldset>
          <legend>{t("kind")}</legend>
          <RadioChoices
            name="kind"
            options={PROVIDER_KINDS}
            value={form.kind}
            text={(kind) => t(`kind.${kind}`)}
            onChange={(kind) => update({ kind, ...NO_PICKS })}
          />
        </fieldset>
        <div class="field">
          <label for="create-number">{t("number")}</label>
          <input
            id="create-number"
            type="number"
            min={1}
            max={10}
            step={1}
            value={form.number}
            aria-invalid={numberInvalid}
            aria-describedby={numberInvalid ? "number-problem" : undefined}
            onInput={(e) => update({ number: e.currentTarget.value })}
          />
          {numberInvalid && (
            <p class="error" id="number-problem">
              {t("numberInvalid")}
            </p>
          )}
        </div>
        <fieldset>
          <legend>{t("protocol")}</legend>
          <RadioChoices
            name="network"
            options={NETWORK_TYPES}
            value={form.networkType}
            text={(type) => type}
            onChange={(networkType) => update({ networkType })}
          />
          <SocksWarning networkType={form.networkType} />
        </fieldset>
        <label class="check">
          <input
            type="checkbox"
            checked={form.datacenter}
            onChange={(e) => update({ datacenter: e.currentTarget.checked, ...NO_PICKS })}
          />
          {t("datacenterOnly")}
        </label>
        <RegionFields form={form} update={update} countryMissing={problems.includes("country")} />
        {isTimeBilled(form.kind) && (
          <PlanPicker
            key={`plan-${form.kind}-${form.datacenter}`}
            kind={form.kind}
            datacenter={form.datacenter}
            value={form.plan}
            onChange={(plan) => update({ plan })}
          />
        )}
        <div class="actions">
          <button type="submit" class="btn btn--primary">
            {t("review")}
          </button>
        </div>
      </form>
    </TroubleProvider>
  );
}

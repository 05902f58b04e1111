import { useState } from "preact/hooks";
import {
  asCreateResult,
  type CreateResult,
  createCommand,
  type CreateForm as Form,
  parseNumber,
  validateCreate,
} from "../../lib/popup/create";
import { flagEmoji } from "../../lib/popup/format";
import { isTimeBilled, planName } from "../../lib/popup/plans";
import { isDynamic, TOKEN_KINDS, type TokenKind } from "../../lib/state/tokens";
import { useEnv } from "./env";
import { ErrorText } from "./Messages";
import { PlanPicker } from "./PlanPicker";
import { RegionPicker } from "./RegionPicker";

type Step =
  | { at: "form"; showProblems: boolean }
  | { at: "summary" }
  | { at: "sending" }
  | { at: "done"; result: CreateResult; dynamic: boolean };

const EMPTY: Form = {
  kind: "static-ip",
  number: "1",
  networkType: "HTTP",
  datacenter: false,
  country: null,
  state: null,
  city: null,
  plan: null,
};

/** Kind, number, protocol, region, plan → summary → buy. The purchase runs in the background. */
export function CreateForm({ onShowTokens }: { onShowTokens: () => void }) {
  const { t, send, socksAuth, language } = useEnv();
  const [form, setForm] = useState<Form>(EMPTY);
  const [step, setStep] = useState<Step>({ at: "form", showProblems: false });
  const [error, setError] = useState<string | null>(null);

  const update = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const problems = validateCreate(form);
  const showProblems = step.at === "form" && step.showProblems;

  const setKind = (kind: TokenKind) =>
    // The region filters and plans depend on the kind: earlier picks may not fit it.
    setForm((f) => ({ ...f, kind, country: null, state: null, city: null, plan: null }));

  const review = (e: Event) => {
    e.preventDefault();
    setError(null);
    setStep(problems.length > 0 ? { at: "form", showProblems: true } : { at: "summary" });
  };

  const buy = async () => {
    const command = createCommand(form);
    if (!command) return;
    setStep({ at: "sending" });
    setError(null);
    const reply = await send(command);
    if (!reply.ok) {
      // Back to the summary: the user decides whether to try again (a retry buys again).
      setError(reply.error);
      setStep({ at: "summary" });
      return;
    }
    setStep({
      at: "done",
      result: asCreateResult(reply.data, parseNumber(form.number) ?? 0),
      dynamic: isDynamic(form),
    });
  };

  if (step.at === "done") {
    const { result } = step;
    return (
      <section class="form" aria-label={t("createTitle")}>
        <p class={result.created < result.requested ? "warn" : "note"} role="status">
          {step.dynamic
            ? t("createdOf", { created: result.created, requested: result.requested })
            : t("created", { count: result.created })}
        </p>
        <div class="actions">
          <button
            type="button"
            class="btn"
            onClick={() => setStep({ at: "form", showProblems: false })}
          >
            {t("createMore")}
          </button>
          <button type="button" class="btn btn--primary" onClick={onShowTokens}>
            {t("showTokens")}
          </button>
        </div>
      </section>
    );
  }

  if (step.at === "summary" || step.at === "sending") {
    const sending = step.at === "sending";
    const place = [form.country, form.state, form.city]
      .filter((r) => r !== null)
      .map((r) => r.name)
      .join(" · ");
    return (
      <section class="form summary" aria-label={t("summary")}>
        <h2>{t("summary")}</h2>
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
            {form.country && flagEmoji(form.country.code) && (
              <span aria-hidden="true">{flagEmoji(form.country.code)} </span>
            )}
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
        {form.networkType === "SOCKS5" && !socksAuth && <p class="warn">{t("socksWarning")}</p>}
        {sending && (
          <p class="muted" role="status">
            {t("creating")}
          </p>
        )}
        {error && <ErrorText message={error} />}
        <div class="actions">
          <button
            type="button"
            class="btn"
            disabled={sending}
            onClick={() => setStep({ at: "form", showProblems: false })}
          >
            {t("back")}
          </button>
          <button type="button" class="btn btn--primary" disabled={sending} onClick={buy}>
            {t("confirmBuy", { count: parseNumber(form.number) ?? 0 })}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form onSubmit={review} aria-label={t("createTitle")} noValidate>
      <fieldset>
        <legend>{t("kind")}</legend>
        <div class="choices">
          {TOKEN_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => setKind(kind)}
              />
              {t(`kind.${kind}`)}
            </label>
          ))}
        </div>
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
          aria-invalid={showProblems && problems.includes("number")}
          aria-describedby={
            showProblems && problems.includes("number") ? "number-problem" : undefined
          }
          onInput={(e) => update({ number: e.currentTarget.value })}
        />
        {showProblems && problems.includes("number") && (
          <p class="error" id="number-problem">
            {t("numberInvalid")}
          </p>
        )}
      </div>
      <fieldset>
        <legend>{t("protocol")}</legend>
        <div class="choices">
          {(["HTTP", "SOCKS5"] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="network"
                value={type}
                checked={form.networkType === type}
                onChange={() => update({ networkType: type })}
              />
              {type}
            </label>
          ))}
        </div>
        {form.networkType === "SOCKS5" && !socksAuth && <p class="warn">{t("socksWarning")}</p>}
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          checked={form.datacenter}
          // Regions and plans on offer change with it: earlier picks may not fit.
          onChange={(e) =>
            update({
              datacenter: e.currentTarget.checked,
              country: null,
              state: null,
              city: null,
              plan: null,
            })
          }
        />
        {t("datacenterOnly")}
      </label>
      <RegionPicker
        key={`country-${form.kind}-${form.datacenter}`}
        level="countries"
        kind={form.kind}
        datacenter={form.datacenter}
        label={t("country")}
        value={form.country}
        problemId={showProblems && problems.includes("country") ? "country-problem" : undefined}
        onChange={(country) => update({ country, state: null, city: null })}
      />
      {showProblems && problems.includes("country") && (
        <p class="error" id="country-problem">
          {t("chooseCountryFirst")}
        </p>
      )}
      {form.country && (
        <RegionPicker
          key={`state-${form.kind}-${form.datacenter}-${form.country.id}`}
          level="states"
          kind={form.kind}
          datacenter={form.datacenter}
          parentId={form.country.id}
          label={t("state")}
          anyLabel={form.state ? undefined : t("anyState")}
          value={form.state}
          onChange={(state) => update({ state, city: null })}
        />
      )}
      {form.state && (
        <RegionPicker
          key={`city-${form.kind}-${form.datacenter}-${form.state.id}`}
          level="cities"
          kind={form.kind}
          datacenter={form.datacenter}
          parentId={form.state.id}
          label={t("city")}
          anyLabel={form.city ? undefined : t("anyCity")}
          value={form.city}
          onChange={(city) => update({ city })}
        />
      )}
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
  );
}

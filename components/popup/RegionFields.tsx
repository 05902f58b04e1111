import type { CreateForm, RegionChoice } from "../../lib/popup/create";
import { useCreateT } from "./create-words";
import { RegionPicker } from "./RegionPicker";

const OPTIONAL_TEXT = {
  states: { label: "state", anyLabel: "anyState" },
  cities: { label: "city", anyLabel: "anyCity" },
} as const;

/**
 * Country, then the optional state and city, each shown once the level above is chosen. A new
 * kind, filter or parent mounts a fresh picker: earlier lists do not fit it.
 */
export function RegionFields({
  form,
  update,
  countryMissing,
}: {
  form: CreateForm;
  update: (change: Partial<CreateForm>) => void;
  countryMissing: boolean;
}) {
  const t = useCreateT();
  const scope = `${form.kind}-${form.datacenter}`;

  const optional = (
    level: keyof typeof OPTIONAL_TEXT,
    parent: RegionChoice | null,
    value: RegionChoice | null,
    onChange: (choice: RegionChoice | null) => void,
  ) =>
    parent && (
      <RegionPicker
        key={`${level}-${scope}-${parent.id}`}
        level={level}
        kind={form.kind}
        datacenter={form.datacenter}
        parentId={parent.id}
        label={t(OPTIONAL_TEXT[level].label)}
        anyLabel={value ? undefined : t(OPTIONAL_TEXT[level].anyLabel)}
        value={value}
        onChange={onChange}
      />
    );

  return (
    <>
      <RegionPicker
        key={`country-${scope}`}
        level="countries"
        kind={form.kind}
        datacenter={form.datacenter}
        label={t("country")}
        value={form.country}
        problemId={countryMissing ? "country-problem" : undefined}
        onChange={(country) => update({ country, state: null, city: null })}
      />
      {countryMissing && (
        <p class="error" id="country-problem">
          {t("chooseCountryFirst")}
        </p>
      )}
      {optional("states", form.country, form.state, (state) => update({ state, city: null }))}
      {optional("cities", form.state, form.city, (city) => update({ city }))}
    </>
  );
}

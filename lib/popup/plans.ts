/** Kinds, their lookup filters and payment plans, as the create form needs them (pure). */
import type { PaymentPlan } from "../api/lookup-schemas";
import type { Language } from "../i18n";
import type { ProviderKind } from "../state/token-facts";

export const isTimeBilled = (kind: ProviderKind) => kind === "static-ip" || kind === "dynamic-ip";
export const isStaticKind = (kind: ProviderKind) =>
  kind === "static-ip" || kind === "static-traffic";
export const isTrafficKind = (kind: ProviderKind) =>
  kind === "static-traffic" || kind === "dynamic-traffic";

/**
 * Filters that select this kind. Region lists apply a flag only when present (true = static /
 * traffic, false = dynamic / time-billed); plan lists default both to false, so both are sent.
 */
export const kindFilters = (kind: ProviderKind, datacenter = false) => ({
  is_static: isStaticKind(kind),
  is_traffic: isTrafficKind(kind),
  // Only sent when asked for: absent means "any network" in region lists and plans alike.
  ...(datacenter ? { is_datacenter: true } : {}),
});

/**
 * The plan name in the UI language: the provider's Chinese note for Chinese in either script,
 * its English note for every other language, each falling back to the other; "" when neither.
 */
export function planName(plan: Pick<PaymentPlan, "note" | "note_en">, language: Language): string {
  const [first, second] = language.startsWith("zh")
    ? [plan.note, plan.note_en]
    : [plan.note_en, plan.note];
  return (first ?? "").trim() || (second ?? "").trim();
}

/** The create form's data: region and plan answers, and the command it sends (pure). */
import type { PaymentPlan } from "../api/lookup-schemas";
import type { CommandOf } from "../protocol/send";
import type { ProviderKind } from "../state/token-facts";
import { isTimeBilled, kindFilters } from "./plans";

export interface RegionChoice {
  id: number;
  name: string;
  code: string;
}

export type RegionLevel = "countries" | "states" | "cities";

export const REGION_PAGE_SIZE = 10;

/** The lookup command for one page of a region list, with the filters that fit the kind. */
export function regionLookup(
  level: RegionLevel,
  kind: ProviderKind,
  options: { parentId?: number; search: string; page: number; datacenter?: boolean },
): CommandOf<"regions"> {
  const query = {
    page: options.page,
    page_size: REGION_PAGE_SIZE,
    ...kindFilters(kind, options.datacenter),
    ...(options.search.trim() ? { search_text: options.search.trim() } : {}),
  };
  if (level === "countries") return { type: "regions", level, query };
  return { type: "regions", level, parentId: options.parentId, query };
}

export const planLookup = (kind: ProviderKind, datacenter = false): CommandOf<"plans"> => ({
  type: "plans",
  filters: kindFilters(kind, datacenter),
});

/** A short page is the last page: the provider sends no total. */
export const hasMorePages = (pageLength: number) => pageLength >= REGION_PAGE_SIZE;

export interface CreateForm {
  kind: ProviderKind;
  number: string;
  networkType: "HTTP" | "SOCKS5";
  /** Only data-centre exits (the spec's is_datacenter filter on regions and plans). */
  datacenter?: boolean;
  country: RegionChoice | null;
  state: RegionChoice | null;
  city: RegionChoice | null;
  plan: PaymentPlan | null;
}

export type CreateProblem = "number" | "country";

/** The number as a whole 1–10, or null. */
export function parseNumber(value: string): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 10 ? n : null;
}

export function validateCreate(form: CreateForm): CreateProblem[] {
  const problems: CreateProblem[] = [];
  if (parseNumber(form.number) === null) problems.push("number");
  if (!form.country) problems.push("country");
  return problems;
}

/** The createTokens command, or null while the form is incomplete. */
export function createCommand(form: CreateForm): CommandOf<"createTokens"> | null {
  const number = parseNumber(form.number);
  if (number === null || !form.country) return null;
  return {
    type: "createTokens",
    kind: form.kind,
    params: {
      number,
      network_type: form.networkType,
      country_id: form.country.id,
      ...(form.state ? { state_id: form.state.id } : {}),
      ...(form.state && form.city ? { city_id: form.city.id } : {}),
      // Traffic kinds take no plan; time-billed kinds without one charge the balance.
      ...(isTimeBilled(form.kind) && form.plan ? { payway_id: form.plan.id } : {}),
    },
    countryCode: form.country.code,
  };
}

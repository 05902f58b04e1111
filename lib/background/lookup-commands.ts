/**
 * Read-only provider queries for the pages. Region lists and payment plans rarely change: they
 * are answered from a stored cache at once and refreshed in the background when stale.
 */
import type { ApiClient, Country, PaymentPlan, Region } from "../api";
import { recordedAs } from "../diagnostics/record";
import type { ParsedCommand } from "../protocol/commands";
import { read } from "../storage/read";
import { updateState } from "../storage/store";

export const LOOKUP_STALE_MS = 6 * 60 * 60 * 1000;
const MAX_CACHE_ENTRIES = 200;

export type Lookup = ParsedCommand<"regions"> | ParsedCommand<"plans">;
type Answer<L extends Lookup> =
  L extends ParsedCommand<"plans"> ? PaymentPlan[] : (Country | Region)[];

function fetchLookup(api: ApiClient, lookup: Lookup): Promise<unknown> {
  if (lookup.type === "plans") return api.listPaymentPlans(lookup.filters);
  const { level, parentId = 0, query } = lookup;
  if (level === "countries") return api.listCountries(query);
  return level === "states" ? api.listStates(parentId, query) : api.listCities(parentId, query);
}

function store(key: string, value: unknown, at: number): Promise<void> {
  return updateState(["lookupCache"], ({ lookupCache }) => {
    const entries = Object.entries({ ...lookupCache, [key]: { at, value } })
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_CACHE_ENTRIES);
    return { write: { lookupCache: Object.fromEntries(entries) }, result: undefined };
  });
}

/**
 * Cached answer when there is one (refreshed in the background when stale), else the network.
 * `baseUrl` is part of the key: another provider has other ids. Answers were checked by the
 * API client's schemas before they were cached.
 */
export async function cachedLookup<L extends Lookup>(
  api: ApiClient,
  baseUrl: string,
  lookup: L,
  now: number,
): Promise<Answer<L>> {
  const key = JSON.stringify([baseUrl, lookup]);
  const hit = (await read("lookupCache"))[key];
  if (hit) {
    if (now - hit.at > LOOKUP_STALE_MS) {
      void fetchLookup(api, lookup)
        .then((value) => store(key, value, Date.now()))
        .catch(recordedAs("lookup:refresh")); // a failed refresh keeps the cached answer
    }
    return hit.value as Answer<L>;
  }
  const value = await fetchLookup(api, lookup);
  await store(key, value, now);
  return value as Answer<L>;
}

/**
 * Read-only provider queries for the pages. Region lists and payment plans rarely change: they
 * are answered from a stored cache at once and refreshed in the background when stale.
 */
import type { ApiClient, PaymentPlanQuery, RegionQuery } from "../api";
import { items } from "../state/storage";

export const LOOKUP_STALE_MS = 6 * 60 * 60 * 1000;
const MAX_CACHE_ENTRIES = 200;

export type Lookup =
  | { what: "countries"; query: RegionQuery }
  | { what: "states"; parentId: number; query: RegionQuery }
  | { what: "cities"; parentId: number; query: RegionQuery }
  | { what: "plans"; filters: PaymentPlanQuery };

function fetchLookup(api: ApiClient, lookup: Lookup): Promise<unknown> {
  switch (lookup.what) {
    case "countries":
      return api.listCountries(lookup.query);
    case "states":
      return api.listStates(lookup.parentId, lookup.query);
    case "cities":
      return api.listCities(lookup.parentId, lookup.query);
    case "plans":
      return api.listPaymentPlans(lookup.filters);
  }
}

async function store(key: string, value: unknown, now: number): Promise<void> {
  const cache = await items.lookupCache.getValue();
  const entries = Object.entries({ ...cache, [key]: { at: now, value } })
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_CACHE_ENTRIES);
  await items.lookupCache.setValue(Object.fromEntries(entries));
}

/**
 * Cached answer when there is one (refreshed in the background when stale), else the network.
 * `baseUrl` is part of the key: another provider has other ids.
 */
export async function cachedLookup(
  api: ApiClient,
  baseUrl: string,
  lookup: Lookup,
  now: number,
): Promise<unknown> {
  const key = JSON.stringify([baseUrl, lookup]);
  const hit = (await items.lookupCache.getValue())[key];
  if (hit) {
    if (now - hit.at > LOOKUP_STALE_MS) {
      void fetchLookup(api, lookup)
        .then((value) => store(key, value, Date.now()))
        .catch(() => undefined); // a failed refresh keeps the cached answer
    }
    return hit.value;
  }
  const value = await fetchLookup(api, lookup);
  await store(key, value, now);
  return value;
}

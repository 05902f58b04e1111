/**
 * Read-only operations: region lists, payment plans, IP information and quality, proxy
 * retrieval and the account records. All GETs, so all retried on transient failures.
 */
import type * as z from "zod/mini";
import type { Http } from "./http";
import type { QueryValue } from "./request-url";
import * as s from "./schemas";
import { requireId, validateParams } from "./validate";

export function createLookupOperations(http: Http) {
  const get = <T>(
    operation: string,
    path: string,
    schema: z.ZodMiniType<T>,
    query?: Record<string, QueryValue>,
    authenticated = true,
  ): Promise<T> => http.request({ operation, method: "GET", path, query, authenticated, schema });

  async function listRegions(
    operation: string,
    path: string,
    parentId: number,
    query: s.RegionQuery,
  ): Promise<s.Region[]> {
    const parent_id = requireId(parentId, "parent_id", operation);
    const params = validateParams(s.regionQuerySchema, query, operation);
    const answer = await get(operation, path, s.regionListResponseSchema, { ...params, parent_id });
    return answer.data.data;
  }

  return {
    /** page_size above 100 is refused locally (the spec's maximum). */
    async listCountries(query: s.RegionQuery = {}): Promise<s.Country[]> {
      const operation = "listCountries";
      const params = validateParams(s.regionQuerySchema, query, operation);
      const path = "/token/list/area/countries";
      return (await get(operation, path, s.countryListResponseSchema, params)).data.data;
    },

    /** States of a country (`parentId` = country id). */
    listStates: (parentId: number, query: s.RegionQuery = {}) =>
      listRegions("listStates", "/token/list/area/state", parentId, query),

    /** Cities of a state/province (`parentId` = state id). */
    listCities: (parentId: number, query: s.RegionQuery = {}) =>
      listRegions("listCities", "/token/list/area/city", parentId, query),

    async listPaymentPlans(filters: s.PaymentPlanQuery = {}): Promise<s.PaymentPlan[]> {
      const operation = "listPaymentPlans";
      const params = validateParams(s.paymentPlanQuerySchema, filters, operation);
      const path = "/token/payway/list";
      return (await get(operation, path, s.paymentPlanListResponseSchema, params)).data.records;
    },

    /** Without `ip` the provider describes the caller's own exit IP (is the proxy in effect?). */
    async getIpInfo(ip?: string): Promise<s.IpInfo> {
      const operation = "getIpInfo";
      const value =
        ip === undefined ? undefined : validateParams(s.ipArgumentSchema, ip, operation);
      // The spec needs no authentication here, so no credentials are sent.
      const answer = await get(
        operation,
        "/token/check/ip",
        s.ipInfoResponseSchema,
        { ip: value },
        false,
      );
      return answer.data;
    },

    async getIpQuality(ip: string): Promise<s.IpQuality> {
      const operation = "getIpQuality";
      const value = validateParams(s.ipArgumentSchema, ip, operation);
      // Encoded as one path segment: an IPv6 address or a stray "/" must not change the path.
      return get(operation, `/api/v1/ip-quality/${encodeURIComponent(value)}`, s.ipQualitySchema);
    },

    async getProxies(query: s.ProxyQuery = {}): Promise<s.ProxyEntry[]> {
      const operation = "getProxies";
      const params = validateParams(s.proxyQuerySchema, query, operation);
      return (await get(operation, "/v1/proxy/get", s.proxyListResponseSchema, params)).data
        .proxies;
    },

    /** Shape not shown by the spec: any JSON object. */
    getAccountQuota: (): Promise<s.JsonObject> =>
      get("getAccountQuota", "/v1/account/quota", s.jsonObjectSchema),

    /** Shape not shown by the spec: any JSON object. */
    getAccountInfo: (): Promise<s.JsonObject> =>
      get("getAccountInfo", "/v1/account/info", s.jsonObjectSchema),
  };
}

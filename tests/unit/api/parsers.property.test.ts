/**
 * Whatever a server sends (random JSON, broken text, mutated valid answers, any status), every
 * operation either resolves with a typed value or rejects with an ApiError, never anything else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ApiClient, createApiClient, isApiError } from "../../../lib/api";
import * as sample from "./samples";

type Op = {
  name: string;
  call: (api: ApiClient) => Promise<unknown>;
  sample: unknown;
  /** Invariants a successful result must hold (the point of strict parsing). */
  check?: (result: unknown) => void;
};

const validPort = (p: unknown) =>
  Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 65535;
const usableTokens = (tokens: unknown) => {
  for (const t of tokens as {
    port: unknown;
    username: unknown;
    password: unknown;
    id: unknown;
  }[]) {
    expect(validPort(t.port)).toBe(true);
    expect(Number.isInteger(t.id)).toBe(true);
    expect(typeof t.username === "string" && t.username !== "").toBe(true);
    expect(typeof t.password === "string" && t.password !== "").toBe(true);
  }
};

const ops: Op[] = [
  {
    name: "createStaticIp",
    call: (api) => api.createStaticIp({ number: 1, country_id: 1 }),
    sample: sample.staticCreateResponse,
    check: usableTokens,
  },
  {
    name: "createDynamicIp",
    call: (api) => api.createDynamicIp({ number: 1, country_id: 1, payway_id: 1 }),
    sample: sample.dynamicIpCreateResponse,
    check: (r) => usableTokens((r as { tokens: unknown }).tokens),
  },
  {
    name: "createStaticTraffic",
    call: (api) => api.createStaticTraffic({ number: 1, country_id: 1 }),
    sample: sample.staticTrafficCreateResponse,
    check: usableTokens,
  },
  {
    name: "createDynamicTraffic",
    call: (api) => api.createDynamicTraffic({ number: 1, country_id: 1 }),
    sample: sample.dynamicTrafficCreateResponse,
    check: (r) => usableTokens((r as { tokens: unknown }).tokens),
  },
  { name: "deleteToken", call: (api) => api.deleteToken(101), sample: sample.deleteOneResponse },
  {
    name: "deleteTokens",
    call: (api) => api.deleteTokens([1, 2, 999]),
    sample: sample.deleteBatchResponse,
    check: (r) => expect(Array.isArray((r as { failed_ids: unknown }).failed_ids)).toBe(true),
  },
  { name: "restoreToken", call: (api) => api.restoreToken(101), sample: sample.restoreOneResponse },
  {
    name: "restoreTokens",
    call: (api) => api.restoreTokens([1, 2]),
    sample: sample.restoreBatchResponse,
  },
  {
    name: "listCountries",
    call: (api) => api.listCountries({ page_size: 100 }),
    sample: sample.countryListResponse,
  },
  { name: "listStates", call: (api) => api.listStates(1), sample: sample.stateListResponse },
  { name: "listCities", call: (api) => api.listCities(10), sample: sample.cityListResponse },
  {
    name: "listPaymentPlans",
    call: (api) => api.listPaymentPlans({ is_static: true }),
    sample: sample.paymentPlanListResponse,
  },
  { name: "getIpInfo", call: (api) => api.getIpInfo(), sample: sample.ipInfoResponse },
  {
    name: "getIpQuality",
    call: (api) => api.getIpQuality("8.8.8.8"),
    sample: sample.ipQualityRecord,
  },
  {
    name: "refreshDynamicIp",
    call: (api) => api.refreshDynamicIp(201),
    sample: sample.refreshResponse,
    check: (r) => usableTokens([r]),
  },
  {
    name: "getProxies",
    call: (api) => api.getProxies({ country: "US" }),
    sample: sample.proxyListResponse,
  },
  { name: "getAccountQuota", call: (api) => api.getAccountQuota(), sample: sample.accountQuota },
  { name: "getAccountInfo", call: (api) => api.getAccountInfo(), sample: sample.accountInfo },
];

type Reply = { status: number; text: string; retryAfter?: string };

function apiAnswering(reply: Reply): ApiClient {
  return createApiClient(
    {
      baseUrl: "https://api.example.net",
      auth: { kind: "bearer", accessToken: "t0ken" },
      requestsPerMinute: Infinity,
    },
    {
      fetch: async () =>
        // 204 must have a null body or the Response constructor throws.
        new Response(reply.status === 204 ? null : reply.text, {
          status: reply.status,
          headers: reply.retryAfter === undefined ? {} : { "retry-after": reply.retryAfter },
        }),
      sleep: async () => {},
    },
  );
}

async function expectTypedOrApiError(op: Op, reply: Reply): Promise<void> {
  let result: unknown;
  try {
    result = await op.call(apiAnswering(reply));
  } catch (error) {
    if (!isApiError(error)) throw new Error(`${op.name} threw a non-ApiError: ${String(error)}`);
    expect(typeof error.userMessage).toBe("string");
    return;
  }
  expect(result).toBeDefined();
  op.check?.(result);
}

/** Replaces, nulls or deletes a value somewhere inside a copy of `value`. */
type Mutation = { path: number[]; kind: "replace" | "null" | "delete"; value: fc.JsonValue };
function mutate(value: unknown, mutations: Mutation[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const m of mutations) {
    let node: Record<string, unknown> = copy;
    for (let depth = 0; depth < m.path.length; depth++) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[(m.path[depth] as number) % keys.length] as string;
      const child = node[key];
      const last = depth === m.path.length - 1 || typeof child !== "object" || child === null;
      if (last) {
        if (m.kind === "delete") delete node[key];
        else node[key] = m.kind === "null" ? null : m.value;
        break;
      }
      node = child as Record<string, unknown>;
    }
  }
  return copy;
}

const statusArb = fc.constantFrom(200, 200, 200, 201, 204, 400, 401, 403, 404, 429, 500, 503);
const retryAfterArb = fc.option(fc.oneof(fc.nat({ max: 120 }).map(String), fc.string()), {
  nil: undefined,
});
const mutationArb = fc.array(
  fc.record({
    path: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    kind: fc.constantFrom("replace", "null", "delete") as fc.Arbitrary<Mutation["kind"]>,
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  { minLength: 1, maxLength: 3 },
);

describe.each(ops)("$name", (op) => {
  it("parses the spec sample", async () => {
    const result = await op.call(apiAnswering({ status: 200, text: JSON.stringify(op.sample) }));
    expect(result).toBeDefined();
    op.check?.(result);
  });

  it("random JSON under any status: typed value or ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        statusArb,
        retryAfterArb,
        async (json, status, retryAfter) => {
          const text = status === 204 ? "" : JSON.stringify(json);
          await expectTypedOrApiError(op, { status, text, retryAfter });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("mutated valid answers: typed value or ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(mutationArb, async (mutations) => {
        await expectTypedOrApiError(op, {
          status: 200,
          text: JSON.stringify(mutate(op.sample, mutations)),
        });
      }),
      { numRuns: 100 },
    );
  });

  it("broken text: typed value or ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), statusArb, async (text, status) => {
        await expectTypedOrApiError(op, { status, text: status === 204 ? "" : text });
      }),
      { numRuns: 40 },
    );
  });
});

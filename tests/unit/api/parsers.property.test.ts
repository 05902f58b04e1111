/**
 * Whatever a server sends (random JSON, broken text, mutated valid answers, any status), every
 * operation either resolves with a typed value or rejects with an ApiError of the kind the
 * answer calls for, never anything else; a value it resolves with is the answer it was sent
 * (each field as sent, every entry of a list) and holds every stored number within its bounds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ApiClient, type ApiErrorKind, createApiClient, isApiError } from "../../../lib/api";
import { userSentence } from "./helpers";
import * as sample from "./samples";

/**
 * An answer's top-level "__proto__" key does not reach the caller: the record it is read into
 * never takes a prototype from a provider (found by this test: `{"__proto__":0}`).
 */
const withoutProto = (value: unknown): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== "__proto__"))
    : value;

type Op = {
  name: string;
  call: (api: ApiClient) => Promise<unknown>;
  sample: unknown;
  /**
   * What a successful result must be, given the JSON the server sent (`sent`): the fields the
   * operation returns, as sent, and its invariants (the point of strict parsing).
   */
  check: (result: unknown, sent: unknown) => void;
  /** Paths (in the sample) of numbers the client bounds, for the out-of-range property. */
  numbers?: string[];
  /** Paths of timestamps, for the unreadable-date property. */
  dates?: string[];
  /** Shapes not shown by the spec (account records): any JSON, so no bounds to check. */
  unbounded?: true;
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

/** The value at a dotted path (array indexes as numbers); undefined where the path ends. */
function at(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A list the client reads as empty when the server sends null or leaves it out. */
const listAt = (value: unknown, path: string): unknown[] => (at(value, path) ?? []) as unknown[];
/** Text the client reads as "" when the server sends null or leaves it out. */
const textAt = (value: unknown, path: string): unknown => at(value, path) ?? "";
/** A timestamp the client reads as absent when the server sends "", null or nothing. */
const optionalDateAt = (value: unknown, path: string): unknown => {
  const v = at(value, path);
  return v === "" || v === null ? undefined : v;
};

/**
 * `got` holds the answer's fields as `sent` had them: `same` exactly, `texts` with null or
 * absent read as "", `dates` with "", null or absent read as absent.
 */
function expectAsSent(
  got: unknown,
  sent: unknown,
  fields: { same?: string[]; texts?: string[]; dates?: string[] },
): void {
  for (const path of fields.same ?? []) expect(at(got, path), path).toEqual(at(sent, path));
  for (const path of fields.texts ?? []) expect(at(got, path), path).toBe(textAt(sent, path));
  for (const path of fields.dates ?? []) {
    expect(at(got, path), path).toBe(optionalDateAt(sent, path));
  }
}

/** `got` is a list with one entry per entry of `sent`, in order, each checked by `entry`. */
function expectEachAsSent(
  got: unknown,
  sent: unknown[],
  entry: (got: unknown, sent: unknown) => void,
): void {
  expect(Array.isArray(got)).toBe(true);
  expect(got as unknown[]).toHaveLength(sent.length);
  sent.forEach((item, i) => {
    entry((got as unknown[])[i], item);
  });
}

/**
 * A create's tokens: every entry sent is either read (as sent, checked by `entry`, in order)
 * or handed back raw with what was wrong, never lost and never invented (they are paid for).
 */
function expectCreatedAsSent(
  got: unknown,
  sent: unknown[],
  entry: (got: unknown, sent: unknown) => void,
): void {
  const { tokens, unreadable } = got as {
    tokens: unknown[];
    unreadable: { raw: unknown; issue: unknown }[];
  };
  expect(tokens.length + unreadable.length).toBe(sent.length);
  let read = 0;
  let handedBack = 0;
  for (const item of sent) {
    const next = unreadable[handedBack];
    if (next !== undefined && JSON.stringify(next.raw) === JSON.stringify(item)) {
      expect(typeof next.issue === "string" && next.issue !== "").toBe(true);
      handedBack++;
    } else entry(tokens[read++], item);
  }
  expect(handedBack).toBe(unreadable.length);
  usableTokens(tokens);
}

const LOGIN = ["id", "port", "username", "password"];
const staticTokenAsSent = (got: unknown, sent: unknown) =>
  expectAsSent(got, sent, {
    same: [...LOGIN, "host", "expired_on"],
    texts: ["ip", "country", "state", "city"],
  });
const dynamicTokenAsSent = (got: unknown, sent: unknown) =>
  expectAsSent(got, sent, {
    same: [...LOGIN, "network_type"],
    texts: ["ip", "token", "country", "city"],
  });
/** A batch delete or restore of one chunk: the server's counts and failed ids, no chunk lost. */
const batchAsSent = (stampKey: string) => (got: unknown, sent: unknown) => {
  const data = at(sent, "data");
  expectAsSent(got, data, {
    same: ["total_count", "success_count", "failed_count"],
    dates: [stampKey],
  });
  expect(at(got, "failed_ids")).toEqual(listAt(data, "failed_ids"));
  expect(at(got, "chunk_errors")).toEqual([]);
};
const regionFields = { same: ["id", "name"], texts: ["code"] };
const regionListAsSent = (texts: string[]) => (got: unknown, sent: unknown) =>
  expectEachAsSent(got, listAt(sent, "data.data"), (g, s) =>
    expectAsSent(g, s, { same: regionFields.same, texts: [...regionFields.texts, ...texts] }),
  );

/**
 * The oracle, written out here rather than imported, so that breaking the client's own checks
 * cannot also break the test's: 9999-12-31T23:59:59Z, and an ISO 8601 date Date.parse reads.
 */
const MAX_UNIX_SECONDS = 253_402_300_799;
const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(Date.parse(v));

/** The range each stored number may take (see lib/api/schema-parts.ts). */
const NUMBER_BOUNDS: Record<string, [number, number]> = {
  id: [1, Number.MAX_SAFE_INTEGER],
  token_id: [1, Number.MAX_SAFE_INTEGER],
  failed_ids: [1, Number.MAX_SAFE_INTEGER],
  port: [1, 65535],
  expired_on: [0, MAX_UNIX_SECONDS],
  traffic_quota: [0, Number.MAX_SAFE_INTEGER],
  traffic_used: [0, Number.MAX_SAFE_INTEGER],
  total_count: [0, Number.MAX_SAFE_INTEGER],
  success_count: [0, Number.MAX_SAFE_INTEGER],
  failed_count: [0, Number.MAX_SAFE_INTEGER],
  days: [0, 36_500],
};
/** Timestamps the spec gives as ISO 8601: absent, or a date that parses. */
const DATE_KEYS = new Set(["expire_time", "deleted_at", "restored_at", "restore_deadline"]);

/** Every bounded number and every timestamp anywhere in a parsed result is within its range. */
function expectBounded(value: unknown, key = ""): void {
  // A create's unreadable entries are the provider's raw text, kept for support, not state.
  if (key === "unreadable") return;
  if (Array.isArray(value)) {
    for (const item of value) expectBounded(item, key);
    return;
  }
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) expectBounded(v, k);
    return;
  }
  const bounds = NUMBER_BOUNDS[key];
  if (bounds) {
    expect(Number.isSafeInteger(value), `${key} = ${String(value)}`).toBe(true);
    expect(value as number).toBeGreaterThanOrEqual(bounds[0]);
    expect(value as number).toBeLessThanOrEqual(bounds[1]);
  }
  if (DATE_KEYS.has(key) && value !== undefined) {
    expect(typeof value === "string" && isIsoDate(value), `${key} = ${String(value)}`).toBe(true);
  }
}

const ops: Op[] = [
  {
    name: "createStaticIp",
    call: (api) => api.createStaticIp({ number: 1, country_id: 1 }),
    sample: sample.staticCreateResponse,
    check: (r, sent) => expectCreatedAsSent(r, listAt(sent, "data"), staticTokenAsSent),
    numbers: ["data.0.id", "data.0.port", "data.0.expired_on"],
  },
  {
    name: "createDynamicIp",
    call: (api) => api.createDynamicIp({ number: 1, country_id: 1, payway_id: 1 }),
    sample: sample.dynamicIpCreateResponse,
    check: (r, sent) => {
      expectAsSent(r, sent, { same: ["total_count", "success_count"] });
      expectCreatedAsSent(r, listAt(sent, "tokens"), (g, s) => {
        dynamicTokenAsSent(g, s);
        expectAsSent(g, s, { same: ["expire_time"] });
      });
    },
    numbers: ["tokens.0.id", "tokens.0.port", "total_count", "success_count"],
    dates: ["tokens.0.expire_time"],
  },
  {
    name: "createStaticTraffic",
    call: (api) => api.createStaticTraffic({ number: 1, country_id: 1 }),
    sample: sample.staticTrafficCreateResponse,
    check: (r, sent) => expectCreatedAsSent(r, listAt(sent, "data"), staticTokenAsSent),
    numbers: ["data.0.expired_on"],
  },
  {
    name: "createDynamicTraffic",
    call: (api) => api.createDynamicTraffic({ number: 1, country_id: 1 }),
    sample: sample.dynamicTrafficCreateResponse,
    check: (r, sent) => {
      expectAsSent(r, sent, { same: ["total_count", "success_count"] });
      expectCreatedAsSent(r, listAt(sent, "tokens"), (g, s) => {
        dynamicTokenAsSent(g, s);
        expectAsSent(g, s, { same: ["traffic_quota", "traffic_used"] });
      });
    },
    numbers: ["tokens.0.traffic_quota", "tokens.0.traffic_used"],
  },
  {
    name: "deleteToken",
    call: (api) => api.deleteToken(101),
    sample: sample.deleteOneResponse,
    check: (r, sent) =>
      expectAsSent(r, at(sent, "data"), {
        same: ["token_id", "deleted_at", "can_restore"],
        dates: ["restore_deadline"],
      }),
    numbers: ["data.token_id"],
    dates: ["data.deleted_at", "data.restore_deadline"],
  },
  {
    name: "deleteTokens",
    call: (api) => api.deleteTokens([1, 2, 999]),
    sample: sample.deleteBatchResponse,
    check: batchAsSent("deleted_at"),
    numbers: ["data.total_count", "data.failed_count", "data.failed_ids.0"],
    dates: ["data.deleted_at"],
  },
  {
    name: "restoreToken",
    call: (api) => api.restoreToken(101),
    sample: sample.restoreOneResponse,
    check: (r, sent) =>
      expectAsSent(r, at(sent, "data"), {
        same: ["token_id", "restored_at", "token_info.port"],
        texts: ["token_info.ip", "token_info.status"],
      }),
    numbers: ["data.token_id", "data.token_info.port"],
    dates: ["data.restored_at"],
  },
  {
    name: "restoreTokens",
    call: (api) => api.restoreTokens([1, 2]),
    sample: sample.restoreBatchResponse,
    check: batchAsSent("restored_at"),
  },
  {
    name: "listCountries",
    call: (api) => api.listCountries({ page_size: 100 }),
    sample: sample.countryListResponse,
    check: regionListAsSent([]),
  },
  {
    name: "listStates",
    call: (api) => api.listStates(1),
    sample: sample.stateListResponse,
    check: regionListAsSent(["name_with_underlined", "name_with_none"]),
  },
  {
    name: "listCities",
    call: (api) => api.listCities(10),
    sample: sample.cityListResponse,
    check: regionListAsSent(["name_with_underlined", "name_with_none"]),
  },
  {
    name: "listPaymentPlans",
    call: (api) => api.listPaymentPlans({ is_static: true }),
    sample: sample.paymentPlanListResponse,
    check: (r, sent) =>
      expectEachAsSent(r, listAt(sent, "data.records"), (g, s) => {
        expectAsSent(g, s, { same: ["id", "days"], texts: ["note", "note_en"] });
        // Decimal text; a number sent instead is kept as its text.
        expect(at(g, "price")).toBe(String(at(s, "price")));
        expect(at(g, "value")).toBe(String(at(s, "value")));
      }),
    numbers: ["data.records.0.id", "data.records.0.days"],
  },
  {
    name: "getIpInfo",
    call: (api) => api.getIpInfo(),
    sample: sample.ipInfoResponse,
    check: (r, sent) => {
      const data = at(sent, "data");
      expectAsSent(r, data, {
        same: ["ip", "autonomous_system_number", "is_isp"],
        texts: ["country", "country_code", "city", "network_type", "network"],
      });
      // The spec's null for no state; absent reads the same.
      expect(at(r, "state")).toBe(at(data, "state") ?? null);
    },
  },
  {
    name: "getIpQuality",
    call: (api) => api.getIpQuality("8.8.8.8"),
    sample: sample.ipQualityRecord,
    check: (r, sent) => {
      const scores = ["reputation", "anonymity", "speed", "stability", "security"];
      expectAsSent(r, sent, {
        same: ["ip", "average_score", "grade", ...scores.map((k) => `scores.${k}`)],
        texts: ["isp"],
      });
      // The spec's text; a number sent instead is kept as its text.
      const asn = at(sent, "asn");
      expect(at(r, "asn")).toBe(asn === undefined ? undefined : String(asn));
    },
  },
  {
    name: "refreshDynamicIp",
    call: (api) => api.refreshDynamicIp(201),
    sample: sample.refreshResponse,
    check: (r, sent) => {
      dynamicTokenAsSent(r, at(sent, "data"));
      expectAsSent(r, at(sent, "data"), { dates: ["expire_time"] });
      usableTokens([r]);
    },
    numbers: ["data.id", "data.port"],
    dates: ["data.expire_time"],
  },
  {
    name: "getProxies",
    call: (api) => api.getProxies({ country: "US" }),
    sample: sample.proxyListResponse,
    check: (r, sent) =>
      expectEachAsSent(r, listAt(sent, "data.proxies"), (g, s) =>
        expectAsSent(g, s, { same: ["ip", "port"], texts: ["country", "protocol"] }),
      ),
  },
  {
    name: "getAccountQuota",
    call: (api) => api.getAccountQuota(),
    sample: sample.accountQuota,
    // Any JSON object, handed on whole (but a top-level "__proto__" key: see withoutProto).
    check: (r, sent) => expect(r).toEqual(withoutProto(sent)),
    unbounded: true,
  },
  {
    name: "getAccountInfo",
    call: (api) => api.getAccountInfo(),
    sample: sample.accountInfo,
    check: (r, sent) => expect(r).toEqual(withoutProto(sent)),
    unbounded: true,
  },
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

/**
 * The kind of failure an answer calls for (the oracle, written out as above): an error status
 * or a non-zero envelope code is the server's refusal (rate-limited when 429), anything else
 * refused is an answer that does not fit.
 */
function failureKindFor(reply: Reply): ApiErrorKind {
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    json = undefined;
  }
  const code = at(json, "code");
  const envelopeCode = typeof code === "number" ? code : undefined;
  if (reply.status >= 400 || (envelopeCode !== undefined && envelopeCode !== 0)) {
    return reply.status === 429 || envelopeCode === 429 ? "rate-limited" : "http";
  }
  return "schema";
}

async function expectTypedOrApiError(op: Op, reply: Reply): Promise<void> {
  let result: unknown;
  try {
    result = await op.call(apiAnswering(reply));
  } catch (error) {
    if (!isApiError(error)) throw new Error(`${op.name} threw a non-ApiError: ${String(error)}`);
    expect(error.kind).toBe(failureKindFor(reply));
    expect(typeof userSentence(error)).toBe("string");
    return;
  }
  // Resolved: the answer was JSON, and the result is what it held.
  op.check(result, JSON.parse(reply.text));
  if (!op.unbounded) expectBounded(result);
}

/** A copy of `value` with the value at a dotted path (array indexes as numbers) replaced. */
function withValueAt(value: unknown, path: string, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split(".");
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  if (!(last in node)) throw new Error(`no ${path} in the sample`);
  node[last] = replacement;
  return copy;
}

/** Numbers around and far outside every bound: zero, negatives, fractions, ms timestamps, huge. */
const anyNumberArb = fc.oneof(
  fc.constantFrom(0, -1, 1, 65535, 65536, 0.5, -0.0, 2 ** 53, 2 ** 53 - 1, 1e21),
  fc.constantFrom(MAX_UNIX_SECONDS, MAX_UNIX_SECONDS + 1, Date.now(), 36_500, 36_501),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.double({ noNaN: false }),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map(Number),
);
/** Strings that are and are not ISO 8601 dates, and non-strings. */
const anyDateArb = fc.oneof(
  fc.constantFrom("", "1", "5/6/2025", "2025-13-45T00:00:00Z", "yesterday", "2025-02-30", null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string(),
  fc.integer(),
);

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
    op.check(result, op.sample);
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

/** Each op's bounded numbers and timestamps, each set to values in and far out of range. */
const targeted = ops.flatMap((op) => [
  ...(op.numbers === undefined
    ? []
    : [{ op, what: "a bounded number", paths: op.numbers, values: anyNumberArb, runs: 150 }]),
  ...(op.dates === undefined
    ? []
    : [{ op, what: "a timestamp", paths: op.dates, values: anyDateArb, runs: 100 }]),
]);

describe.each(targeted)("$op.name: $what set to anything", ({ op, paths, values, runs }) => {
  it("parses within its bounds (dates: absent or readable ISO) or fails with an ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        values as fc.Arbitrary<unknown>,
        async (path, v) => {
          const text = JSON.stringify(withValueAt(op.sample, path, v));
          await expectTypedOrApiError(op, { status: 200, text });
        },
      ),
      { numRuns: runs },
    );
  });
});

import { describe, expect, it } from "vitest";
import * as s from "../../../lib/api/schemas";
import * as sample from "./samples";

describe("every response shape of the spec parses", () => {
  const cases: [string, { safeParse: (v: unknown) => { success: boolean } }, unknown][] = [
    ["static token", s.staticTokenSchema, sample.staticToken],
    ["static token with empty ip", s.staticTokenSchema, sample.staticTokenEmptyIp],
    ["static traffic token (expired_on 0)", s.staticTokenSchema, sample.staticTrafficToken],
    ["dynamic IP token", s.dynamicIpTokenSchema, sample.dynamicIpToken],
    ["dynamic traffic token", s.dynamicTrafficTokenSchema, sample.dynamicTrafficToken],
    ["static IP create answer", s.staticCreateResponseSchema, sample.staticCreateResponse],
    [
      "static traffic create answer",
      s.staticCreateResponseSchema,
      sample.staticTrafficCreateResponse,
    ],
    ["dynamic IP create answer", s.dynamicIpCreateResponseSchema, sample.dynamicIpCreateResponse],
    [
      "dynamic traffic create answer",
      s.dynamicTrafficCreateResponseSchema,
      sample.dynamicTrafficCreateResponse,
    ],
    ["refresh answer", s.refreshResponseSchema, sample.refreshResponse],
    ["delete one", s.deleteOneResponseSchema, sample.deleteOneResponse],
    ["delete batch", s.deleteBatchResponseSchema, sample.deleteBatchResponse],
    ["restore one", s.restoreOneResponseSchema, sample.restoreOneResponse],
    ["restore batch", s.restoreBatchResponseSchema, sample.restoreBatchResponse],
    ["country list", s.countryListResponseSchema, sample.countryListResponse],
    ["state list", s.regionListResponseSchema, sample.stateListResponse],
    ["city list (empty code)", s.regionListResponseSchema, sample.cityListResponse],
    ["payment plans", s.paymentPlanListResponseSchema, sample.paymentPlanListResponse],
    ["IP info with state null", s.ipInfoResponseSchema, sample.ipInfoResponse],
    ["IP quality record (no envelope)", s.ipQualitySchema, sample.ipQualityRecord],
    ["proxy retrieval", s.proxyListResponseSchema, sample.proxyListResponse],
    ["error envelope", s.errorEnvelopeSchema, sample.errorEnvelope],
    ["account quota (any object)", s.jsonObjectSchema, sample.accountQuota],
    ["account info (any object)", s.jsonObjectSchema, sample.accountInfo],
  ];

  it.each(cases)("%s", (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });
});

describe("tolerance where the spec is silent", () => {
  it("strips unknown fields", () => {
    const parsed = s.staticTokenSchema.parse({ ...sample.staticToken, extra: "x", nested: {} });
    expect(parsed).toEqual(sample.staticToken);
  });

  it("turns missing or null state/city into empty strings", () => {
    const { state: _state, ...noState } = sample.staticToken;
    const parsed = s.staticTokenSchema.parse({ ...noState, city: null });
    expect(parsed.state).toBe("");
    expect(parsed.city).toBe("");
  });

  it("keeps the empty ip of a fresh static IP token", () => {
    expect(s.staticTokenSchema.parse(sample.staticTokenEmptyIp).ip).toBe("");
  });

  it("keeps IP info state null, and treats an absent state as null", () => {
    expect(s.ipInfoResponseSchema.parse(sample.ipInfoResponse).data.state).toBeNull();
    const { state: _state, ...rest } = sample.ipInfoResponse.data;
    expect(s.ipInfoSchema.parse(rest).state).toBeNull();
    expect(s.ipInfoSchema.parse({ ...rest, state: "CA" }).state).toBe("CA");
  });

  it("accepts null lists as empty", () => {
    const parsed = s.deleteBatchResponseSchema.parse({
      ...sample.deleteBatchResponse,
      data: { ...sample.deleteBatchResponse.data, failed_ids: null },
    });
    expect(parsed.data.failed_ids).toEqual([]);
    expect(
      s.paymentPlanListResponseSchema.parse({ code: 0, data: { records: null } }).data.records,
    ).toEqual([]);
  });

  it("keeps decimal text as text, and turns numeric prices into text", () => {
    const plan = s.paymentPlanSchema.parse({
      ...sample.paymentPlanListResponse.data.records[0],
      price: 9.9,
    });
    expect(plan.price).toBe("9.9");
    expect(plan.value).toBe("-9.90");
  });

  it("the generic dynamic token (refresh answer) accepts both kinds", () => {
    expect(s.dynamicTokenSchema.safeParse(sample.dynamicIpToken).success).toBe(true);
    expect(s.dynamicTokenSchema.safeParse(sample.dynamicTrafficToken).success).toBe(true);
  });
});

describe("strictness where it matters", () => {
  const cases: [string, unknown][] = [
    ["no port", { ...sample.staticToken, port: undefined }],
    ["port 0", { ...sample.staticToken, port: 0 }],
    ["port 65536", { ...sample.staticToken, port: 65536 }],
    ["port as text", { ...sample.staticToken, port: "8000" }],
    ["port not an integer", { ...sample.staticToken, port: 80.5 }],
    ["no password", { ...sample.staticToken, password: undefined }],
    ["empty password", { ...sample.staticToken, password: "" }],
    ["no username", { ...sample.staticToken, username: undefined }],
    ["id as text", { ...sample.staticToken, id: "101" }],
    ["id not an integer", { ...sample.staticToken, id: 1.5 }],
  ];

  it.each(cases)("static token with %s is a schema error", (_name, value) => {
    expect(s.staticTokenSchema.safeParse(value).success).toBe(false);
  });

  it.each(cases)("dynamic token with %s is a schema error", (_name, value) => {
    const { host: _h, expired_on: _e, state: _s, ...rest } = value as typeof sample.staticToken;
    const dynamic = { ...sample.dynamicIpToken, ...rest };
    expect(s.dynamicIpTokenSchema.safeParse(dynamic).success).toBe(false);
  });

  it("a dynamic token needs a known network type", () => {
    expect(
      s.dynamicIpTokenSchema.safeParse({ ...sample.dynamicIpToken, network_type: "FTP" }).success,
    ).toBe(false);
  });

  it("a dynamic IP token needs expire_time; a traffic token needs quota and usage", () => {
    const { expire_time: _e, ...noExpiry } = sample.dynamicIpToken;
    expect(s.dynamicIpTokenSchema.safeParse(noExpiry).success).toBe(false);
    const { traffic_used: _u, ...noUsage } = sample.dynamicTrafficToken;
    expect(s.dynamicTrafficTokenSchema.safeParse(noUsage).success).toBe(false);
  });

  it("one bad token fails the whole create answer", () => {
    const bad = {
      ...sample.staticCreateResponse,
      data: [sample.staticToken, { ...sample.staticToken, port: 0 }],
    };
    const result = s.staticCreateResponseSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["data", 1, "port"]);
  });
});

describe("request schemas", () => {
  const base = { number: 1, network_type: "HTTP", country_id: 1 };

  it.each([
    ["number 0", { ...base, number: 0 }],
    ["number 11", { ...base, number: 11 }],
    ["number 1.5", { ...base, number: 1.5 }],
    ["network_type http (lower case)", { ...base, network_type: "http" }],
    ["missing country_id", { number: 1 }],
    ["country_id 0", { ...base, country_id: 0 }],
    ["state_id -1", { ...base, state_id: -1 }],
    ["unknown key", { ...base, colour: "red" }],
  ])("create body with %s is refused", (_name, value) => {
    expect(s.createTimeBilledBodySchema.safeParse(value).success).toBe(false);
    expect(s.createTrafficBodySchema.safeParse(value).success).toBe(false);
  });

  it("payway_id is accepted for time-billed kinds only", () => {
    expect(s.createTimeBilledBodySchema.safeParse({ ...base, payway_id: 2 }).success).toBe(true);
    expect(s.createTrafficBodySchema.safeParse({ ...base, payway_id: 2 }).success).toBe(false);
  });

  it("network_type defaults to HTTP", () => {
    expect(s.createTrafficBodySchema.parse({ number: 2, country_id: 5 }).network_type).toBe("HTTP");
  });

  it("page_size is at most 100", () => {
    expect(s.regionQuerySchema.safeParse({ page_size: 100 }).success).toBe(true);
    expect(s.regionQuerySchema.safeParse({ page_size: 101 }).success).toBe(false);
    expect(s.regionQuerySchema.safeParse({ page: 0 }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readEachToken } from "../../../lib/api/created-tokens";
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
    ["dynamic IP create answer", s.dynamicCreateResponseSchema, sample.dynamicIpCreateResponse],
    [
      "dynamic traffic create answer",
      s.dynamicCreateResponseSchema,
      sample.dynamicTrafficCreateResponse,
    ],
    // The create answers' tokens, each read on its own (created-tokens.ts).
    ...sample.staticCreateResponse.data.map((token, i): (typeof cases)[number] => [
      `static create token ${i}`,
      s.staticTokenSchema,
      token,
    ]),
    ...sample.dynamicIpCreateResponse.tokens.map((token, i): (typeof cases)[number] => [
      `dynamic IP create token ${i}`,
      s.dynamicIpTokenSchema,
      token,
    ]),
    ...sample.dynamicTrafficCreateResponse.tokens.map((token, i): (typeof cases)[number] => [
      `dynamic traffic create token ${i}`,
      s.dynamicTrafficTokenSchema,
      token,
    ]),
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

describe("timestamps in every ISO 8601 form, read as meant", () => {
  it.each([
    ["the extended form, kept as sent", "2024-01-08T12:00:00Z", "2024-01-08T12:00:00Z"],
    ["the basic form", "20240108T120000Z", "2024-01-08T12:00:00Z"],
    ["a zone of hours only", "2024-01-08T12:00:00+08", "2024-01-08T12:00:00+08:00"],
    ["a zone without its colon", "2024-01-08T12:00:00-0530", "2024-01-08T12:00:00-05:30"],
    ["no zone: UTC, not the browser's", "2024-01-08T12:00:00", "2024-01-08T12:00:00Z"],
    ["a space for the T", "2024-01-08 12:00:00.5", "2024-01-08T12:00:00.5Z"],
    ["a date alone, basic", "20240108", "2024-01-08"],
  ])("%s", (_name, sent, read) => {
    const token = s.dynamicIpTokenSchema.parse({ ...sample.dynamicIpToken, expire_time: sent });
    expect(token.expire_time).toBe(read);
    expect(Date.parse(token.expire_time)).toBe(Date.parse(read));
  });

  it.each(["1", "5/6/2025", "2024-13-45T00:00:00Z", "2024-01-08T25:00:00Z", "yesterday", ""])(
    "%j is no date",
    (sent) => {
      const parsed = s.dynamicIpTokenSchema.safeParse({
        ...sample.dynamicIpToken,
        expire_time: sent,
      });
      expect(parsed.success).toBe(false);
    },
  );
});

describe("tolerance where the spec is silent", () => {
  it("an IP answer without its address is no answer (it would confirm an unknown IP)", () => {
    const answer = { ...sample.ipInfoResponse, data: { ...sample.ipInfoResponse.data, ip: "" } };
    expect(s.ipInfoResponseSchema.safeParse(answer).success).toBe(false);
  });

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

  it("one bad token is handed back raw with what was wrong; the others are read", () => {
    const answer = {
      ...sample.staticCreateResponse,
      data: [sample.staticToken, { ...sample.staticToken, id: 9, port: 0 }],
    };
    const envelope = s.staticCreateResponseSchema.parse(answer);
    const read = readEachToken(s.staticTokenSchema, envelope.data);
    expect(read.tokens).toEqual([sample.staticToken]);
    expect(read.unreadable).toEqual([{ raw: answer.data[1], issue: "port must be at least 1" }]);
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

describe("bounds on what becomes stored state", () => {
  type Case = [string, unknown, boolean];
  const token = (patch: Record<string, unknown>) => ({ ...sample.staticToken, ...patch });
  const dynamicIp = (patch: Record<string, unknown>) => ({ ...sample.dynamicIpToken, ...patch });
  const traffic = (patch: Record<string, unknown>) => ({
    ...sample.dynamicTrafficToken,
    ...patch,
  });

  it.each<Case>([
    ["id 1", token({ id: 1 }), true],
    ["id 0", token({ id: 0 }), false],
    ["id -5", token({ id: -5 }), false],
    ["id 2^53 (not a safe integer)", token({ id: 2 ** 53 }), false],
    ["id 1.5", token({ id: 1.5 }), false],
    ["port 1", token({ port: 1 }), true],
    ["port 65535", token({ port: 65535 }), true],
    ["port 0", token({ port: 0 }), false],
    ["port 65536", token({ port: 65536 }), false],
    ["expired_on 0 (no fixed expiry)", token({ expired_on: 0 }), true],
    ["expired_on 9999-12-31T23:59:59Z", token({ expired_on: 253_402_300_799 }), true],
    ["expired_on one second later", token({ expired_on: 253_402_300_800 }), false],
    ["expired_on in milliseconds", token({ expired_on: 1_767_225_600_000 }), false],
    ["expired_on -1", token({ expired_on: -1 }), false],
    ["ip '' on a static token (assigned later)", token({ ip: "" }), true],
    ["host an IPv6 literal", token({ host: "::1" }), true],
  ])("static token, %s", (_name, value, ok) => {
    expect(s.staticTokenSchema.safeParse(value).success).toBe(ok);
  });

  it.each<Case>([
    ["ip '' (a real server may answer it while it assigns one)", dynamicIp({ ip: "" }), true],
    ["expire_time ISO with offset", dynamicIp({ expire_time: "2026-01-31T08:00:00+08:00" }), true],
    ["expire_time a date only", dynamicIp({ expire_time: "2026-01-31" }), true],
    ["expire_time unreadable", dynamicIp({ expire_time: "next month" }), false],
    ["expire_time '1' (Date.parse would read it)", dynamicIp({ expire_time: "1" }), false],
    ["expire_time not a real date", dynamicIp({ expire_time: "2026-13-01T00:00:00Z" }), false],
    ["expire_time missing", dynamicIp({ expire_time: undefined }), false],
  ])("dynamic IP token, %s", (_name, value, ok) => {
    expect(s.dynamicIpTokenSchema.safeParse(value).success).toBe(ok);
  });

  it.each<Case>([
    ["quota 0, used 0", traffic({ traffic_quota: 0, traffic_used: 0 }), true],
    ["used past the quota", traffic({ traffic_quota: 10, traffic_used: 11 }), true],
    ["quota 2^53 - 1", traffic({ traffic_quota: Number.MAX_SAFE_INTEGER }), true],
    ["quota 2^53", traffic({ traffic_quota: 2 ** 53 }), false],
    ["used -1", traffic({ traffic_used: -1 }), false],
    ["used 0.5", traffic({ traffic_used: 0.5 }), false],
    ["quota as text", traffic({ traffic_quota: "1024" }), false],
  ])("dynamic traffic token, %s", (_name, value, ok) => {
    expect(s.dynamicTrafficTokenSchema.safeParse(value).success).toBe(ok);
  });

  it.each<Case>([
    ["restore_deadline missing", { restore_deadline: undefined }, true],
    ["restore_deadline null", { restore_deadline: null }, true],
    ["restore_deadline ''", { restore_deadline: "" }, true],
    ["restore_deadline unreadable", { restore_deadline: "in 30 days" }, false],
    ["deleted_at unreadable", { deleted_at: "today" }, false],
    ["token_id 0", { token_id: 0 }, false],
  ])("single delete answer, %s", (_name, patch, ok) => {
    const value = {
      ...sample.deleteOneResponse,
      data: { ...sample.deleteOneResponse.data, ...(patch as object) },
    };
    expect(s.deleteOneResponseSchema.safeParse(value).success).toBe(ok);
  });

  it("an absent, null or empty restore_deadline parses as undefined", () => {
    for (const restore_deadline of [undefined, null, ""]) {
      const data = { ...sample.deleteOneResponse.data, restore_deadline };
      const parsed = s.deleteOneResponseSchema.parse({ ...sample.deleteOneResponse, data });
      expect(parsed.data.restore_deadline).toBeUndefined();
    }
  });

  it.each<Case>([
    ["failed_count -1", { failed_count: -1 }, false],
    ["failed_ids [0]", { failed_ids: [0] }, false],
    ["deleted_at '' (nothing deleted)", { deleted_at: "" }, true],
    ["deleted_at null", { deleted_at: null }, true],
    ["deleted_at unreadable", { deleted_at: "now" }, false],
  ])("batch delete answer, %s", (_name, patch, ok) => {
    const value = {
      ...sample.deleteBatchResponse,
      data: { ...sample.deleteBatchResponse.data, ...(patch as object) },
    };
    expect(s.deleteBatchResponseSchema.safeParse(value).success).toBe(ok);
  });

  it.each<Case>([
    ["days 0", 0, true],
    ["days 36500", 36_500, true],
    ["days 36501", 36_501, false],
    ["days -1", -1, false],
  ])("payment plan, %s", (_name, days, ok) => {
    const plan = { ...sample.paymentPlanListResponse.data.records[0], days };
    expect(s.paymentPlanSchema.safeParse(plan).success).toBe(ok);
  });
});

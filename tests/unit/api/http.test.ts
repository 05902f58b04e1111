/**
 * Glue and pure logic of the request core with a fake fetch: URL building, the Authorization
 * header, error mapping, local validation and the retry loop. Behaviour against a real server
 * is covered by client-sandbox.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  type ApiClientConfig,
  authorizationHeader,
  createApiClient,
  joinUrl,
} from "../../../lib/api";
import { base64Utf8 } from "../../../lib/api/authorization";
import { reasonOf } from "../../../lib/api/errors";
import { type Answer, fakeFetch, type RecordedCall } from "./fake-fetch";
import { failure, recordingSleep, userSentence } from "./helpers";
import * as sample from "./samples";

const BASE = "https://api.example.net";
const TOKEN = "tok-SECRET-123";

function client(
  answers: Answer[] | ((call: RecordedCall) => Answer),
  extra: Partial<ApiClientConfig> = {},
) {
  const f = fakeFetch(answers);
  const z = recordingSleep();
  const api = createApiClient(
    {
      baseUrl: BASE,
      auth: { kind: "bearer", accessToken: TOKEN },
      requestsPerMinute: Infinity,
      ...extra,
    },
    {
      fetch: f.fetch,
      sleep: z.sleep,
      random: () => 0.5,
      now: () => Date.parse("2025-01-01T00:00:00Z"),
    },
  );
  return { api, calls: f.calls, delays: z.delays };
}

describe("joinUrl", () => {
  it.each<
    [string, string, Record<string, string | number | boolean | undefined> | undefined, string]
  >([
    ["https://a.example", "/token/static/ip", undefined, "https://a.example/token/static/ip"],
    ["https://a.example/", "/token/static/ip", undefined, "https://a.example/token/static/ip"],
    ["https://a.example//", "token/static/ip", undefined, "https://a.example/token/static/ip"],
    ["https://a.example/api", "/token/1", undefined, "https://a.example/api/token/1"],
    ["https://a.example/api/", "/token/1", undefined, "https://a.example/api/token/1"],
    [
      "http://127.0.0.1:8080",
      "/v1/account/info",
      undefined,
      "http://127.0.0.1:8080/v1/account/info",
    ],
    [
      "https://a.example",
      "/x",
      { page: 2, is_static: true },
      "https://a.example/x?page=2&is_static=true",
    ],
    ["https://a.example", "/x", { a: undefined, b: "1" }, "https://a.example/x?b=1"],
    [
      "https://a.example",
      "/x",
      { search_text: "São Paulo & co" },
      "https://a.example/x?search_text=S%C3%A3o+Paulo+%26+co",
    ],
    ["https://a.example/p?old=1#frag", "/x", { n: 1 }, "https://a.example/p/x?old=1&n=1"],
  ])("%s + %s", (base, path, query, expected) => {
    expect(joinUrl(base, path, query)).toBe(expected);
  });
});

describe("Authorization header", () => {
  it("Bearer", () => {
    expect(authorizationHeader({ kind: "bearer", accessToken: "abc" })).toBe("Bearer abc");
  });

  it.each([
    ["user", "pass"],
    ["usér", "pässwörd"],
    ["用户", "密码🔑"],
    ["a:b", ""],
  ])("Basic %s:%s is base64 of the UTF-8 bytes", (username, password) => {
    const expected = Buffer.from(`${username}:${password}`, "utf8").toString("base64");
    expect(authorizationHeader({ kind: "basic", username, password })).toBe(`Basic ${expected}`);
  });

  it("base64Utf8 matches btoa for ASCII", () => {
    expect(base64Utf8("Aladdin:open sesame")).toBe("QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
  });

  it("is sent on authenticated calls, with Content-Type only for bodies", async () => {
    const { api, calls } = client([
      { json: sample.staticCreateResponse },
      { json: sample.countryListResponse },
    ]);
    await api.createStaticIp({ number: 1, country_id: 1 });
    await api.listCountries();
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({
      number: 1,
      network_type: "HTTP",
      country_id: 1,
    });
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[1]?.headers["content-type"]).toBeUndefined();
  });

  it("is not sent to IP basic information, which needs none", async () => {
    const { api, calls } = client([{ json: sample.ipInfoResponse }]);
    await api.getIpInfo("8.8.8.8");
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.url).toBe(`${BASE}/token/check/ip?ip=8.8.8.8`);
  });
});

describe("error mapping", () => {
  it.each<[number, unknown, string, RegExp]>([
    [
      400,
      { code: 400, message: "country_id not found", error: "bad request" },
      "http",
      /rejected the request: country_id not found/,
    ],
    [
      401,
      { code: 401, message: "unauthorized", error: "auth" },
      "http",
      /refused your access token \(Bearer\)\. Check it in Options/,
    ],
    [403, { code: 403, message: "quota", error: "forbidden" }, "http", /permission or the quota/],
    [
      404,
      { code: 404, message: "not found", error: "nf" },
      "http",
      /may already have been deleted/,
    ],
    [
      409,
      { code: 409, message: "Conflict", error: "token is busy" },
      "http",
      /refused the request \(HTTP 409\): token is busy\./,
    ],
    [429, sample.errorEnvelope, "rate-limited", /Try again in 7 s/],
    [
      500,
      { code: 500, message: "boom", error: "internal" },
      "http",
      /provider had a problem \(HTTP 500\)/,
    ],
    [503, undefined, "http", /provider had a problem \(HTTP 503\)/],
    [200, { code: 403, message: "no balance", error: "x" }, "http", /permission or the quota/],
    [200, { code: 7, msg: "odd failure" }, "http", /refused the request \(code 7\): odd failure/],
  ])("HTTP %i %j -> %s", async (status, json, kind, sentence) => {
    const { api } = client([{ status, json, headers: { "retry-after": "7" } }]);
    const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(error.kind).toBe(kind);
    expect(error.operation).toBe("createStaticIp");
    expect(userSentence(error)).toMatch(sentence);
    if (status >= 400) expect(error.status).toBe(status);
  });

  it.each<[string | undefined, string | undefined, string | undefined]>([
    ["Bad Request", "country_id 9999 does not exist", "country_id 9999 does not exist"],
    ["country_id 9999 does not exist", "bad request", "country_id 9999 does not exist"],
    ["Bad Request", "INVALID_PARAM", "INVALID_PARAM"],
    ["Bad Request", undefined, "Bad Request"],
    [undefined, undefined, undefined],
  ])("the reason of message %j / error %j is %j", (message, errorText, expected) => {
    expect(reasonOf(message, errorText)).toBe(expected);
  });

  it("keeps the envelope fields", async () => {
    const { api } = client([
      { status: 429, json: sample.errorEnvelope, headers: { "retry-after": "2" } },
    ]);
    const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(error).toMatchObject({
      code: 429,
      serverMessage: "Too Many Requests",
      errorText: "rate limit exceeded",
      retryAfterMs: 2000,
    });
  });

  it("never echoes the access token from server text", async () => {
    const { api } = client([
      { status: 401, json: { code: 401, message: `token ${TOKEN} is invalid`, error: "" } },
    ]);
    const error = await failure(api.listCountries());
    expect(
      JSON.stringify({ ...error, message: error.message, sentence: userSentence(error) }),
    ).not.toContain(TOKEN);
    expect(error.message).not.toContain(TOKEN);
  });

  it.each([
    ["not JSON", "<html>oops</html>", undefined],
    ["empty body", "", undefined],
    [
      "wrong shape",
      JSON.stringify({ code: 0, msg: "ok", data: { tokens: [sample.staticToken] } }),
      "data",
    ],
    ["array instead of object", "[]", ""],
  ])("a 200 with %s is a schema error", async (_name, text, path) => {
    const { api } = client([{ text }]);
    const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(error.kind).toBe("schema");
    expect(error.issuePath).toBe(path);
    expect(userSentence(error)).toMatch(/unexpected answer/);
  });

  it("a fetch rejection is a network error naming only the origin", async () => {
    const f = fakeFetch([{ throws: new TypeError("fetch failed") }]);
    const api = createApiClient(
      {
        baseUrl: "https://api.example.net/v",
        auth: { kind: "basic", username: "u", password: "hunter22" },
        maxAttempts: 1,
      },
      { fetch: f.fetch },
    );
    const error = await failure(api.getAccountInfo());
    expect(error.kind).toBe("network");
    expect(userSentence(error)).toBe(
      "Cannot reach https://api.example.net. Check the address in Options and your internet connection.",
    );
    expect(
      JSON.stringify({ ...error, message: error.message, sentence: userSentence(error) }),
    ).not.toContain("hunter22");
  });

  it("a request that outlives timeoutMs is a timeout error", async () => {
    const never = (_: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("aborted", "AbortError")),
        );
      });
    const api = createApiClient(
      { baseUrl: BASE, auth: { kind: "bearer", accessToken: "t" }, timeoutMs: 20, maxAttempts: 1 },
      { fetch: never },
    );
    const error = await failure(api.getAccountQuota());
    expect(error.kind).toBe("timeout");
    expect(userSentence(error)).toMatch(/did not answer within 1 s/);
  });
});

describe("validation before sending", () => {
  it.each<[string, () => (api: ReturnType<typeof client>["api"]) => Promise<unknown>, RegExp]>([
    [
      "number 0",
      () => (api) => api.createStaticIp({ number: 0, country_id: 1 }),
      /number must be at least 1/,
    ],
    [
      "number 11",
      () => (api) => api.createDynamicIp({ number: 11, country_id: 1 }),
      /number must be at most 10/,
    ],
    [
      "number 2.5",
      () => (api) => api.createStaticTraffic({ number: 2.5, country_id: 1 }),
      /number must be an integer/,
    ],
    [
      "bad network_type",
      () => (api) =>
        api.createDynamicTraffic({ number: 1, country_id: 1, network_type: "FTP" as "HTTP" }),
      /network_type must be one of "HTTP", "SOCKS5"/,
    ],
    [
      "missing country_id",
      () => (api) => api.createStaticIp({ number: 1 } as { number: number; country_id: number }),
      /country_id is required/,
    ],
    [
      "country_id 0",
      () => (api) => api.createStaticIp({ number: 1, country_id: 0 }),
      /country_id must be at least/,
    ],
    [
      "city_id -3",
      () => (api) => api.createStaticIp({ number: 1, country_id: 1, city_id: -3 }),
      /city_id/,
    ],
    [
      "payway_id on static traffic",
      () => (api) => api.createStaticTraffic({ number: 1, country_id: 1, payway_id: 2 } as never),
      /payway_id is not accepted/,
    ],
    [
      "payway_id on dynamic traffic",
      () => (api) => api.createDynamicTraffic({ number: 1, country_id: 1, payway_id: 2 } as never),
      /payway_id is not accepted/,
    ],
    [
      "page_size 101",
      () => (api) => api.listCountries({ page_size: 101 }),
      /page_size must be at most 100/,
    ],
    ["parent_id 0", () => (api) => api.listStates(0), /parent_id must be a positive integer/],
    ["delete id 1.5", () => (api) => api.deleteToken(1.5), /token id must be a positive integer/],
    [
      "batch with a bad id",
      () => (api) => api.deleteTokens([1, -2]),
      /token_ids\[\] must be a positive integer/,
    ],
    ["empty ip for quality", () => (api) => api.getIpQuality(""), /value is empty/],
    [
      "foreign refresh_url",
      () => (api) => api.refreshDynamicIp("https://evil.example/token/dynamic/ip/refresh/1"),
      /not on the provider's origin/,
    ],
    [
      "foreign refresh_url on a token",
      () => (api) => api.refreshDynamicIp({ id: 1, refresh_url: "//evil.example/r" }),
      /not on the provider's origin/,
    ],
    [
      "refresh_url on another port",
      () => (api) =>
        api.refreshDynamicIp("https://api.example.net:8443/token/dynamic/ip/refresh/1"),
      /not on the provider's origin/,
    ],
  ])("%s fails locally without a request", async (_name, make, sentence) => {
    const { api, calls } = client([{ json: {} }]);
    const error = await failure(make()(api));
    expect(error.kind).toBe("invalid-request");
    expect(userSentence(error)).toMatch(sentence);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["not a URL", "api.example.net"],
    ["ftp", "ftp://api.example.net"],
    ["embedded credentials", "https://user:pw@api.example.net"],
  ])("a base URL that is %s fails locally", async (_name, baseUrl) => {
    const f = fakeFetch([{ json: sample.accountInfo }]);
    const api = createApiClient(
      { baseUrl, auth: { kind: "bearer", accessToken: "t" } },
      { fetch: f.fetch },
    );
    const error = await failure(api.getAccountInfo());
    expect(error.kind).toBe("invalid-request");
    expect(userSentence(error)).not.toContain("pw");
    expect(f.calls).toHaveLength(0);
  });
});

describe("requests", () => {
  it("refresh by id, by token and by same-origin refresh_url", async () => {
    const { api, calls } = client(() => ({ json: sample.refreshResponse }));
    await api.refreshDynamicIp(201);
    await api.refreshDynamicIp({ id: 202 });
    await api.refreshDynamicIp(sample.dynamicIpToken);
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", `${BASE}/token/dynamic/ip/refresh/201`],
      ["GET", `${BASE}/token/dynamic/ip/refresh/202`],
      ["GET", `${BASE}/token/dynamic/ip/refresh/201`],
    ]);
  });

  it("IP quality path-encodes the address", async () => {
    const { api, calls } = client([{ json: sample.ipQualityRecord }]);
    await api.getIpQuality("2001:db8::1");
    expect(calls[0]?.url).toBe(`${BASE}/api/v1/ip-quality/2001%3Adb8%3A%3A1`);
  });

  it("region queries carry parent_id and the filters", async () => {
    const { api, calls } = client(() => ({ json: sample.stateListResponse }));
    await api.listStates(1, {
      search_text: "new",
      page: 2,
      page_size: 50,
      is_static: true,
      by: "ext",
    });
    const url = new URL(calls[0]?.url ?? "");
    expect(url.pathname).toBe("/token/list/area/state");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search_text: "new",
      page: "2",
      page_size: "50",
      is_static: "true",
      by: "ext",
      parent_id: "1",
    });
  });

  it("batches de-duplicate and chunk at 100, merging the answers", async () => {
    const { api, calls } = client((call) => {
      const ids = (JSON.parse(call.body ?? "{}") as { token_ids: number[] }).token_ids;
      const failed = ids.filter((id) => id % 50 === 0);
      return {
        json: {
          status: "success",
          message: "",
          data: {
            total_count: ids.length,
            success_count: ids.length - failed.length,
            failed_count: failed.length,
            failed_ids: failed,
            deleted_at: `2025-01-0${calls.length}T00:00:00Z`,
          },
        },
      };
    });
    const ids = [...Array.from({ length: 250 }, (_, i) => i + 1), 1, 2, 3];
    const result = await api.deleteTokens(ids);
    expect(
      calls.map((c) => (JSON.parse(c.body ?? "{}") as { token_ids: number[] }).token_ids.length),
    ).toEqual([100, 100, 50]);
    expect(calls.every((c) => c.method === "DELETE" && c.url === `${BASE}/token/batch`)).toBe(true);
    expect(result).toMatchObject({
      total_count: 250,
      success_count: 245,
      failed_count: 5,
      failed_ids: [50, 100, 150, 200, 250],
      deleted_at: "2025-01-03T00:00:00Z",
      chunk_errors: [],
    });
  });

  it("a chunk failing as a whole adds its ids to failed_ids; the other chunks still go", async () => {
    let n = 0;
    const { api, calls } = client(() => {
      n += 1;
      if (n === 1) return { status: 403, json: { code: 403, message: "quota", error: "" } };
      return {
        json: {
          status: "success",
          message: "",
          data: {
            total_count: 20,
            success_count: 20,
            failed_count: 0,
            failed_ids: [],
            restored_at: "2025-01-01T00:00:00Z",
          },
        },
      };
    });
    const result = await api.restoreTokens(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(calls).toHaveLength(2);
    expect(result.total_count).toBe(120);
    expect(result.failed_count).toBe(100);
    expect(result.failed_ids).toHaveLength(100);
    expect(result.chunk_errors[0]?.error.status).toBe(403);
    expect(result.restored_at).toBe("2025-01-01T00:00:00Z");
  });

  it("a batch whose every chunk fails throws that error", async () => {
    const { api } = client([{ status: 401, json: { code: 401, message: "no", error: "" } }]);
    const error = await failure(api.deleteTokens([1, 2]));
    expect(error.status).toBe(401);
  });

  it("an empty batch sends nothing", async () => {
    const { api, calls } = client([{ json: {} }]);
    expect(await api.deleteTokens([])).toMatchObject({ total_count: 0, failed_ids: [] });
    expect(calls).toHaveLength(0);
  });
});

describe("retry loop", () => {
  it("a GET is retried after 429 and 5xx, honouring Retry-After", async () => {
    const { api, calls, delays } = client([
      { status: 429, json: sample.errorEnvelope, headers: { "retry-after": "3" } },
      { status: 503, json: { code: 500, message: "x", error: "" } },
      { json: sample.countryListResponse },
    ]);
    expect(await api.listCountries()).toHaveLength(1);
    expect(calls).toHaveLength(3);
    // 429: max(0.5 * 500, 3000); 503: 0.5 * min(10_000, 1000)
    expect(delays).toEqual([3000, 500]);
  });

  it("a GET gives up after maxAttempts with the last error", async () => {
    const { api, calls } = client([{ status: 500, json: { code: 500, message: "x", error: "" } }], {
      maxAttempts: 2,
    });
    const error = await failure(api.getAccountQuota());
    expect(error.status).toBe(500);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ["429", { status: 429, json: sample.errorEnvelope, headers: { "retry-after": "1" } }],
    ["500", { status: 500, json: { code: 500, message: "x", error: "" } }],
    ["network error", { throws: new TypeError("fetch failed") }],
  ] as [string, Answer][])("a create POST is not retried after %s", async (_name, answer) => {
    const { api, calls } = client([answer, { json: sample.staticCreateResponse }]);
    await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(calls).toHaveLength(1);
  });

  it("DELETE and restore PUT are retried", async () => {
    const { api, calls } = client([
      { status: 502, json: { code: 500, message: "", error: "" } },
      { json: sample.deleteOneResponse },
      { throws: new TypeError("fetch failed") },
      { json: sample.restoreOneResponse },
    ]);
    await api.deleteToken(101);
    await api.restoreToken(101);
    expect(calls.map((c) => c.method)).toEqual(["DELETE", "DELETE", "PUT", "PUT"]);
  });

  it("the client-side limiter spaces requests with the injected sleep", async () => {
    const f = fakeFetch(() => ({ json: sample.accountInfo }));
    let t = 0;
    const slept: number[] = [];
    const api = createApiClient(
      { baseUrl: BASE, auth: { kind: "bearer", accessToken: "t" }, requestsPerMinute: 2 },
      {
        fetch: f.fetch,
        now: () => t,
        sleep: async (ms) => {
          slept.push(ms);
          t += ms;
        },
      },
    );
    await api.getAccountInfo();
    await api.getAccountInfo();
    await api.getAccountInfo();
    expect(slept).toEqual([60_000]);
    expect(f.calls).toHaveLength(3);
  });
});

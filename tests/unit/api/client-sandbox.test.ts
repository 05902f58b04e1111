/**
 * The API client against the sandbox provider over real HTTP: every operation of the spec and
 * every error path. Only time (sleep) is injected, so retries do not really wait.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../../lib/api";
import { DEFAULT_TIMEOUT_MS, purchaseTimeout } from "../../../lib/api/http";
import { startSandbox } from "../../sandbox/index";
import { failure, userSentence } from "./helpers";
import { useSandbox } from "./sandbox-harness";

const DAY_MS = 24 * 60 * 60 * 1000;

const { sandbox, control, client, state, addFault, pendingFaults } = useSandbox();

describe("create operations", () => {
  it("createStaticIp: tokens on the gateway, ip assigned later", async () => {
    const { api } = client();
    const { tokens } = await api.createStaticIp({ number: 2, network_type: "HTTP", country_id: 1 });
    expect(tokens).toHaveLength(2);
    for (const t of tokens) {
      expect(t.ip).toBe("");
      expect(t.host).not.toBe("");
      expect(t.port).toBe(sandbox().proxyPort);
      expect(t.username).not.toBe("");
      expect(t.password).not.toBe("");
      expect(t.expired_on).toBeGreaterThan(Date.now() / 1000);
    }
    const s = await state();
    expect(s.tokens.map((t) => t.kind)).toEqual(["static_ip", "static_ip"]);
  });

  it("createDynamicIp with a payment plan: refresh_url on the provider origin, expire_time", async () => {
    const { api } = client();
    const [plan] = await api.listPaymentPlans({ is_static: false, is_traffic: false });
    expect(plan).toBeDefined();
    const answer = await api.createDynamicIp({
      number: 1,
      country_id: 1,
      state_id: 101,
      payway_id: plan?.id,
    });
    expect(answer).toMatchObject({ total_count: 1, success_count: 1 });
    const token = answer.tokens[0];
    expect(token?.network_type).toBe("HTTP");
    expect(new URL(token?.refresh_url ?? "").origin).toBe(new URL(sandbox().baseUrl).origin);
    expect(Date.parse(token?.expire_time ?? "")).toBeGreaterThan(Date.now());
  });

  it("createStaticTraffic: expired_on 0 (no fixed expiry)", async () => {
    const { api } = client();
    const {
      tokens: [token],
    } = await api.createStaticTraffic({ number: 1, country_id: 2 });
    expect(token?.expired_on).toBe(0);
    expect(token?.country).not.toBe("");
  });

  it("createDynamicTraffic over SOCKS5: quota and usage", async () => {
    const { api } = client();
    const answer = await api.createDynamicTraffic({
      number: 3,
      network_type: "SOCKS5",
      country_id: 1,
    });
    expect(answer.success_count).toBe(3);
    for (const t of answer.tokens) {
      expect(t.network_type).toBe("SOCKS5");
      expect(t.port).toBe(sandbox().socksPort);
      expect(t.traffic_used).toBe(0);
      expect(t.traffic_quota).toBeGreaterThan(0);
    }
  });

  it("400 caught locally: number out of range and payway_id on a traffic kind never reach the server", async () => {
    const { api } = client();
    const tooMany = await failure(api.createStaticIp({ number: 11, country_id: 1 }));
    expect(tooMany.kind).toBe("invalid-request");
    expect(userSentence(tooMany)).toMatch(/number must be at most 10/);
    const payway = await failure(
      api.createDynamicTraffic({ number: 1, country_id: 1, payway_id: 11 } as never),
    );
    expect(payway.kind).toBe("invalid-request");
    expect(userSentence(payway)).toMatch(/payway_id is not accepted/);
    const s = await state();
    expect(s.request_count).toBe(0);
    expect(s.tokens).toHaveLength(0);
  });

  it("400 from the server: an unknown country id carries the server's reason", async () => {
    const { api } = client();
    const error = await failure(api.createStaticIp({ number: 1, country_id: 9999 }));
    expect(error).toMatchObject({ kind: "http", status: 400, code: 400 });
    expect(userSentence(error)).toMatch(/^The provider rejected the request: .*9999/);
    expect((await state()).tokens).toHaveLength(0);
  });
});

describe("delete and restore", () => {
  it("deleteToken then restoreToken", async () => {
    const { api } = client();
    const {
      tokens: [token],
    } = await api.createStaticTraffic({ number: 1, country_id: 1 });
    const id = token?.id ?? 0;
    const deleted = await api.deleteToken(id);
    expect(deleted).toMatchObject({ token_id: id, can_restore: true });
    expect(Date.parse(deleted.restore_deadline ?? "") - Date.parse(deleted.deleted_at)).toBe(
      30 * DAY_MS,
    );
    expect((await state()).tokens[0]?.status).toBe("deleted");
    const restored = await api.restoreToken(id);
    expect(restored.token_id).toBe(id);
    expect(restored.token_info.status).toBe("active");
    expect((await state()).tokens[0]?.status).toBe("active");
  });

  it("404: deleting an unknown id", async () => {
    const { api } = client();
    const error = await failure(api.deleteToken(424242));
    expect(error).toMatchObject({ kind: "http", status: 404, operation: "deleteToken" });
    expect(userSentence(error)).toBe(
      "The provider could not find that item; it may already have been deleted.",
    );
  });

  it("deleteTokens / restoreTokens: a failing id lands in failed_ids, the rest succeed", async () => {
    const { api } = client();
    const { tokens } = await api.createStaticIp({ number: 3, country_id: 1 });
    const ids = tokens.map((t) => t.id);
    const deleted = await api.deleteTokens([...ids, 99999, ids[0] ?? 0]);
    expect(deleted).toMatchObject({
      total_count: 4,
      success_count: 3,
      failed_count: 1,
      failed_ids: [99999],
      chunk_errors: [],
    });
    expect(deleted.deleted_at).toBeTruthy();
    const restored = await api.restoreTokens([...ids, 88888]);
    expect(restored).toMatchObject({ success_count: 3, failed_ids: [88888] });
    expect(restored.restored_at).toBeTruthy();
    expect((await state()).tokens.every((t) => t.status === "active")).toBe(true);
  });

  it("more than 100 ids go in chunks of at most 100 and are merged", async () => {
    const { api } = client();
    const { tokens } = await api.createStaticTraffic({ number: 5, country_id: 1 });
    const unknown = Array.from({ length: 150 }, (_, i) => 50_000 + i);
    const before = (await state()).request_count;
    const result = await api.deleteTokens([...tokens.map((t) => t.id), ...unknown]);
    expect((await state()).request_count - before).toBe(2);
    expect(result).toMatchObject({ total_count: 155, success_count: 5, failed_count: 150 });
    expect(result.failed_ids.sort((a, b) => a - b)).toEqual(unknown);
  });

  it("restore is refused after the clock moves 31 days past the deletion", async () => {
    const { api } = client();
    const {
      tokens: [a, b],
    } = await api.createStaticTraffic({ number: 2, country_id: 1 });
    await api.deleteTokens([a?.id ?? 0, b?.id ?? 0]);
    await control("POST", "/__sandbox/clock", { advance_ms: 31 * DAY_MS });
    const error = await failure(api.restoreToken(a?.id ?? 0));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(400);
    expect(userSentence(error)).toMatch(/30 days/);
    const batch = await api.restoreTokens([b?.id ?? 0]);
    expect(batch).toMatchObject({ success_count: 0, failed_ids: [b?.id] });
  });
});

describe("regions and plans", () => {
  it("listCountries: search, paging and filters", async () => {
    const { api } = client();
    const united = await api.listCountries({ search_text: "united", page_size: 100 });
    expect(united.map((c) => c.code)).toEqual(expect.arrayContaining(["US", "GB"]));
    expect(united.every((c) => c.name.toLowerCase().includes("united"))).toBe(true);
    const first = await api.listCountries({ page: 1, page_size: 1 });
    const second = await api.listCountries({ page: 2, page_size: 1 });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second[0]?.id).not.toBe(first[0]?.id);
    const all = await api.listCountries({ page_size: 100 });
    const dc = await api.listCountries({ page_size: 100, is_datacenter: true, by: "proxy-deck" });
    expect(dc.length).toBeGreaterThan(0);
    expect(dc.length).toBeLessThanOrEqual(all.length);
  });

  it("listStates and listCities follow parent ids, with search and filters", async () => {
    const { api } = client();
    const states = await api.listStates(1, { search_text: "new", page_size: 100 });
    const newYork = states.find((s) => s.code === "NY");
    expect(newYork?.name_with_underlined).toBe("new_york");
    const cities = await api.listCities(newYork?.id ?? 0, { page_size: 100 });
    expect(cities.map((c) => c.name)).toContain("New York City");
    const california = (await api.listStates(1, { search_text: "california" }))[0];
    const dcCities = await api.listCities(california?.id ?? 0, { is_datacenter: true });
    expect(dcCities.length).toBeGreaterThan(0);
    const allCities = await api.listCities(california?.id ?? 0, { page_size: 100 });
    expect(dcCities.length).toBeLessThan(allCities.length);
    expect(await api.listCities(999_999)).toEqual([]);
  });

  it("listPaymentPlans: the flags select the proxy type", async () => {
    const { api } = client();
    const staticIp = await api.listPaymentPlans({ is_static: true });
    const dynamicIp = await api.listPaymentPlans();
    const dcTraffic = await api.listPaymentPlans({ is_traffic: true, is_datacenter: true });
    expect(staticIp.length).toBeGreaterThan(0);
    expect(dynamicIp.length).toBeGreaterThan(0);
    expect(dcTraffic.length).toBeGreaterThan(0);
    const ids = (plans: { id: number }[]) => plans.map((p) => p.id);
    expect(ids(staticIp)).not.toEqual(expect.arrayContaining(ids(dynamicIp)));
    for (const plan of [...staticIp, ...dynamicIp]) {
      expect(plan.days).toBeGreaterThan(0);
      expect(Number.isNaN(Number(plan.price))).toBe(false);
    }
  });
});

describe("IP information, quality, refresh, proxies, account", () => {
  it("getIpInfo: an address, and the caller's own address, without credentials", async () => {
    // Wrong credentials on purpose: the operation needs none and the client sends none.
    const { api } = client({ auth: { kind: "bearer", accessToken: "wrong" } });
    const info = await api.getIpInfo("8.8.8.8");
    expect(info.ip).toBe("8.8.8.8");
    expect(info.state === null || typeof info.state === "string").toBe(true);
    const own = await api.getIpInfo();
    expect(own.ip).toBe("127.0.0.1");
  });

  it("getIpQuality: a token's address, and an IPv6 address path-encoded", async () => {
    const { api } = client();
    const { tokens } = await api.createDynamicIp({ number: 1, country_id: 1 });
    const quality = await api.getIpQuality(tokens[0]?.ip ?? "");
    expect(quality.ip).toBe(tokens[0]?.ip);
    expect(["A", "B", "C", "D", "F"]).toContain(quality.grade);
    expect(quality.average_score).toBeGreaterThanOrEqual(0);
    expect((await api.getIpQuality("2001:db8::1")).ip).toBe("2001:db8::1");
  });

  it("refreshDynamicIp: a new ip, by token (refresh_url) and by id", async () => {
    const { api } = client();
    const { tokens } = await api.createDynamicIp({ number: 1, country_id: 1 });
    const token = tokens[0];
    if (!token) throw new Error("no token");
    const first = await api.refreshDynamicIp(token);
    expect(first.id).toBe(token.id);
    expect(first.ip).not.toBe(token.ip);
    const second = await api.refreshDynamicIp(token.id);
    expect(second.ip).not.toBe(first.ip);
    expect((await state()).tokens[0]?.ip).toBe(second.ip);
  });

  it("refreshDynamicIp on a POST-only provider: GET answered 405, POST works and is kept", async () => {
    await control("POST", "/__sandbox/quirks", { refresh_post_only: true });
    const methods: string[] = [];
    const learned: string[] = [];
    const { api } = client(
      { refresh: { onRefreshMethod: (method) => learned.push(method) } },
      {
        fetch: (input, init) => {
          if (String(input).includes("/refresh/")) methods.push(init?.method ?? "GET");
          return globalThis.fetch(input, init);
        },
      },
    );
    const { tokens } = await api.createDynamicIp({ number: 1, country_id: 1 });
    const token = tokens[0];
    if (!token) throw new Error("no token");
    const first = await api.refreshDynamicIp(token);
    expect(first.ip).not.toBe(token.ip);
    await api.refreshDynamicIp(token.id);
    // One 405, then POST from the start: the method that worked is used and reported once.
    expect(methods).toEqual(["GET", "POST", "POST"]);
    expect(learned).toEqual(["POST"]);
    // A client told what was learned starts with POST.
    methods.length = 0;
    const next = client(
      { refresh: { refreshMethod: "POST" } },
      {
        fetch: (input, init) => {
          if (String(input).includes("/refresh/")) methods.push(init?.method ?? "GET");
          return globalThis.fetch(input, init);
        },
      },
    );
    await next.api.refreshDynamicIp(token.id);
    expect(methods).toEqual(["POST"]);
  });

  it("refreshDynamicIp refuses a refresh_url on another origin, before any request", async () => {
    const { api } = client();
    const { tokens } = await api.createDynamicTraffic({ number: 1, country_id: 1 });
    const token = tokens[0];
    if (!token) throw new Error("no token");
    const before = await state();
    const foreign = `http://localhost:${new URL(sandbox().baseUrl).port}/token/dynamic/ip/refresh/${token.id}`;
    const error = await failure(api.refreshDynamicIp({ ...token, refresh_url: foreign }));
    expect(error.kind).toBe("invalid-request");
    expect(userSentence(error)).toMatch(/not on the provider's origin/);
    const after = await state();
    expect(after.request_count).toBe(before.request_count);
    expect(after.tokens[0]?.ip).toBe(token.ip);
  });

  it("getProxies: filtered by country and type", async () => {
    const { api } = client();
    await api.createStaticIp({ number: 2, country_id: 1 });
    await api.createDynamicIp({ number: 1, country_id: 2, network_type: "SOCKS5" });
    const us = await api.getProxies({ country: "US", type: "static" });
    expect(us).toHaveLength(2);
    expect(us.every((p) => p.country === "US" && p.protocol === "http")).toBe(true);
    const socks = await api.getProxies({ type: "socks5" });
    expect(socks).toHaveLength(1);
    expect(socks[0]?.port).toBe(sandbox().socksPort);
  });

  it("getAccountQuota and getAccountInfo: JSON objects", async () => {
    const { api } = client();
    const quota = await api.getAccountQuota();
    const info = await api.getAccountInfo();
    expect(typeof quota).toBe("object");
    expect(quota).toHaveProperty("data");
    expect(info).toHaveProperty("data");
  });
});

describe("authentication", () => {
  it("401: a wrong access token gets the credentials sentence", async () => {
    const { api } = client({ auth: { kind: "bearer", accessToken: "not-the-token" } });
    const error = await failure(api.listCountries());
    expect(error).toMatchObject({ kind: "http", status: 401, operation: "listCountries" });
    expect(userSentence(error)).toBe(
      "The provider refused your access token (Bearer). Check it in Options: copy it again from the provider's console.",
    );
    expect(
      JSON.stringify({ ...error, message: error.message, sentence: userSentence(error) }),
    ).not.toContain("not-the-token");
  });

  it("Basic authentication works, and a wrong password is a 401", async () => {
    const basic = {
      kind: "basic",
      username: sandbox().username,
      password: sandbox().password,
    } as const;
    const { api } = client({ auth: basic });
    expect((await api.listCountries()).length).toBeGreaterThan(0);
    expect((await api.createStaticTraffic({ number: 1, country_id: 1 })).tokens).toHaveLength(1);
    const wrong = client({ auth: { ...basic, password: "nope-nope" } });
    expect((await failure(wrong.api.getAccountInfo())).status).toBe(401);
  });
});

describe("faults", () => {
  it("a 429 storm backs off (honouring Retry-After) and then succeeds", async () => {
    const { api, delays } = client({ maxAttempts: 4 });
    await addFault({ status: 429, count: 3, retry_after: 1 });
    const countries = await api.listCountries();
    expect(countries.length).toBeGreaterThan(0);
    expect(await pendingFaults()).toEqual([]);
    expect(delays).toHaveLength(3);
    expect(delays.every((d) => d >= 1000)).toBe(true);
  });

  it("a 429 that outlasts the attempts is a rate-limited error with the wait", async () => {
    const { api } = client({ maxAttempts: 2 });
    await addFault({ status: 429, count: 3, retry_after: 5 });
    const error = await failure(api.listPaymentPlans());
    expect(error).toMatchObject({ kind: "rate-limited", status: 429, retryAfterMs: 5000 });
    expect(userSentence(error)).toMatch(/Try again in 5 s/);
    expect(await pendingFaults()).toHaveLength(1);
  });

  it("a 500 on a GET is retried and succeeds", async () => {
    const { api, delays } = client();
    await addFault({ status: 500, count: 1 });
    expect(await api.getAccountQuota()).toHaveProperty("data");
    expect(delays).toHaveLength(1);
    expect(await pendingFaults()).toEqual([]);
  });

  it("a 500 that persists surfaces as a provider problem", async () => {
    const { api } = client({ maxAttempts: 2 });
    await addFault({ status: 503, count: 2 });
    const error = await failure(api.getAccountInfo());
    expect(userSentence(error)).toBe("The provider had a problem (HTTP 503). Try again later.");
  });

  it("a create is not retried after a 429 or 500", async () => {
    const { api } = client();
    await addFault({ status: 429, count: 1, retry_after: 0 });
    expect((await failure(api.createStaticIp({ number: 1, country_id: 1 }))).kind).toBe(
      "rate-limited",
    );
    await addFault({ status: 500, count: 1 });
    expect((await failure(api.createDynamicIp({ number: 1, country_id: 1 }))).status).toBe(500);
    const s = await state();
    expect(s.tokens).toHaveLength(0);
    expect(s.request_count).toBe(0);
  });

  it("a malformed body is a schema error", async () => {
    const { api } = client();
    await addFault({ malformed: true, count: 1 });
    const error = await failure(api.listCountries());
    expect(error.kind).toBe("schema");
    expect(userSentence(error)).toMatch(/unexpected answer/);
    expect(await pendingFaults()).toEqual([]);
  });

  it("a connection dropped after a create committed is NOT retried: exactly one token", async () => {
    const { api } = client({ maxAttempts: 5 });
    await addFault({ drop_after_commit: true, count: 1 });
    const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(error.kind).toBe("network");
    expect(userSentence(error)).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\./);
    const s = await state();
    expect(s.tokens).toHaveLength(1);
    expect(s.request_count).toBe(1);
  });

  it("a slow answer beyond timeoutMs is a timeout; a GET then retries", async () => {
    const once = client({ timeoutMs: 150, maxAttempts: 1 });
    await addFault({ delay_ms: 1000, count: 1 });
    const error = await failure(once.api.getAccountInfo());
    expect(error.kind).toBe("timeout");
    expect(userSentence(error)).toBe("The provider did not answer within 1 s. Try again later.");

    const retrying = client({ timeoutMs: 150, maxAttempts: 2 });
    await addFault({ delay_ms: 1000, count: 1 });
    expect(await retrying.api.getAccountInfo()).toHaveProperty("data");
    expect(retrying.delays).toHaveLength(1);
  });

  it("a create is waited for four times as long (up to 28 s): its answer carries tokens already bought", async () => {
    const { api } = client({ timeoutMs: 150, maxAttempts: 1 });
    await addFault({ delay_ms: 400, count: 1 });
    const { tokens } = await api.createStaticIp({ number: 1, country_id: 1 });
    expect(tokens).toHaveLength(1);
    // Past four times the timeout, a create times out too (and is never sent again).
    await addFault({ delay_ms: 1000, count: 1 });
    const error = await failure(api.createStaticIp({ number: 1, country_id: 1 }));
    expect(error).toMatchObject({ kind: "timeout", timeoutMs: 600 });
    // In the extension: under the 30 s after which Chrome stops a worker waiting on a fetch.
    expect(purchaseTimeout(DEFAULT_TIMEOUT_MS)).toBe(28_000);
  });

  it("an address where nothing listens is a network error", async () => {
    const { api } = client({ baseUrl: "http://127.0.0.1:9", maxAttempts: 1 });
    const error = await failure(api.getAccountInfo());
    expect(error.kind).toBe("network");
    expect(userSentence(error)).toBe(
      "Cannot reach http://127.0.0.1:9. Check the address in Options and your internet connection.",
    );
  });
});

describe("client-side rate limiting", () => {
  it("the free plan's 100/min is respected: request 101 waits instead of meeting a 429", async () => {
    const plan = await startSandbox({ plan: "free" });
    try {
      // The client's clock and the sandbox clock move together when the client sleeps.
      let offset = 0;
      const slept: number[] = [];
      const api = createApiClient(
        { baseUrl: plan.baseUrl, auth: { kind: "bearer", accessToken: plan.accessToken } },
        {
          now: () => Date.now() + offset,
          sleep: async (ms) => {
            slept.push(ms);
            // 1 s margin: the two clocks read "now" a few milliseconds apart.
            offset += ms + 1000;
            await fetch(`${plan.baseUrl}/__sandbox/clock`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ advance_ms: ms + 1000 }),
            });
          },
        },
      );
      for (let i = 0; i < 101; i++) await api.getAccountInfo();
      expect(slept).toHaveLength(1);
      expect(slept[0]).toBeGreaterThan(50_000);
      expect(slept[0]).toBeLessThanOrEqual(60_000);
    } finally {
      await plan.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { api } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const sb = useSandbox();

describe("startSandbox", () => {
  it("exposes its connection info on loopback", () => {
    expect(sb.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.info).toEqual({
      baseUrl: sb.baseUrl,
      accessToken: sb.accessToken,
      username: sb.username,
      password: sb.password,
      proxyPort: sb.proxyPort,
      socksPort: sb.socksPort,
      listsUrl: sb.listsUrl,
    });
    expect(sb.listsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/lists$/);
    expect(sb.proxyPort).toBeGreaterThan(0);
    expect(sb.socksPort).toBeGreaterThan(0);
  });
});

describe("authentication", () => {
  const path = "/token/list/area/countries";

  it("accepts Bearer and Basic", async () => {
    expect((await api(sb, "GET", path, { auth: "bearer" })).status).toBe(200);
    expect((await api(sb, "GET", path, { auth: "basic" })).status).toBe(200);
  });

  it.each([
    ["no header", "none" as const],
    ["a wrong bearer token", { header: "Bearer nope" }],
    [
      "wrong basic credentials",
      { header: `Basic ${Buffer.from("sandbox-user:x").toString("base64")}` },
    ],
    ["another scheme", { header: "Digest abc" }],
  ])("answers 401 with the error envelope for %s", async (_name, auth) => {
    const r = await api(sb, "GET", path, { auth });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 401, message: "Unauthorized" });
    expect(typeof r.json.error).toBe("string");
  });

  it("needs no auth for /token/check/ip", async () => {
    const r = await api(sb, "GET", "/token/check/ip", { auth: "none" });
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(0);
  });
});

describe("creates", () => {
  it("static IP: {code,msg,data} with ip empty and the shared gateway as host", async () => {
    const r = await api(sb, "POST", "/token/static/ip", {
      body: {
        number: 2,
        network_type: "HTTP",
        country_id: 1,
        state_id: 101,
        city_id: 10001,
        payway_id: 2,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 0, msg: "success" });
    expect(r.json.data).toHaveLength(2);
    const t = r.json.data[0];
    expect(Object.keys(t).sort()).toEqual(
      [
        "city",
        "country",
        "expired_on",
        "host",
        "id",
        "ip",
        "password",
        "port",
        "state",
        "username",
      ].sort(),
    );
    expect(t).toMatchObject({
      ip: "",
      host: "127.0.0.1",
      port: sb.proxyPort,
      country: "United States",
      state: "California",
      city: "Los Angeles",
    });
    expect(t.expired_on).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect(t.expired_on).toBeLessThan(Date.now() / 1000 + 31 * 86400);
    expect(r.json.data[1].id).not.toBe(t.id);
  });

  it("static traffic: ip given, expired_on 0, SOCKS5 port, empty state and city", async () => {
    const r = await api(sb, "POST", "/token/static/traffic", {
      body: { number: 1, network_type: "SOCKS5", country_id: 2 },
    });
    expect(r.status).toBe(200);
    const t = r.json.data[0];
    expect(t).toMatchObject({
      expired_on: 0,
      port: sb.socksPort,
      state: "",
      city: "",
      country: "United Kingdom",
    });
    expect(t.ip).toMatch(/^127\./);
    expect(t.ip).not.toBe("127.0.0.1");
  });

  it("dynamic IP: {tokens,total_count,success_count} without envelope", async () => {
    const r = await api(sb, "POST", "/token/variable/ip", {
      body: { number: 3, country_id: 3, payway_id: 5 },
    });
    expect(r.status).toBe(200);
    expect(r.json.code).toBeUndefined();
    expect(r.json).toMatchObject({ total_count: 3, success_count: 3 });
    const t = r.json.tokens[0];
    expect(t).toMatchObject({
      network_type: "HTTP",
      port: sb.proxyPort,
      country: "Germany",
      city: "",
    });
    expect(t.host).toBeUndefined();
    expect(t.refresh_url).toBe(`${sb.baseUrl}/token/dynamic/ip/refresh/${t.id}`);
    const days = (Date.parse(t.expire_time) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.9);
    expect(days).toBeLessThan(1.1);
    expect(t.traffic_quota).toBeUndefined();
    const ips = new Set(r.json.tokens.map((x: { ip: string }) => x.ip));
    expect(ips.size).toBe(3);
  });

  it("dynamic traffic: quota and usage, no expire_time", async () => {
    const states = await api(sb, "GET", "/token/list/area/state?parent_id=4");
    const state = states.json.data.data[0];
    const cities = await api(sb, "GET", `/token/list/area/city?parent_id=${state.id}`);
    const city = cities.json.data.data[0];
    const r = await api(sb, "POST", "/token/variable/traffic", {
      body: {
        number: 1,
        network_type: "SOCKS5",
        country_id: 4,
        state_id: state.id,
        city_id: city.id,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ total_count: 1, success_count: 1 });
    const t = r.json.tokens[0];
    expect(t).toMatchObject({
      network_type: "SOCKS5",
      port: sb.socksPort,
      country: "Japan",
      city: city.name,
      traffic_quota: 1024 ** 3,
      traffic_used: 0,
    });
    expect(t.expire_time).toBeUndefined();
  });

  it.each([
    ["number 0", { number: 0, country_id: 1 }],
    ["number 11", { number: 11, country_id: 1 }],
    ["number as text", { number: "1", country_id: 1 }],
    ["number missing", { country_id: 1 }],
    ["bad network_type", { number: 1, country_id: 1, network_type: "FTP" }],
    ["country missing", { number: 1 }],
    ["unknown country", { number: 1, country_id: 999 }],
    ["state of another country", { number: 1, country_id: 2, state_id: 101 }],
    ["city of another state", { number: 1, country_id: 1, state_id: 101, city_id: 10004 }],
    ["unknown payway", { number: 1, country_id: 1, payway_id: 999 }],
    ["payway of another kind", { number: 1, country_id: 1, payway_id: 5 }],
  ])("static IP create rejects %s with 400", async (_name, body) => {
    const r = await api(sb, "POST", "/token/static/ip", { body });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, message: "Bad Request" });
    expect(r.json.error).toBeTruthy();
  });

  it("rejects payway_id on traffic kinds", async () => {
    for (const path of ["/token/static/traffic", "/token/variable/traffic"]) {
      const r = await api(sb, "POST", path, { body: { number: 1, country_id: 1, payway_id: 9 } });
      expect(r.status).toBe(400);
    }
  });

  it("rejects a body that is not JSON or not an object", async () => {
    const bad = await api(sb, "POST", "/token/static/ip", { rawBody: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe(400);
    const arr = await api(sb, "POST", "/token/static/ip", { body: [1] });
    expect(arr.status).toBe(400);
  });
});

describe("routing", () => {
  it("answers unknown paths with the 404 envelope", async () => {
    const r = await api(sb, "GET", "/no/such/thing");
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 404, message: "Not Found" });
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const r = await api(sb, "GET", "/token/static/ip");
    expect(r.status).toBe(405);
    expect(r.json.code).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
  });

  it("does not read /token/batch as a token id, and rejects non-integer ids", async () => {
    const batch = await api(sb, "DELETE", "/token/batch", { body: { token_ids: [12345] } });
    expect(batch.status).toBe(200);
    expect(batch.json.data.failed_ids).toEqual([12345]);
    const bad = await api(sb, "DELETE", "/token/abc");
    expect(bad.status).toBe(400);
    const neg = await api(sb, "PUT", "/token/reset/-1");
    expect(neg.status).toBe(400);
  });
});

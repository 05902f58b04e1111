import { describe, expect, it } from "vitest";
import { api, control, create, viaHttpProxy } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const sb = useSandbox();

const countries = "/token/list/area/countries";
const tokenCount = async () => (await control(sb, "GET", "state")).json.tokens.length;

describe("faults", () => {
  it("injects 500s for the next N answers, then recovers", async () => {
    expect((await control(sb, "POST", "faults", { status: 500, count: 2 })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await api(sb, "GET", countries);
      expect(r.status).toBe(500);
      expect(r.json).toMatchObject({ code: 500, message: "Internal Server Error" });
    }
    expect((await api(sb, "GET", countries)).status).toBe(200);
  });

  it("injects 429s with Retry-After (1 s by default, or as asked)", async () => {
    await control(sb, "POST", "faults", { status: 429, count: 1 });
    await control(sb, "POST", "faults", { status: 429, count: 1, retry_after: 7 });
    const a = await api(sb, "GET", countries);
    const b = await api(sb, "GET", "/token/check/ip", { auth: "none" });
    expect(a.status).toBe(429);
    expect(a.json).toEqual({
      code: 429,
      message: "Too Many Requests",
      error: "too many requests: rate limit exceeded",
    });
    expect(a.headers.get("retry-after")).toBe("1");
    expect(b.status).toBe(429);
    expect(b.headers.get("retry-after")).toBe("7");
  });

  it("delays answers: a later request without the fault overtakes the delayed one", async () => {
    await control(sb, "POST", "faults", { delay_ms: 300, count: 1 });
    const order: string[] = [];
    const delayed = api(sb, "GET", countries).then((r) => order.push(`delayed ${r.status}`));
    // The fault is taken by the first request the server sees: wait until it has it.
    await expect.poll(async () => (await control(sb, "GET", "faults")).json.pending).toEqual([]);
    await api(sb, "GET", countries).then((r) => order.push(`plain ${r.status}`));
    await delayed;
    expect(order).toEqual(["plain 200", "delayed 200"]);
  });

  it("holds an answer until released: others pass it meanwhile, and a reset lets it go", async () => {
    await control(sb, "POST", "faults", { hold: true, count: 2 });
    const order: string[] = [];
    const first = api(sb, "GET", countries).then((r) => order.push(`held ${r.status}`));
    await expect.poll(async () => (await control(sb, "GET", "faults")).json.held).toBe(1);
    const second = api(sb, "GET", countries).then((r) => order.push(`second ${r.status}`));
    await expect.poll(async () => (await control(sb, "GET", "faults")).json.held).toBe(2);
    await api(sb, "GET", countries).then((r) => order.push(`plain ${r.status}`));
    expect((await control(sb, "POST", "faults/release")).json).toEqual({ released: 2 });
    await Promise.all([first, second]);
    expect(order.slice(0, 1)).toEqual(["plain 200"]);
    expect(order.slice(1).sort()).toEqual(["held 200", "second 200"]);

    await control(sb, "POST", "faults", { hold: true, count: 1 });
    const third = api(sb, "GET", countries);
    await expect.poll(async () => (await control(sb, "GET", "faults")).json.held).toBe(1);
    await control(sb, "POST", "reset");
    expect((await third).status).toBe(200);
    expect((await control(sb, "GET", "faults")).json.held).toBe(0);
  });

  it("a fault for one method is taken by that method's next answer; the others pass it by", async () => {
    await control(sb, "POST", "faults", { status: 503, count: 1, method: "POST" });
    expect((await api(sb, "GET", countries)).status).toBe(200);
    const bought = await api(sb, "POST", "/token/static/ip", {
      body: { number: 1, country_id: 1 },
    });
    expect(bought.status).toBe(503);
    expect((await api(sb, "GET", countries)).status).toBe(200);
    expect((await control(sb, "GET", "faults")).json.pending).toEqual([]);
    expect((await control(sb, "POST", "faults", { status: 500, method: "PATCH" })).status).toBe(
      400,
    );
  });

  it("sends a malformed 200 body after committing the operation", async () => {
    await control(sb, "POST", "faults", { malformed: true, count: 1 });
    const r = await api(sb, "POST", "/token/static/ip", { body: { number: 1, country_id: 1 } });
    expect(r.status).toBe(200);
    expect(r.json).toBeUndefined();
    expect(() => JSON.parse(r.text)).toThrow();
    expect(await tokenCount()).toBe(1);
  });

  it("drops the connection after committing the operation", async () => {
    await control(sb, "POST", "faults", { drop_after_commit: true, count: 1 });
    await expect(
      api(sb, "POST", "/token/variable/ip", { body: { number: 2, country_id: 1 } }),
    ).rejects.toThrow();
    expect(await tokenCount()).toBe(2);
    expect((await api(sb, "GET", countries)).status).toBe(200);
  });

  it("never lets control endpoints consume faults", async () => {
    await control(sb, "POST", "faults", { status: 500, count: 1 });
    expect((await control(sb, "GET", "state")).status).toBe(200);
    expect((await control(sb, "GET", "faults")).json.pending).toHaveLength(1);
    expect((await api(sb, "GET", countries)).status).toBe(500);
  });

  it("rejects fault requests it does not understand", async () => {
    expect((await control(sb, "POST", "faults", { explode: true })).status).toBe(400);
    expect((await control(sb, "POST", "faults", { status: 200 })).status).toBe(400);
    expect((await control(sb, "POST", "faults", { delay_ms: 10, count: 0 })).status).toBe(400);
    expect((await control(sb, "POST", "faults", { redirect_to: "ftp://x.test" })).status).toBe(400);
    expect((await control(sb, "POST", "faults", { redirect_to: "/relative" })).status).toBe(400);
    const badStatus = { redirect_to: "http://x.test", redirect_status: 200 };
    expect((await control(sb, "POST", "faults", badStatus)).status).toBe(400);
    expect((await control(sb, "POST", "faults", { oversize_bytes: 0 })).status).toBe(400);
    const badDelay = { oversize_bytes: 10, chunk_delay_ms: -1 };
    expect((await control(sb, "POST", "faults", badDelay)).status).toBe(400);
  });
});

describe("redirect fault", () => {
  const elsewhere = "http://127.0.0.1:9/ignored/path";
  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${sb.baseUrl}${path}`, {
      ...init,
      redirect: "manual",
      headers: { authorization: `Bearer ${sb.accessToken}`, ...init.headers },
    });

  it("answers the next N requests with a 302 to the given origin, path and query kept", async () => {
    await control(sb, "POST", "faults", { redirect_to: elsewhere, count: 2 });
    for (const path of [`${countries}?page=2`, "/token/check/ip"]) {
      const r = await raw(path);
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe(`http://127.0.0.1:9${path}`);
    }
    expect((await raw(countries)).status).toBe(200);
  });

  it("runs nothing: a redirected create buys no token; the status can be chosen", async () => {
    await control(sb, "POST", "faults", { redirect_to: elsewhere, redirect_status: 307 });
    const r = await raw("/token/static/ip", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number: 1, country_id: 1 }),
    });
    expect(r.status).toBe(307);
    expect(await tokenCount()).toBe(0);
  });
});

describe("oversize fault", () => {
  const faults = async () => (await control(sb, "GET", "faults")).json;

  it("streams the real answer plus padding, without Content-Length; still valid JSON", async () => {
    await control(sb, "POST", "faults", { oversize_bytes: 300_000 });
    const r = await fetch(`${sb.baseUrl}/token/static/ip`, {
      method: "POST",
      headers: { authorization: `Bearer ${sb.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ number: 1, country_id: 1 }),
    });
    expect(r.headers.get("content-length")).toBeNull();
    const text = await r.text();
    expect(text.length).toBeGreaterThan(300_000);
    expect(JSON.parse(text).data).toHaveLength(1);
    expect(await tokenCount()).toBe(1);
    const progress = (await faults()).last_oversize;
    expect(progress).toMatchObject({ finished: true, client_closed: false });
    expect(progress.bytes_sent).toBe(progress.bytes_total);
  });

  it("trickles the padding when asked: headers at once, the body chunk by chunk", async () => {
    await control(sb, "POST", "faults", { oversize_bytes: 3 * 64 * 1024, chunk_delay_ms: 100 });
    const r = await fetch(`${sb.baseUrl}${countries}`, {
      headers: { authorization: `Bearer ${sb.accessToken}` },
    });
    // The headers are here while the server is still sending the padding.
    expect((await faults()).last_oversize).toMatchObject({ finished: false });
    expect(JSON.parse(await r.text()).data.data.length).toBeGreaterThan(0);
    expect((await faults()).last_oversize).toMatchObject({ finished: true });
  });

  it("stops writing when the client hangs up, and says so", async () => {
    await control(sb, "POST", "faults", { oversize_bytes: 256 * 1024 * 1024 });
    const controller = new AbortController();
    const r = await fetch(`${sb.baseUrl}${countries}`, {
      headers: { authorization: `Bearer ${sb.accessToken}` },
      signal: controller.signal,
    });
    const reader = r.body?.getReader();
    await reader?.read();
    controller.abort();
    await expect.poll(async () => (await faults()).last_oversize?.client_closed).toBe(true);
    const progress = (await faults()).last_oversize;
    expect(progress.finished).toBe(false);
    expect(progress.bytes_sent).toBeLessThan(progress.bytes_total);
  });
});

describe("reset", () => {
  it("forgets tokens, clock, faults and plan, and closes dynamic listeners", async () => {
    const t = (await create(sb, "/token/variable/ip", {})).tokens[0];
    await control(sb, "POST", "clock", { advance_ms: 5_000 });
    await control(sb, "POST", "plan", { plan: "free" });
    await control(sb, "POST", "faults", { status: 500, count: 5 });
    const r = await control(sb, "POST", "reset");
    expect(r.json).toMatchObject({ reset: true, offset_ms: 0, plan: "basic" });
    expect(await tokenCount()).toBe(0);
    expect((await control(sb, "GET", "faults")).json.pending).toEqual([]);
    expect((await api(sb, "GET", countries)).status).toBe(200);
    await expect(
      viaHttpProxy({
        proxyHost: t.ip,
        proxyPort: t.port,
        url: `${sb.baseUrl}/token/check/ip`,
        ...t,
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    const again = (await create(sb, "/token/static/ip", {})).data[0];
    expect(again.id).toBe(1);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once the free plan's 100 requests/minute are used", async () => {
    await control(sb, "POST", "plan", { plan: "free" });
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => api(sb, "GET", countries)),
      );
      for (const r of results) expect(r.status).toBe(200);
    }
    const over = await api(sb, "GET", countries);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      code: 429,
      message: "Too Many Requests",
      error: "too many requests: rate limit exceeded",
    });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Unauthenticated operations are not counted, and a minute later the window is free again.
    expect((await api(sb, "GET", "/token/check/ip", { auth: "none" })).status).toBe(200);
    await control(sb, "POST", "clock", { advance_ms: 61_000 });
    expect((await api(sb, "GET", countries)).status).toBe(200);
  });

  it("lifts the limit on the enterprise plan", async () => {
    await control(sb, "POST", "plan", { plan: "enterprise" });
    for (let batch = 0; batch < 11; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => api(sb, "GET", countries)),
      );
      for (const r of results) expect(r.status).toBe(200);
    }
    expect((await control(sb, "POST", "plan", { plan: "gold" })).status).toBe(400);
  });
});

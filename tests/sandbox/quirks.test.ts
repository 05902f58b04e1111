/**
 * Answer quirks (empty dynamic ip, IPv6 gateway host) and the refuse-password switch: shapes a
 * real provider may send, and a password it may stop accepting, on demand.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { api, connectTunnel, control, create, viaHttpProxy, viaSocks } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const sb = useSandbox();

/** Does this machine have an IPv6 loopback? (`ip -6 addr show lo` lists ::1.) */
function hasIpv6Loopback(): boolean {
  try {
    return execFileSync("ip", ["-6", "addr", "show", "lo"], { encoding: "utf8" }).includes("::1");
  } catch {
    return false;
  }
}

const dumped = async (id: number) =>
  (await control(sb, "GET", "state")).json.tokens.find((t: { id: number }) => t.id === id);

describe("quirks control", () => {
  it("reads, sets and resets the counters; refuses what it does not understand", async () => {
    expect((await control(sb, "GET", "quirks")).json).toEqual({
      empty_dynamic_ip: 0,
      ipv6_host: 0,
      empty_password: 0,
      restore_moves: 0,
      no_restore: 0,
      refresh_post_only: false,
      strict_auth: false,
    });
    const set = await control(sb, "POST", "quirks", { empty_dynamic_ip: 2, empty_password: 1 });
    expect(set.json).toEqual({
      empty_dynamic_ip: 2,
      ipv6_host: 0,
      empty_password: 1,
      restore_moves: 0,
      no_restore: 0,
      refresh_post_only: false,
      strict_auth: false,
    });
    expect((await control(sb, "POST", "quirks", {})).status).toBe(400);
    expect((await control(sb, "POST", "quirks", { ipv6_host: -1 })).status).toBe(400);
    expect((await control(sb, "POST", "quirks", { empty_dynamic_ip: "1" })).status).toBe(400);
    await control(sb, "POST", "reset");
    expect((await control(sb, "GET", "quirks")).json).toEqual({
      empty_dynamic_ip: 0,
      ipv6_host: 0,
      empty_password: 0,
      restore_moves: 0,
      no_restore: 0,
      refresh_post_only: false,
      strict_auth: false,
    });
  });
});

describe("strict_auth", () => {
  it("refuses Basic on the spec's Bearer operations; the account takes both", async () => {
    await control(sb, "POST", "quirks", { strict_auth: true });
    const basic = `Basic ${Buffer.from(`${sb.username}:${sb.password}`).toString("base64")}`;
    const asBasic = (path: string) =>
      fetch(`${sb.baseUrl}${path}`, { headers: { authorization: basic } });
    expect((await asBasic("/token/payway/list")).status).toBe(401);
    expect((await asBasic("/api/v1/ip-quality/192.0.2.1")).status).toBe(401);
    expect((await asBasic("/v1/account/info")).status).toBe(200);
    // Bearer still works everywhere.
    expect((await api(sb, "GET", "/token/payway/list")).status).toBe(200);
  });
});

describe("refresh_post_only", () => {
  it("answers a GET refresh with 405 and Allow: POST while set; POST works", async () => {
    const [token] = (await create(sb, "/token/variable/ip", {})).tokens;
    await control(sb, "POST", "quirks", { refresh_post_only: true });
    const path = `/token/dynamic/ip/refresh/${token.id}`;
    const refused = await api(sb, "GET", path);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST");
    expect((await api(sb, "POST", path)).status).toBe(200);
    await control(sb, "POST", "quirks", { refresh_post_only: false });
    expect((await api(sb, "GET", path)).status).toBe(200);
  });
});

describe("no_restore", () => {
  it("the next single delete answers can_restore: false, and that token refuses a restore", async () => {
    await control(sb, "POST", "quirks", { no_restore: 1 });
    const [first, second] = (await create(sb, "/token/static/traffic", { number: 2 })).data;
    const gone = await api(sb, "DELETE", `/token/${first.id}`);
    expect(gone.json.data.can_restore).toBe(false);
    expect((await api(sb, "PUT", `/token/reset/${first.id}`)).status).toBe(400);
    // One delete only: the next one can be undone.
    expect((await api(sb, "DELETE", `/token/${second.id}`)).json.data.can_restore).toBe(true);
    expect((await api(sb, "PUT", `/token/reset/${second.id}`)).status).toBe(200);
  });
});

describe("empty_dynamic_ip", () => {
  it('the next dynamic create answers ip "" while the token is served at its real address', async () => {
    await control(sb, "POST", "quirks", { empty_dynamic_ip: 1 });
    // A static create does not take the dynamic quirk.
    expect((await create(sb, "/token/static/traffic", {})).data[0].ip).not.toBe("");
    const answer = await create(sb, "/token/variable/ip", { number: 2 });
    expect(answer.tokens.map((t: { ip: string }) => t.ip)).toEqual(["", ""]);
    const t = answer.tokens[0];
    const real = (await dumped(t.id)).ip;
    expect(real).toMatch(/^127\./);
    const r = await viaHttpProxy({ proxyHost: real, proxyPort: t.port, url: sb.checkUrl, ...t });
    expect(JSON.parse(r.body).data.ip).toBe(real);
    // One create only: the next one answers its address again.
    expect((await create(sb, "/token/variable/traffic", {})).tokens[0].ip).toMatch(/^127\./);
    expect((await control(sb, "GET", "quirks")).json.empty_dynamic_ip).toBe(0);
  });

  it("a failed create does not use it up", async () => {
    await control(sb, "POST", "quirks", { empty_dynamic_ip: 1 });
    const bad = await api(sb, "POST", "/token/variable/ip", {
      body: { number: 1, country_id: 999 },
    });
    expect(bad.status).toBe(400);
    expect((await create(sb, "/token/variable/ip", {})).tokens[0].ip).toBe("");
  });
});

describe("ipv6_host", () => {
  const ipv6 = hasIpv6Loopback();

  it("the next static create answers host ::1; the one after answers 127.0.0.1", async () => {
    const set = await control(sb, "POST", "quirks", { ipv6_host: 1 });
    expect(set.json).toMatchObject({ ipv6_host: 1, ipv6_gateway: ipv6 });
    // A dynamic create does not take the static quirk.
    expect((await create(sb, "/token/variable/ip", {})).tokens[0].host).toBeUndefined();
    const t = (await create(sb, "/token/static/ip", { number: 2 })).data;
    expect(t.map((x: { host: string }) => x.host)).toEqual(["::1", "::1"]);
    expect((await dumped(t[0].id)).host).toBe("::1");
    expect((await api(sb, "GET", "/v1/proxy/get?type=static")).json.data.proxies[0].ip).toBe("::1");
    expect((await create(sb, "/token/static/ip", {})).data[0].host).toBe("127.0.0.1");
  });

  it.runIf(ipv6)("the HTTP and SOCKS5 gateways serve such tokens on [::1] only", async () => {
    await control(sb, "POST", "quirks", { ipv6_host: 2 });
    const http = (await create(sb, "/token/static/traffic", {})).data[0];
    const socks = (await create(sb, "/token/static/traffic", { network_type: "SOCKS5" })).data[0];
    const r = await viaHttpProxy({
      proxyHost: "::1",
      proxyPort: http.port,
      url: sb.checkUrl,
      ...http,
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data.ip).toBe(http.ip);
    const onV4 = await viaHttpProxy({
      ...http,
      proxyHost: "127.0.0.1",
      proxyPort: http.port,
      url: sb.checkUrl,
    });
    expect(onV4.status).toBe(407);
    const s = await viaSocks({
      proxyHost: "::1",
      proxyPort: socks.port,
      url: sb.checkUrl,
      ...socks,
    });
    expect(JSON.parse(s.body).data.ip).toBe(socks.ip);
    const events = (await control(sb, "GET", "gateway-log")).json.events;
    expect(events[0]).toMatchObject({ listener: `[::1]:${http.port}`, result: "ok" });
    expect(events[1]).toMatchObject({ listener: `127.0.0.1:${http.port}`, result: "refused" });
  });
});

describe("gateway/refuse-password", () => {
  it("the gateway answers 407 to that token from now on; the API still lists it", async () => {
    const [a, b] = (await create(sb, "/token/static/ip", { number: 2 })).data;
    const via = (t: typeof a) =>
      viaHttpProxy({ proxyHost: "127.0.0.1", proxyPort: t.port, url: sb.checkUrl, ...t });
    expect((await via(a)).status).toBe(200);
    const r = await control(sb, "POST", "gateway/refuse-password", { token_id: a.id });
    expect(r.json).toEqual({ token_id: a.id, password_refused: true });
    const refused = await via(a);
    expect(refused.status).toBe(407);
    expect(refused.headers["proxy-authenticate"]).toMatch(/^Basic/);
    expect((await via(b)).status).toBe(200);
    expect((await dumped(a.id)).status).toBe("active");
    expect((await api(sb, "GET", "/v1/proxy/get")).json.data.proxies).toHaveLength(2);
    const log = (await control(sb, "GET", "gateway-log")).json.events;
    expect(log.at(-2)).toMatchObject({ username: a.username, result: "refused" });
  });

  it("cuts a tunnel opened with the password before", async () => {
    const t = (await create(sb, "/token/static/traffic", {})).data[0];
    const target = new URL(sb.baseUrl).host;
    const tunnel = await connectTunnel({ proxyHost: "127.0.0.1", proxyPort: t.port, target, ...t });
    expect(tunnel.status).toBe(200);
    const closed = new Promise((resolve) => tunnel.socket.once("close", resolve));
    await control(sb, "POST", "gateway/refuse-password", { token_id: t.id });
    await closed;
  });

  it("404 for a token it does not know", async () => {
    expect((await control(sb, "POST", "gateway/refuse-password", { token_id: 77 })).status).toBe(
      404,
    );
    expect((await control(sb, "POST", "gateway/refuse-password", {})).status).toBe(404);
  });
});

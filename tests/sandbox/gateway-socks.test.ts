import { SocksClient } from "socks";
import { describe, expect, it } from "vitest";
import { api, control, create, viaSocks } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const sb = useSandbox();

interface Tok {
  ip: string;
  port: number;
  username: string;
  password: string;
}

const onShared = (t: Tok) => ({
  proxyHost: "127.0.0.1",
  proxyPort: sb.socksPort,
  url: sb.checkUrl,
  ...t,
});
const onOwn = (t: Tok) => ({ proxyHost: t.ip, proxyPort: t.port, url: sb.checkUrl, ...t });

describe("SOCKS5 gateway", () => {
  it("serves static SOCKS5 tokens on 127.0.0.1, exiting from the token's address", async () => {
    const t = (await create(sb, "/token/static/traffic", { network_type: "SOCKS5", country_id: 6 }))
      .data[0];
    expect(t.port).toBe(sb.socksPort);
    const r = await viaSocks(onShared(t));
    expect(r.status).toBe(200);
    const data = JSON.parse(r.body).data;
    expect(data.ip).toBe(t.ip);
    expect(data.country).toBe("Canada");
    const log = (await control(sb, "GET", "gateway-log")).json.events;
    expect(log.at(-1)).toMatchObject({
      gateway: "socks5",
      listener: `127.0.0.1:${sb.socksPort}`,
      result: "ok",
      username: t.username,
      target: new URL(sb.baseUrl).host,
    });
  });

  it("serves dynamic SOCKS5 tokens at their own address and follows a refresh", async () => {
    const t = (await create(sb, "/token/variable/ip", { network_type: "SOCKS5" })).tokens[0];
    const r = await viaSocks(onOwn(t));
    expect(JSON.parse(r.body).data.ip).toBe(t.ip);
    await expect(viaSocks(onShared(t))).rejects.toThrow();
    const moved = (await api(sb, "GET", `/token/dynamic/ip/refresh/${t.id}`)).json.data;
    const after = await viaSocks(onOwn({ ...t, ip: moved.ip }));
    expect(JSON.parse(after.body).data.ip).toBe(moved.ip);
    await expect(viaSocks(onOwn(t))).rejects.toThrow();
  });

  it("refuses wrong, deleted and HTTP-only credentials, and logs the decisions", async () => {
    const t = (await create(sb, "/token/static/ip", { network_type: "SOCKS5" })).data[0];
    const http = (await create(sb, "/token/static/ip", {})).data[0];
    await expect(viaSocks(onShared({ ...t, password: "wrong" }))).rejects.toThrow();
    await expect(viaSocks(onShared(http))).rejects.toThrow();
    await api(sb, "DELETE", `/token/${t.id}`);
    await expect(viaSocks(onShared(t))).rejects.toThrow();
    const results = (await control(sb, "GET", "gateway-log")).json.events.map(
      (e: { result: string }) => e.result,
    );
    expect(results).toEqual(["refused", "refused", "refused"]);
  });

  it("logs a client that offers no username/password as auth-required", async () => {
    await expect(
      SocksClient.createConnection({
        proxy: { host: "127.0.0.1", port: sb.socksPort, type: 5 },
        command: "connect",
        destination: { host: "127.0.0.1", port: 80 },
        timeout: 2000,
      }),
    ).rejects.toThrow();
    // The gateway logs this when its side of the socket closes, which may be after the client
    // has given up; the log is the sandbox's own record of it.
    await expect
      .poll(async () => (await control(sb, "GET", "gateway-log")).json.events, {
        interval: 20,
        timeout: 5_000,
      })
      .toEqual([expect.objectContaining({ result: "auth-required", username: null })]);
  });
});

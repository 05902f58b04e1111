/**
 * The gateway's odd but legal behaviour switches: asking valid logins again (its next request,
 * or every connection open now, keeping the connection as a real gateway does), and a seeded
 * chaos that replays from its seed and never refuses.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { CHAOS_DEFAULTS, GatewayBehaviour } from "./gateway-behaviour";
import { control, create } from "./test-helpers";
import { useSandbox } from "./use-sandbox";

const sb = useSandbox();

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString("base64")}`;

/** Requests through the gateway on one kept-open connection: status and Connection header. */
async function onOneConnection(creds: { username: string; password: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const send = () =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port: sb.proxyPort,
        path: sb.checkUrl,
        agent,
        headers: {
          host: new URL(sb.checkUrl).host,
          "proxy-authorization": basic(creds.username, creds.password),
        },
      });
      req.on("socket", (s) => sockets.add(s));
      req.on("response", (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  return { send, sockets, close: () => agent.destroy() };
}

describe("asking valid logins again", () => {
  it("end-sessions: a connection open now asks once (kept open), then takes the same login", async () => {
    const t = (await create(sb, "/token/static/traffic", {})).data[0];
    const conn = await onOneConnection(t);
    try {
      expect((await conn.send()).status).toBe(200);
      const ended = await control(sb, "POST", "gateway/end-sessions", {});
      expect(ended.json.ended).toBeGreaterThanOrEqual(1);
      const asked = await conn.send();
      expect(asked.status).toBe(407);
      expect(asked.connection).not.toBe("close");
      expect((await conn.send()).status).toBe(200);
      expect(conn.sockets.size).toBe(1); // all three on the one connection
      // A connection opened after the sessions ended is not asked.
      const fresh = await onOneConnection(t);
      await control(sb, "POST", "gateway/end-sessions", {});
      fresh.close();
      const later = await onOneConnection(t);
      expect((await later.send()).status).toBe(200);
      later.close();
    } finally {
      conn.close();
    }
  });

  it("refuse-password can be lifted: the provider takes the password again", async () => {
    const t = (await create(sb, "/token/static/traffic", {})).data[0];
    await control(sb, "POST", "gateway/refuse-password", { token_id: t.id });
    const refused = await onOneConnection(t);
    expect((await refused.send()).status).toBe(407);
    refused.close();
    await control(sb, "POST", "gateway/refuse-password", { token_id: t.id, refused: false });
    const mended = await onOneConnection(t);
    expect((await mended.send()).status).toBe(200);
    mended.close();
    const bad = await control(sb, "POST", "gateway/refuse-password", {
      token_id: t.id,
      refused: "no",
    });
    expect(bad.status).toBe(400);
  });

  it("chaos: bad settings are refused with a reason", async () => {
    for (const body of [
      {},
      { seed: 1 },
      { seed: -1, duration_ms: 10 },
      { seed: 1, duration_ms: 10, cut: 2 },
      { seed: 1, duration_ms: 10, ask_again: 0.6, stall: 0.6 },
    ]) {
      expect((await control(sb, "POST", "gateway/chaos", body)).status).toBe(400);
    }
    const started = await control(sb, "POST", "gateway/chaos", { seed: 7, duration_ms: 60_000 });
    expect(started.json).toMatchObject({ active: true, seed: 7, requests: 0 });
  });
});

describe("chaos, drawn from a seed", () => {
  const run = (seed: number, users: string[]) => {
    const behaviour = new GatewayBehaviour();
    behaviour.startChaos({ seed, durationMs: 1_000, ...CHAOS_DEFAULTS, askAgain: 0.3 }, 0);
    return users.map(
      (username, i) =>
        behaviour.act({ connection: `c${i % 3}`, username }, i, () => ["c0", "c1", "c2"]).kind,
    );
  };
  const users = Array.from({ length: 400 }, (_, i) => `user-${i % 5}`);

  it("replays the same acts from the same seed, and other acts from another", () => {
    expect(run(42, users)).toEqual(run(42, users));
    expect(run(42, users)).not.toEqual(run(43, users));
  });

  it("never refuses, and a login asked again is not asked again while its new session holds", () => {
    const behaviour = new GatewayBehaviour();
    behaviour.startChaos({ seed: 5, durationMs: 10_000, ...CHAOS_DEFAULTS, askAgain: 1 }, 0);
    const open = () => [];
    expect(behaviour.act({ connection: "a", username: "u" }, 0, open).kind).toBe("ask-again");
    expect(behaviour.act({ connection: "a", username: "u" }, 10, open).kind).toBe("pass");
    expect(behaviour.act({ connection: "b", username: "v" }, 10, open).kind).toBe("ask-again");
    expect(behaviour.act({ connection: "a", username: "u" }, 2_500, open).kind).toBe("ask-again");
    expect(behaviour.act({ connection: "a", username: "u" }, 20_000, open).kind).toBe("pass");
  });
});

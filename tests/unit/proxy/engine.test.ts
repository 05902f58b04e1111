/**
 * Glue test of the engine: real storage (fakeBrowser), a recording fake platform and a fake API
 * client. Real HTTP and real browsers are covered by the sandbox and e2e tests.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  type ApiClient,
  ApiError,
  type DynamicToken,
  type IpInfo,
  type RefreshTarget,
} from "../../../lib/api";
import { badgeFor } from "../../../lib/proxy/badge";
import { createEngine } from "../../../lib/proxy/engine";
import type { Badge, ProxyPlatform } from "../../../lib/proxy/platform";
import type { RouteTarget } from "../../../lib/routing/plan";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import { type Connection, DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import { proxyEndpoint } from "../../../lib/state/token-facts";
import type { StoredToken } from "../../../lib/state/tokens";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";
import { noProbes } from "./no-probes";

const NOW = 1_760_000_000_000;
const readConnection = () => read("connection");
const readStatus = () => read("status");
const readTokens = () => read("tokens");
const saveConnection = (connection: Connection) => writeState({ connection });
const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://api.example.test",
  auth: { kind: "bearer", accessToken: "secret" },
  bypassList: ["<-loopback>"],
};

type Call =
  | { op: "apply"; tokenId: number; endpoint: string; username: string; bypassList: string[] }
  | { op: "clear" }
  | { op: "plan"; fallback: string; routes: string[] }
  | { op: "block"; providerHost: string }
  | { op: "forget"; endpoints: string[]; ids: number[]; storedActiveId: unknown }
  /** Chrome: the cached logins of these gateway spellings only (a spelling's owner changed). */
  | { op: "forget-at"; endpoints: string[] };

/** Storage as the platform would see it, read raw so the engine's own readers are not trusted. */
async function storedActiveTokenId(): Promise<unknown> {
  const { connection } = await fakeBrowser.storage.local.get("connection");
  return (connection as Partial<Connection> | undefined)?.activeTokenId;
}

function fakePlatform(supportsSocksAuth: boolean) {
  const calls: Call[] = [];
  const badges: { badge: Badge; status: ProxyStatus }[] = [];
  const state = {
    controlledByOther: false,
    bypassed: [] as string[],
    /** The stored active token at each apply: a switch writes the setting before storage. */
    storedAtApply: [] as unknown[],
  };
  const platform: ProxyPlatform = {
    supportsSocksAuth,
    oneLoginPerEndpoint: !supportsSocksAuth,
    probes: {
      ...noProbes,
      async forgetAddresses(addresses) {
        calls.push({ op: "forget-at", endpoints: addresses.map((a) => `${a.host}:${a.port}`) });
      },
    },
    async apply(token, settings) {
      state.storedAtApply.push(await storedActiveTokenId());
      calls.push({
        op: "apply",
        tokenId: token.id,
        endpoint: proxyEndpoint(token),
        username: token.username,
        bypassList: settings.bypassList,
      });
    },
    async clear() {
      calls.push({ op: "clear" });
    },
    async applyPlan(plan) {
      const where = (target: RouteTarget) =>
        target.kind === "proxy" ? `${target.host}:${target.port}` : target.kind;
      calls.push({
        op: "plan",
        fallback: where(plan.fallback),
        routes: plan.rules.map((rule) => `${rule.id}→${where(plan.targetOf(rule.route))}`),
      });
    },
    async block(_settings, providerHost) {
      calls.push({ op: "block", providerHost });
    },
    bypasses: (url) => state.bypassed.includes(new URL(url).hostname),
    async forgetCredentials(tokens) {
      calls.push({
        op: "forget",
        endpoints: tokens.map(proxyEndpoint),
        ids: tokens.map((t) => t.id),
        storedActiveId: await storedActiveTokenId(),
      });
    },
    async controlledByOther() {
      return state.controlledByOther;
    },
    async setBadge(badge) {
      badges.push({ badge, status: await readStatus() });
    },
  };
  return { platform, calls, badges, state };
}

const ipInfo = (ip: string): IpInfo => ({
  ip,
  country: "Germany",
  country_code: "DE",
  city: "Berlin",
  state: null,
  autonomous_system_organization: "",
  network_type: "",
  network: "",
});

function fakeApi() {
  const state = {
    exitIp: "198.51.100.50",
    /** Thrown by getIpInfo when set. */
    ipInfoError: undefined as unknown,
    /** Runs inside getIpInfo, e.g. the auth listener reporting refused credentials meanwhile. */
    duringIpInfo: undefined as (() => Promise<void>) | undefined,
    ipInfoCalls: 0,
    refreshAnswer: undefined as DynamicToken | undefined,
    refreshError: undefined as unknown,
    refreshCalls: [] as RefreshTarget[],
  };
  const client = {
    async getIpInfo(): Promise<IpInfo> {
      state.ipInfoCalls++;
      await state.duringIpInfo?.();
      if (state.ipInfoError !== undefined) throw state.ipInfoError;
      return ipInfo(state.exitIp);
    },
    async refreshDynamicIp(target: RefreshTarget): Promise<DynamicToken> {
      state.refreshCalls.push(target);
      if (state.refreshError !== undefined) throw state.refreshError;
      if (!state.refreshAnswer) throw new Error("no refresh answer set");
      return state.refreshAnswer;
    },
  };
  return { state, factory: (_settings: Settings) => client as unknown as ApiClient };
}

const httpToken = makeToken({ id: 1, host: "gw.example.net", port: 8000 });
const otherHttpToken = makeToken({ id: 2, host: "gw.example.net", port: 8000 });
const socksToken = makeToken({ id: 3, networkType: "SOCKS5", host: "gw.example.net", port: 1080 });
const dynamicToken = makeToken({
  id: 4,
  kind: "dynamic-ip",
  host: "198.51.100.23",
  ip: "198.51.100.23",
  port: 9000,
  username: "d4",
  password: "dp4",
  refreshUrl: "https://api.example.test/token/dynamic/ip/refresh/4",
});

async function setup(
  options: {
    socks?: boolean;
    tokens?: StoredToken[];
    connection?: Connection;
    status?: ProxyStatus;
    settings?: Settings;
    mutationsSettled?: () => Promise<boolean>;
  } = {},
) {
  await writeState({
    settings: options.settings ?? SETTINGS,
    tokens: options.tokens ?? [httpToken, otherHttpToken, socksToken, dynamicToken],
    // A fresh install's record: Chrome holds none of our logins (gateway-owners.ts).
    gatewayOwners: {},
  });
  if (options.connection) await saveConnection(options.connection);
  if (options.status) await writeState({ status: options.status });
  const fake = fakePlatform(options.socks ?? false);
  const api = fakeApi();
  const settled = options.mutationsSettled;
  const engine = createEngine({
    platform: fake.platform,
    api: api.factory,
    now: () => NOW,
    // The work runs once what is on the wire has settled (background/mutations.ts).
    mutationsHeld: settled && (async (work) => work(await settled())),
  });
  return { engine, api: api.state, ...fake };
}

const ops = (calls: Call[]) => calls.map((c) => c.op);
const active = (id: number | null): Connection => ({ activeTokenId: id, lastTokenId: id });

beforeEach(() => {
  fakeBrowser.reset();
});

describe("reconcile", () => {
  it.each([
    {
      name: "no active token → clear, direct",
      socks: false,
      connection: active(null),
      ops: ["clear"],
      state: "direct",
      tokenId: null,
      error: null,
    },
    {
      name: "active HTTP token, no evidence yet → apply, checking",
      socks: false,
      connection: active(1),
      ops: ["apply"],
      state: "checking",
      tokenId: 1,
      error: null,
    },
    {
      name: "active SOCKS5 token where SOCKS auth works → apply, checking",
      socks: true,
      connection: active(3),
      ops: ["apply"],
      state: "checking",
      tokenId: 3,
      error: null,
    },
    {
      name: "active id missing from tokens → blocked (fail closed), token-missing",
      socks: false,
      connection: active(99),
      ops: ["block"],
      state: "blocked",
      tokenId: 99,
      error: "token-missing",
    },
    {
      name: "active SOCKS5 token without SOCKS auth → blocked, socks5-unsupported",
      socks: false,
      connection: active(3),
      ops: ["block"],
      state: "blocked",
      tokenId: 3,
      error: "socks5-unsupported",
    },
  ] as const)("$name", async ({ socks, connection, ops: expectedOps, state, tokenId, error }) => {
    const { engine, calls, badges } = await setup({ socks, connection });
    const returned = await engine.reconcile();
    const stored = await readStatus();
    expect(ops(calls)).toEqual(expectedOps);
    expect(stored).toEqual(returned);
    expect(stored.state).toBe(state);
    expect(stored.tokenId).toBe(tokenId);
    expect(stored.error?.failure.code ?? null).toBe(error);
    if (error) expect(stored.error?.at).toBe(NOW);
    expect(badges.at(-1)?.status).toEqual(stored);
  });

  it("triggers at once (a rule save, a wake, an alarm) while the first apply is slow: runs one at a time, and the last applied is the latest state", async () => {
    const { engine, calls, platform } = await setup({ connection: active(1) });
    const apply = platform.apply.bind(platform);
    let release: (value?: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (release = resolve));
    let first = true;
    let running = 0;
    let most = 0;
    platform.apply = async (token, settings) => {
      running++;
      most = Math.max(most, running);
      if (first) {
        first = false;
        await slow;
      }
      await apply(token, settings);
      running--;
    };
    const wake = engine.reconcile();
    // While it waits on the browser: the user connects token 2, and two more triggers come.
    await saveConnection(active(2));
    const alarm = engine.reconcile();
    const ruleSave = engine.reconcile();
    release();
    await Promise.all([wake, alarm, ruleSave]);
    expect(most).toBe(1);
    const applied = calls.filter((c) => c.op === "apply");
    expect(applied.at(-1)).toMatchObject({ tokenId: 2 });
    expect((await readStatus()).tokenId).toBe(2);
  });

  it("applies the stored token with the stored settings", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await engine.reconcile();
    expect(calls).toEqual([
      {
        op: "apply",
        tokenId: 1,
        endpoint: "gw.example.net:8000",
        username: "user1",
        bypassList: ["<-loopback>"],
      },
    ]);
  });

  it("the SOCKS5 error explains the Chrome limitation", async () => {
    const { engine, badges } = await setup({ connection: active(3) });
    expect((await engine.reconcile()).error?.failure).toEqual({ code: "socks5-unsupported" });
    expect(badges.at(-1)?.badge.title).toMatch(/Chrome cannot sign in to SOCKS5/);
  });

  it("records that another extension controls the proxy", async () => {
    const { engine, state, badges } = await setup({ connection: active(1) });
    state.controlledByOther = true;
    expect((await engine.reconcile()).controlledByOther).toBe(true);
    expect(badges.at(-1)?.badge.title).toMatch(/another extension/i);
    state.controlledByOther = false;
    expect((await engine.reconcile()).controlledByOther).toBe(false);
  });

  it.each([
    { code: "credentials-refused", state: "error" },
    { code: "proxy-unreachable", state: "error" },
    // An error from a time the token could not be used proves nothing about it now.
    { code: "token-missing", state: "checking" },
  ] as const)("an earlier $code error for the same token → $state", async ({ code, state }) => {
    const { engine } = await setup({
      connection: active(1),
      status: {
        ...DEFAULT_STATUS,
        state: "error",
        tokenId: 1,
        error: { failure: { code }, at: 1 },
      },
    });
    expect((await engine.reconcile()).state).toBe(state);
  });

  it("an error that belonged to another token is dropped", async () => {
    const { engine } = await setup({
      connection: active(1),
      status: {
        ...DEFAULT_STATUS,
        state: "error",
        tokenId: 2,
        error: { failure: { code: "credentials-refused" }, at: 1 },
      },
    });
    expect(await engine.reconcile()).toMatchObject({ state: "checking", tokenId: 1, error: null });
  });

  it("keeps the exit IP only when it was checked through the active token", async () => {
    const exitIp = {
      ip: "198.51.100.1",
      country: "",
      countryCode: "",
      city: "",
      checkedAt: 1,
      viaTokenId: 1,
    };
    const kept = await setup({
      connection: active(1),
      status: { ...DEFAULT_STATUS, state: "connected", tokenId: 1, exitIp },
    });
    expect((await kept.engine.reconcile()).exitIp).toEqual(exitIp);

    fakeBrowser.reset();
    const dropped = await setup({
      connection: active(2),
      status: { ...DEFAULT_STATUS, state: "connected", tokenId: 1, exitIp },
    });
    expect((await dropped.engine.reconcile()).exitIp).toBeNull();
  });

  it("a reconcile after the apply keeps the check labelled direct that this choice just made", async () => {
    const direct = { ip: "127.0.0.1", country: "", countryCode: "", city: "", checkedAt: 1 };
    const { engine } = await setup({
      connection: active(1),
      status: { ...DEFAULT_STATUS, tokenId: 1, exitIp: { ...direct, viaTokenId: null } },
    });
    expect((await engine.reconcile()).exitIp).toEqual({ ...direct, viaTokenId: null });
  });
});

describe("connect", () => {
  it("writes the new setting first, then stores; a token on another spelling drops no login", async () => {
    const { engine, calls, api, state } = await setup({ connection: active(1) });
    await engine.reconcile(); // token 1's login is the one held at gw.example.net:8000
    calls.length = 0;
    state.storedAtApply.length = 0;
    expect(await engine.connect(2)).toEqual({ ok: true });

    // Same gateway: token 2 takes the spelling that holds no login; token 1's stays for its
    // requests still on their way.
    expect(ops(calls)).toEqual(["apply"]);
    expect(calls[0]).toMatchObject({ op: "apply", tokenId: 2, endpoint: "gw.example.net.:8000" });
    expect(state.storedAtApply).toEqual([1]);
    expect(await readConnection()).toEqual({
      activeTokenId: 2,
      lastTokenId: 2,
      recentTokenIds: [2],
    });
    expect(api.ipInfoCalls).toBe(1);
    expect(await readStatus()).toMatchObject({
      state: "connected",
      tokenId: 2,
      error: null,
      exitIp: { ip: "198.51.100.50", countryCode: "DE", viaTokenId: 2, checkedAt: NOW },
    });
  });

  it("back and forth between two tokens of one gateway: each keeps its spelling, nothing dropped", async () => {
    const { engine, calls } = await setup();
    for (const id of [1, 2, 1, 2, 1]) await engine.connect(id);
    expect(calls.filter((c) => c.op !== "apply")).toEqual([]);
    expect(calls.map((c) => (c.op === "apply" ? `${c.tokenId}@${c.endpoint}` : c.op))).toEqual([
      "1@gw.example.net:8000",
      "2@gw.example.net.:8000",
      "1@gw.example.net:8000",
      "2@gw.example.net.:8000",
      "1@gw.example.net:8000",
    ]);
    expect((await readConnection()).recentTokenIds).toEqual([1, 2]);
  });

  it("a third token on the gateway drops one login, not the one of the token traffic leaves", async () => {
    const third = makeToken({ id: 5, host: "gw.example.net", port: 8000 });
    const { engine, calls } = await setup({ tokens: [httpToken, otherHttpToken, third] });
    await engine.connect(1);
    await engine.connect(2);
    calls.length = 0;
    await engine.connect(5);
    expect(calls).toEqual([
      { op: "forget-at", endpoints: ["gw.example.net:8000"] },
      expect.objectContaining({ op: "apply", tokenId: 5, endpoint: "gw.example.net:8000" }),
    ]);
  });

  it("from direct drops nothing (no login is held yet)", async () => {
    const { engine, calls } = await setup();
    await engine.connect(1);
    expect(ops(calls)).toEqual(["apply"]);
  });

  it("SOCKS5 on a Chrome-like platform → not ok, nothing applied or stored", async () => {
    const { engine, calls, api } = await setup({ connection: active(1) });
    expect(await engine.connect(3)).toEqual({
      ok: false,
      failure: { code: "socks5-unsupported" },
    });
    expect(calls).toEqual([]);
    expect(api.ipInfoCalls).toBe(0);
    expect(await readConnection()).toEqual(active(1));
  });

  it("SOCKS5 where the platform supports SOCKS auth → connected", async () => {
    const { engine, calls } = await setup({ socks: true });
    expect(await engine.connect(3)).toEqual({ ok: true });
    expect(calls.at(-1)).toMatchObject({
      op: "apply",
      tokenId: 3,
      endpoint: "gw.example.net:1080",
    });
  });

  it("an unknown token → token-missing, nothing touched", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    expect(await engine.connect(77)).toEqual({ ok: false, failure: { code: "token-missing" } });
    expect(calls).toEqual([]);
    expect(await readConnection()).toEqual(active(1));
  });

  it("a token the delete it waited for moved to the trash → token-missing, nothing applied", async () => {
    const { engine, calls } = await setup({
      connection: active(1),
      // The delete on the wire when the user clicked lands while the switch waits for it.
      mutationsSettled: async () => {
        await writeState({ tokens: [httpToken] });
        return true;
      },
    });
    expect(await engine.connect(2)).toEqual({ ok: false, failure: { code: "token-missing" } });
    expect(calls).toEqual([]);
    expect(await readConnection()).toEqual(active(1));
  });

  it("a token deleted while its setting was applied is not stored as connected; the stored route is put back", async () => {
    const { engine, calls, platform } = await setup({ connection: active(1) });
    const apply = platform.apply;
    platform.apply = async (token, settings) => {
      await apply(token, settings);
      if (token.id === 2) await writeState({ tokens: [httpToken] });
    };
    expect(await engine.connect(2)).toEqual({ ok: false, failure: { code: "token-missing" } });
    expect(await readConnection()).toEqual(active(1));
    const applied = calls.filter((c) => c.op === "apply").map((c) => c.tokenId);
    expect(applied).toEqual([2, 1]);
  });

  it('a static token with ip "" gets its ip from the exit check', async () => {
    const fresh = makeToken({ id: 5, ip: "" });
    const { engine, api } = await setup({ tokens: [httpToken, fresh] });
    api.exitIp = "203.0.113.77";
    await engine.connect(5);
    const tokens = await readTokens();
    expect(tokens.find((t) => t.id === 5)?.ip).toBe("203.0.113.77");
    // Others are left alone.
    expect(tokens.find((t) => t.id === 1)?.ip).toBe(httpToken.ip);
  });

  it("a token that already has an ip keeps it whatever the exit check says", async () => {
    const { engine, api } = await setup();
    api.exitIp = "192.0.2.200";
    await engine.connect(1);
    expect((await readTokens()).find((t) => t.id === 1)?.ip).toBe(httpToken.ip);
    expect((await readStatus()).exitIp?.ip).toBe("192.0.2.200");
  });

  it("exit check failure while the auth listener already reported refused credentials keeps that reason", async () => {
    const { engine, api } = await setup();
    api.duringIpInfo = () => engine.reportProxyProblem({ code: "credentials-refused" });
    api.ipInfoError = new ApiError({ kind: "network", operation: "getIpInfo" });
    expect(await engine.connect(1)).toEqual({
      ok: false,
      failure: { code: "credentials-refused" },
    });
    expect(await readStatus()).toMatchObject({
      state: "error",
      tokenId: 1,
      error: { failure: { code: "credentials-refused" } },
    });
  });

  it("exit check failure without an earlier reason → exit-check-failed with the API's cause", async () => {
    const { engine, api } = await setup();
    const error = new ApiError({ kind: "timeout", operation: "getIpInfo", timeoutMs: 15_000 });
    api.ipInfoError = error;
    const failure = { code: "exit-check-failed", cause: "api-timeout", seconds: 15 };
    expect(await engine.connect(1)).toEqual({ ok: false, failure });
    const status = await readStatus();
    expect(status).toMatchObject({ state: "error", tokenId: 1 });
    expect(status.error?.failure).toEqual(failure);
    // The connection intent stays: the user chose this token.
    expect(await readConnection()).toMatchObject(active(1));
  });

  it("the provider's own error answer to the check came through the token: the check failed, the token is not blamed; a gateway's 502 is", async () => {
    const { engine, api } = await setup();
    api.ipInfoError = new ApiError({ kind: "http", operation: "getIpInfo", status: 500 });
    expect(await engine.connect(1)).toEqual({
      ok: false,
      failure: { code: "exit-check-failed", cause: "api-server-error", status: "HTTP 500" },
    });
    expect(await readStatus()).toMatchObject({ state: "checking", tokenId: 1, error: null });
    api.ipInfoError = new ApiError({ kind: "http", operation: "getIpInfo", status: 502 });
    await engine.checkExitIp();
    expect(await readStatus()).toMatchObject({ state: "error", tokenId: 1 });
  });

  it("a non-API throw from the exit check gives a generic failure", async () => {
    const { engine, api } = await setup();
    api.ipInfoError = new TypeError("fetch exploded with secret details");
    const result = await engine.connect(1);
    expect(result).toEqual({
      ok: false,
      failure: { code: "exit-check-failed", cause: "internal" },
    });
    expect(JSON.stringify(await readStatus())).not.toContain("secret");
  });
});

describe("checkExitIp", () => {
  it("a passing check clears an earlier refused-credentials error", async () => {
    const { engine } = await setup({
      connection: active(1),
      status: {
        ...DEFAULT_STATUS,
        state: "error",
        tokenId: 1,
        error: { failure: { code: "credentials-refused" }, at: 1 },
      },
    });
    expect(await engine.checkExitIp()).toEqual({ ok: true });
    expect(await readStatus()).toMatchObject({ state: "connected", tokenId: 1, error: null });
  });

  it.each(["token-missing", "socks5-unsupported"] as const)(
    "a passing check does not turn %s (traffic blocked) into connected, nor store its IP",
    async (code) => {
      const id = code === "token-missing" ? 99 : 3;
      const { engine, calls } = await setup({ connection: active(id) });
      await engine.reconcile();
      expect(ops(calls)).toEqual(["block"]);
      await engine.checkExitIp();
      expect(await readStatus()).toMatchObject({
        state: "blocked",
        error: { failure: { code } },
        exitIp: { viaTokenId: null },
      });
      expect((await readTokens()).find((t) => t.id === id)?.ip ?? "").not.toBe("198.51.100.50");
    },
  );

  it("with another extension in control, a check is no evidence about the token", async () => {
    const fresh = { ...httpToken, ip: "" };
    const { engine, state } = await setup({ connection: active(1), tokens: [fresh] });
    state.controlledByOther = true;
    await engine.reconcile();
    expect(await engine.checkExitIp()).toEqual({ ok: true });
    // The other extension's proxy carried it: not "connected", its IP not the token's.
    expect(await readStatus()).toMatchObject({
      controlledByOther: true,
      exitIp: { ip: "198.51.100.50", viaTokenId: null },
    });
    expect((await readStatus()).state).not.toBe("connected");
    expect((await readTokens())[0]?.ip).toBe("");
  });

  it("a switch while A's check is on its way: the answer (carried by B) is no evidence about A", async () => {
    const freshA = { ...httpToken, ip: "" };
    const freshB = { ...otherHttpToken, ip: "" };
    const { engine, api } = await setup({ tokens: [freshA, freshB] });
    await engine.reconcile();
    let switched: Promise<unknown> | undefined;
    // A's check is in flight when the user clicks B; B's apply carries the answer.
    api.duringIpInfo = async () => {
      if (switched) return;
      api.exitIp = "203.0.113.2";
      switched = engine.connect(freshB.id);
      await eventually(async () => expect((await readConnection()).activeTokenId).toBe(2));
    };
    expect(await engine.connect(freshA.id)).toEqual({ ok: true });
    await switched;
    const tokens = await readTokens();
    expect(tokens.find((t) => t.id === 1)?.ip).toBe("");
    // B's own check labelled it B's.
    expect(tokens.find((t) => t.id === 2)?.ip).toBe("203.0.113.2");
    expect(await readStatus()).toMatchObject({
      state: "connected",
      tokenId: 2,
      exitIp: { ip: "203.0.113.2", viaTokenId: 2 },
    });
  });

  it("A → B → A while A's first check is on its way: its answer (perhaps B's exit) is still no evidence", async () => {
    const freshA = { ...httpToken, ip: "" };
    const freshB = { ...otherHttpToken, ip: "198.51.100.9" };
    const { engine, api } = await setup({ tokens: [freshA, freshB] });
    await engine.reconcile();
    let back: Promise<unknown> | undefined;
    api.duringIpInfo = async () => {
      if (back) return;
      back = engine.connect(freshB.id).then(() => {
        // A's second check finds nothing (the provider is busy): A's IP stays unknown.
        api.ipInfoError = new Error("busy");
        return engine.connect(freshA.id);
      });
      await back;
      api.ipInfoError = undefined;
      api.exitIp = "198.51.100.9";
    };
    await engine.connect(freshA.id);
    await back;
    // The first check's answer came back labelled A, but two switches came between.
    expect((await readTokens()).find((t) => t.id === 1)?.ip).toBe("");
  });

  it("direct: records the exit IP with viaTokenId null and stays direct", async () => {
    const { engine } = await setup();
    await engine.reconcile();
    expect(await engine.checkExitIp()).toEqual({ ok: true });
    expect(await readStatus()).toMatchObject({
      state: "direct",
      exitIp: { ip: "198.51.100.50", viaTokenId: null },
    });
  });

  it("without a base URL it says so and asks nothing", async () => {
    const { engine, api } = await setup({ settings: { ...SETTINGS, baseUrl: "" } });
    expect(await engine.checkExitIp()).toEqual({ ok: false, failure: { code: "no-base-url" } });
    expect(api.ipInfoCalls).toBe(0);
  });

  it("a connect without a provider (proxies added as lines) works, unverified", async () => {
    const { engine, calls } = await setup({ settings: { ...SETTINGS, baseUrl: "" } });
    expect(await engine.connect(1)).toEqual({ ok: true });
    expect(calls.at(-1)).toMatchObject({ op: "apply", tokenId: 1 });
    expect(await readStatus()).toMatchObject({ state: "checking", tokenId: 1 });
  });
});

describe("disconnect and toggle", () => {
  it("disconnect → clear, direct, lastTokenId kept, no cached login dropped", async () => {
    const { engine, calls } = await setup({ connection: active(2) });
    expect(await engine.disconnect()).toEqual({ ok: true });
    expect(await readConnection()).toEqual({ activeTokenId: null, lastTokenId: 2, off: false });
    expect(ops(calls)).toEqual(["clear"]);
    expect(await readStatus()).toMatchObject({ state: "direct", tokenId: null, error: null });
  });

  it.each(["off", "disconnect"] as const)(
    "%s waits for a purchase on the wire before the setting changes (it could cut it)",
    async (leave) => {
      let landed!: () => void;
      const purchase = new Promise<void>((resolve) => {
        landed = resolve;
      });
      let waiting!: () => void;
      const leaveWaits = new Promise<void>((resolve) => {
        waiting = resolve;
      });
      const { engine, calls } = await setup({
        connection: active(2),
        mutationsSettled: async () => {
          waiting();
          await purchase;
          return true;
        },
      });
      const leaving = engine[leave]();
      // A reconcile another change starts meanwhile (the purchase's first tokens stored, a
      // wake) waits too: it would read the choice and apply it.
      const woken = engine.reconcile();
      await leaveWaits;
      expect((await readConnection()).activeTokenId).toBe(2);
      expect(ops(calls)).toEqual([]);
      landed();
      expect(await leaving).toEqual({ ok: true });
      await woken;
      expect(ops(calls)).toEqual(["clear", "clear"]);
      expect((await readConnection()).activeTokenId).toBeNull();
    },
  );

  it("a disconnect told not to wait (a delete's) returns while the direct exit check is out; the check still lands", async () => {
    const { engine, api } = await setup({ connection: active(2) });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.duringIpInfo = () => held;
    expect(await engine.disconnect({ waitForExitCheck: false })).toEqual({ ok: true });
    // Returned, and the check that cannot end before `answer()` is asked after that.
    await eventually(() => expect(api.ipInfoCalls).toBe(1));
    expect((await readStatus()).exitIp).toBeNull();
    answer();
    await eventually(async () => expect((await readStatus()).exitIp?.ip).toBe("198.51.100.50"));
  });

  it("disconnect while already direct keeps the earlier lastTokenId", async () => {
    const { engine } = await setup({ connection: { activeTokenId: null, lastTokenId: 4 } });
    await engine.disconnect();
    expect(await readConnection()).toEqual({ activeTokenId: null, lastTokenId: 4, off: false });
  });

  it("Off sends everything direct, site rules included; disconnect leaves the rules routing", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await writeState({
      siteRules: [
        {
          id: "r",
          enabled: true,
          source: { type: "pattern", text: "a.test" },
          route: { kind: "token", tokenId: 2 },
        },
      ],
    });
    calls.length = 0;
    await engine.disconnect();
    expect(ops(calls)).toEqual(["plan"]);
    calls.length = 0;
    await engine.off();
    expect(ops(calls)).toEqual(["clear"]);
    expect((await readConnection()).off).toBe(true);
    // A wake keeps it off: the rules do not come back by themselves.
    calls.length = 0;
    await engine.reconcile();
    expect(ops(calls)).toEqual(["clear"]);
    expect((await readStatus()).state).toBe("direct");
    // Choosing a token ends Off: the rules route again beside it.
    calls.length = 0;
    await engine.connect(1);
    expect(ops(calls)).toEqual(["plan"]);
    expect((await readConnection()).off).toBeUndefined();
  });

  it("toggle connects the last token, then turns Off", async () => {
    const { engine, calls } = await setup({ connection: { activeTokenId: null, lastTokenId: 2 } });
    expect(await engine.toggle()).toEqual({ ok: true });
    expect(await readConnection()).toEqual({
      activeTokenId: 2,
      lastTokenId: 2,
      recentTokenIds: [2],
    });
    expect(calls.at(-1)).toMatchObject({ op: "apply", tokenId: 2 });

    expect(await engine.toggle()).toEqual({ ok: true });
    expect(await readConnection()).toEqual({
      activeTokenId: null,
      lastTokenId: 2,
      recentTokenIds: [2],
      off: true,
    });
    expect(calls.some((c) => c.op === "clear")).toBe(true);
    expect((await readStatus()).state).toBe("direct");
  });

  it("toggle with no last token connects the first stored token", async () => {
    const { engine } = await setup();
    await engine.toggle();
    expect((await readConnection()).activeTokenId).toBe(1);
  });

  it("toggle while the last token is being deleted connects the newest token that is not", async () => {
    const { engine } = await setup({ connection: { activeTokenId: null, lastTokenId: 2 } });
    const { release } = await engine.leaveForDelete([2]);
    const toggled = engine.toggle();
    try {
      // Before the delete's answer: the deleted token's switch would wait for it.
      await eventually(async () => expect((await readConnection()).activeTokenId).toBe(1));
    } finally {
      release();
    }
    expect(await toggled).toEqual({ ok: true });
  });

  it("toggle with no tokens at all → no-tokens", async () => {
    const { engine, calls } = await setup({ tokens: [] });
    expect(await engine.toggle()).toEqual({ ok: false, failure: { code: "no-tokens" } });
    expect(calls).toEqual([]);
  });
});

describe("a delete's leave (the lifecycle asks before the provider is asked)", () => {
  /** Ten turns of the event loop: the fake storage answers within one, so work not held is done. */
  const pause = async () => {
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it("a switch to the token waits for the delete's answer: moved to the trash, token-missing and nothing applied", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    const { left, release } = await engine.leaveForDelete([2]);
    expect(left).toBeNull();
    // Not connected among the deleted: nothing to apply.
    expect(ops(calls)).toEqual([]);
    const switching = engine.connect(2);
    await pause();
    expect(ops(calls)).toEqual([]);
    await writeState({ tokens: [httpToken, socksToken, dynamicToken] }); // the lifecycle's move
    release();
    expect(await switching).toEqual({ ok: false, failure: { code: "token-missing" } });
    expect(ops(calls)).toEqual([]);
    expect(await readConnection()).toEqual(active(1));
  });

  it("the provider refused the delete: the waiting switch lands once it is answered", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    const { release } = await engine.leaveForDelete([2]);
    const switching = engine.connect(2);
    await pause();
    expect(ops(calls)).toEqual([]);
    release();
    expect(await switching).toMatchObject({ ok: true });
    expect(calls.filter((c) => c.op === "apply").map((c) => c.tokenId)).toEqual([2]);
    expect((await readConnection()).activeTokenId).toBe(2);
  });

  it("a delete of tokens not connected waits for no purchase on the wire, and applies nothing", async () => {
    const { engine, calls } = await setup({
      connection: active(1),
      // A purchase that never answers: a leave that held for it would never return.
      mutationsSettled: () => new Promise<boolean>(() => undefined),
    });
    const { left, release } = await engine.leaveForDelete([2, 3]);
    release();
    expect(left).toBeNull();
    expect(ops(calls)).toEqual([]);
    expect(await readConnection()).toEqual(active(1));
  });

  it("a switch whose token a delete left while its exit check was out: token-missing, not the check's failure", async () => {
    const { engine, api } = await setup({ connection: active(1) });
    api.duringIpInfo = async () => {
      const { release } = await engine.leaveForDelete([2]);
      await writeState({ tokens: [httpToken, socksToken, dynamicToken] }); // the lifecycle's move
      release();
    };
    api.ipInfoError = new ApiError({ kind: "http", operation: "getIpInfo", status: 407 });
    expect(await engine.connect(2)).toEqual({ ok: false, failure: { code: "token-missing" } });
    expect((await readConnection()).activeTokenId).toBeNull();
    // Still listed: the check's own failure is the answer.
    api.duringIpInfo = undefined;
    const failed = await engine.connect(1);
    expect(failed).toMatchObject({ ok: false, failure: { code: "exit-check-failed" } });
  });

  it("a switch to the token applying when the delete asks lands first, then is left (the delete's request never goes through it)", async () => {
    const { engine, calls, platform } = await setup({ connection: active(1) });
    let applied!: () => void;
    const applying = new Promise<void>((resolve) => {
      applied = resolve;
    });
    const apply = platform.apply;
    platform.apply = async (token, settings) => {
      await apply(token, settings);
      if (token.id === 2) await applying;
    };
    const switching = engine.connect(2);
    await eventually(() => expect(calls.some((c) => c.op === "apply")).toBe(true));
    const leaving = engine.leaveForDelete([2]);
    await pause();
    applied();
    const { left, release } = await leaving;
    expect(left).toBe(2);
    expect(await readConnection()).toMatchObject({
      activeTokenId: null,
      lastTokenId: 2,
      off: false,
    });
    expect(ops(calls)).toEqual(["apply", "clear"]);
    release();
    await switching;
  });
});

describe("refreshIp", () => {
  const fresh: DynamicToken = {
    id: 4,
    token: "dyn-4",
    ip: "198.51.100.99",
    port: 9100,
    username: "d4-new",
    password: "dp4-new",
    country: "Germany",
    city: "Berlin",
    network_type: "HTTP",
  };

  it.each([1, 3])("static token %i → refused, API not called", async (id) => {
    const { engine, api, calls } = await setup({ connection: active(id) });
    expect(await engine.refreshIp(id)).toEqual({ ok: false, failure: { code: "not-dynamic" } });
    expect(api.refreshCalls).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("unknown token → refused", async () => {
    const { engine, api } = await setup();
    expect(await engine.refreshIp(55)).toEqual({ ok: false, failure: { code: "not-dynamic" } });
    expect(api.refreshCalls).toEqual([]);
  });

  it("active dynamic token: stores the new address, forgets old and new endpoints, re-applies", async () => {
    const { engine, api, calls } = await setup({ connection: active(4) });
    api.refreshAnswer = fresh;
    api.exitIp = "198.51.100.99";
    expect(await engine.refreshIp(4)).toEqual({ ok: true });

    expect(api.refreshCalls).toEqual([{ id: 4, refresh_url: dynamicToken.refreshUrl }]);
    const stored = (await readTokens()).find((t) => t.id === 4);
    expect(stored).toEqual({
      ...dynamicToken,
      host: "198.51.100.99",
      port: 9100,
      ip: "198.51.100.99",
      username: "d4-new",
      password: "dp4-new",
    });
    expect(calls).toEqual([
      {
        op: "forget",
        ids: [4, 4],
        endpoints: ["198.51.100.23:9000", "198.51.100.99:9100"],
        storedActiveId: 4,
      },
      {
        op: "apply",
        tokenId: 4,
        endpoint: "198.51.100.99:9100",
        username: "d4-new",
        bypassList: ["<-loopback>"],
      },
    ]);
    expect(await readStatus()).toMatchObject({
      state: "connected",
      tokenId: 4,
      exitIp: { ip: "198.51.100.99", viaTokenId: 4 },
    });
  });

  it("a refresh URL left empty is sent as undefined (the client rebuilds it)", async () => {
    const { engine, api } = await setup({ tokens: [{ ...dynamicToken, refreshUrl: "" }] });
    api.refreshAnswer = fresh;
    await engine.refreshIp(4);
    expect(api.refreshCalls).toEqual([{ id: 4, refresh_url: undefined }]);
  });

  it("an inactive dynamic token is stored but nothing is applied", async () => {
    const { engine, api, calls } = await setup({ connection: active(1) });
    api.refreshAnswer = fresh;
    expect(await engine.refreshIp(4)).toEqual({ ok: true });
    expect((await readTokens()).find((t) => t.id === 4)?.ip).toBe("198.51.100.99");
    expect(calls).toEqual([]);
    expect(api.ipInfoCalls).toBe(0);
  });

  it("an answer whose address no config can carry → refresh-failed, token unchanged, nothing applied", async () => {
    const { engine, api, calls } = await setup({ connection: active(4) });
    api.refreshAnswer = { ...fresh, ip: "not an address" };
    expect(await engine.refreshIp(4)).toEqual({
      ok: false,
      failure: { code: "refresh-failed", cause: "api-schema" },
    });
    expect((await readTokens()).find((t) => t.id === 4)).toEqual(dynamicToken);
    expect(calls).toEqual([]);
  });

  it("an API failure → refresh-failed with the API's cause, token unchanged, nothing applied", async () => {
    const { engine, api, calls } = await setup({ connection: active(4) });
    const error = new ApiError({ kind: "http", operation: "refreshDynamicIp", status: 403 });
    api.refreshError = error;
    expect(await engine.refreshIp(4)).toEqual({
      ok: false,
      failure: { code: "refresh-failed", cause: "api-forbidden" },
    });
    expect((await readTokens()).find((t) => t.id === 4)).toEqual(dynamicToken);
    expect(calls).toEqual([]);
  });
});

describe("a login changed through any door (an edit, a backup, sync)", () => {
  it("the next reconcile drops the browser's cached copy of the old login, once", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await engine.reconcile();
    expect(calls.filter((c) => c.op === "forget")).toEqual([]);
    const [first, ...rest] = await readTokens();
    if (!first) throw new Error("a token");
    await writeState({ tokens: [{ ...first, password: "changed" }, ...rest] });
    await engine.reconcile();
    expect(calls.filter((c) => c.op === "forget")).toMatchObject([{ ids: [1] }]);
    await engine.reconcile();
    expect(calls.filter((c) => c.op === "forget")).toHaveLength(1);
  });
});

describe("refusals and recoveries the auth responder reports", () => {
  it("the connected token's login refused: its cached copies go first, then the status says so", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await engine.reconcile();
    await engine.reportRefusal(httpToken);
    expect(calls.filter((c) => c.op === "forget")).toMatchObject([{ ids: [1] }]);
    expect(await readStatus()).toMatchObject({
      state: "error",
      tokenId: 1,
      error: { failure: { code: "credentials-refused" } },
    });
  });

  it("refused while a purchase is on the wire (its own request may be the one refused): said at once, the copies go once it lands", async () => {
    let onWire: Promise<boolean> = Promise.resolve(false);
    const { engine, calls } = await setup({
      connection: active(1),
      mutationsSettled: () => onWire,
    });
    await engine.reconcile();
    let land = () => {};
    onWire = new Promise((resolve) => {
      land = () => resolve(true);
    });
    // The purchase's request waits for this report before it is cancelled: were the report
    // to wait for the purchase, neither would end (this test would time out).
    await engine.reportRefusal(httpToken);
    expect(await readStatus()).toMatchObject({
      state: "error",
      error: { failure: { code: "credentials-refused" } },
    });
    expect(calls.filter((c) => c.op === "forget")).toEqual([]);
    land();
    await eventually(() =>
      expect(calls.filter((c) => c.op === "forget")).toMatchObject([{ ids: [1] }]),
    );
  });

  it("a site rule's token refused: its copies go, the connected token is not blamed", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await engine.reconcile();
    const before = await readStatus();
    await engine.reportRefusal(otherHttpToken);
    expect(calls.filter((c) => c.op === "forget")).toMatchObject([{ ids: [otherHttpToken.id] }]);
    expect(await readStatus()).toEqual(before);
  });

  it("a request through the token that works clears the error shown for it; another token's changes nothing", async () => {
    const refusedStatus: ProxyStatus = {
      ...DEFAULT_STATUS,
      state: "error",
      tokenId: 1,
      error: { failure: { code: "credentials-refused" }, at: NOW },
    };
    const { engine } = await setup({ connection: active(1), status: refusedStatus });
    await engine.loginWorks(otherHttpToken);
    expect(await readStatus()).toEqual(refusedStatus);
    await engine.loginWorks(httpToken);
    expect(await readStatus()).toMatchObject({ state: "connected", tokenId: 1, error: null });
  });

  it("Check after a refusal lets the password be sent once more (it may be mended)", async () => {
    await writeState({ settings: SETTINGS, tokens: [httpToken] });
    await saveConnection(active(1));
    await writeState({
      status: {
        ...DEFAULT_STATUS,
        state: "error",
        tokenId: 1,
        error: { failure: { code: "credentials-refused" }, at: NOW },
      },
    });
    let retried = 0;
    const fake = fakePlatform(false);
    const engine = createEngine({
      platform: fake.platform,
      api: fakeApi().factory,
      now: () => NOW,
      loginRetried: () => retried++,
    });
    await engine.checkExitIp();
    expect(retried).toBe(1);
  });
});

describe("reportProxyProblem", () => {
  it("with no active token does nothing", async () => {
    const { engine, badges } = await setup();
    await engine.reportProxyProblem({ code: "proxy-unreachable", host: "gw.example.net:8000" });
    expect(await readStatus()).toEqual(DEFAULT_STATUS);
    expect(badges).toEqual([]);
  });

  const unreachable = { code: "proxy-unreachable", host: "gw.example.net:8000" } as const;

  it("a browser proxy error while requests through the token work is not blamed on it", async () => {
    const { engine, api } = await setup({ connection: active(1) });
    await engine.reconcile();
    await engine.reportProxyProblem(unreachable);
    expect(api.ipInfoCalls).toBe(1);
    expect(await readStatus()).toMatchObject({ state: "connected", tokenId: 1, error: null });
  });

  it("when the check through the token fails too, the browser's reason is stored and shown", async () => {
    const { engine, api, badges } = await setup({ connection: active(1) });
    await engine.reconcile();
    api.ipInfoError = new ApiError({ kind: "network", operation: "getIpInfo" });
    await engine.reportProxyProblem(unreachable);
    expect(await readStatus()).toMatchObject({
      state: "error",
      tokenId: 1,
      error: { failure: unreachable, at: NOW },
    });
    expect(badges.at(-1)?.badge).toMatchObject({
      text: "!",
      title: expect.stringContaining("gw.example.net:8000 cannot be reached"),
    });
  });

  it("when the provider answers the check through the token with an error of its own, the token is not blamed", async () => {
    const { engine, api } = await setup({ connection: active(1) });
    await engine.reconcile();
    const before = await readStatus();
    api.ipInfoError = new ApiError({ kind: "http", operation: "getIpInfo", status: 500 });
    await engine.reportProxyProblem(unreachable);
    expect(api.ipInfoCalls).toBe(1);
    expect(await readStatus()).toMatchObject({ state: before.state, error: null });
  });

  it("forty failing requests ask one question", async () => {
    const { engine, api } = await setup({ connection: active(1) });
    await engine.reconcile();
    api.ipInfoError = new ApiError({ kind: "network", operation: "getIpInfo" });
    await Promise.all(Array.from({ length: 40 }, () => engine.reportProxyProblem(unreachable)));
    expect(api.ipInfoCalls).toBe(1);
  });

  it("refused credentials are evidence at once, and a later tunnel failure does not hide them", async () => {
    const { engine, api } = await setup({ connection: active(1) });
    await engine.reconcile();
    await engine.reportProxyProblem({ code: "credentials-refused" });
    expect(api.ipInfoCalls).toBe(0);
    await engine.reportProxyProblem(unreachable);
    expect(await readStatus()).toMatchObject({
      state: "error",
      error: { failure: { code: "credentials-refused" } },
    });
    expect(api.ipInfoCalls).toBe(0);
  });

  it("while traffic is blocked on purpose, failing requests change nothing and ask nothing", async () => {
    const { engine, api } = await setup({ connection: active(99) });
    await engine.reconcile();
    await engine.reportProxyProblem(unreachable);
    expect(api.ipInfoCalls).toBe(0);
    expect(await readStatus()).toMatchObject({
      state: "blocked",
      error: { failure: { code: "token-missing" } },
    });
  });
});

describe("fail closed", () => {
  it.each([
    { name: "expired", token: { ...httpToken, expiresAt: NOW - 1 }, code: "token-expired" },
    { name: "address pending", token: { ...dynamicToken, host: "" }, code: "address-pending" },
  ])(
    "an active token that is $name blocks traffic with the provider exempt",
    async ({ token, code }) => {
      const { engine, calls } = await setup({ tokens: [token], connection: active(token.id) });
      expect(await engine.reconcile()).toMatchObject({
        state: "blocked",
        tokenId: token.id,
        error: { failure: { code } },
      });
      expect(calls).toEqual([{ op: "block", providerHost: "api.example.test" }]);
      // The choice stays: only the user goes direct.
      expect(await readConnection()).toEqual(active(token.id));
    },
  );

  it("a config the browser refuses blocks too", async () => {
    const { engine, platform, calls } = await setup({ connection: active(1) });
    platform.apply = async () => {
      throw new Error("Invalid proxy host");
    };
    expect(await engine.reconcile()).toMatchObject({
      state: "blocked",
      error: { failure: { code: "config-failed", detail: "Error: Invalid proxy host" } },
    });
    expect(ops(calls)).toEqual(["block"]);
  });

  it("with 'fall back to direct' chosen, the same goes direct and says why", async () => {
    const { engine, calls } = await setup({
      connection: active(99),
      settings: { ...SETTINGS, fallbackDirect: true },
    });
    expect(await engine.reconcile()).toMatchObject({
      state: "error",
      error: { failure: { code: "token-missing" } },
    });
    expect(ops(calls)).toEqual(["clear"]);
  });

  it("an unusable token is refused on connect and the current route stays", async () => {
    const expired = { ...otherHttpToken, expiresAt: NOW - 1 };
    const { engine, calls } = await setup({
      tokens: [httpToken, expired],
      connection: active(1),
    });
    expect(await engine.connect(2)).toEqual({ ok: false, failure: { code: "token-expired" } });
    expect(calls).toEqual([]);
    expect(await readConnection()).toEqual(active(1));
  });

  it("only disconnect lifts a block: then traffic goes direct", async () => {
    const { engine, calls } = await setup({ connection: active(99) });
    await engine.reconcile();
    await engine.disconnect();
    expect(ops(calls)).toEqual(["block", "clear"]);
    expect(await readStatus()).toMatchObject({ state: "direct", error: null });
  });
});

describe("Check after a refused login", () => {
  it("drops the gateway's connections first, so an old tunnel cannot vouch for the token", async () => {
    const { engine, calls, api } = await setup({
      connection: active(1),
      status: {
        ...DEFAULT_STATUS,
        state: "error",
        tokenId: 1,
        error: { failure: { code: "credentials-refused" }, at: 1 },
      },
    });
    api.duringIpInfo = async () => {
      expect(ops(calls)).toEqual(["forget"]);
    };
    await engine.checkExitIp();
    expect(calls[0]).toMatchObject({ op: "forget", ids: [1] });
    expect(api.ipInfoCalls).toBe(1);
  });

  it("a plain Check keeps the connections", async () => {
    const { engine, calls } = await setup({ connection: active(1) });
    await engine.checkExitIp();
    expect(calls).toEqual([]);
  });
});

describe("exit check through a bypass", () => {
  it("is labelled direct: the token is not marked connected and its IP not filled", async () => {
    const fresh = { ...httpToken, ip: "" };
    const { engine, state } = await setup({ tokens: [fresh], connection: active(1) });
    state.bypassed = ["api.example.test"];
    await engine.reconcile();
    expect(await engine.checkExitIp()).toEqual({ ok: true });
    expect(await readStatus()).toMatchObject({
      state: "checking",
      exitIp: { ip: "198.51.100.50", viaTokenId: null },
    });
    expect((await readTokens())[0]?.ip).toBe("");
  });
});

describe("badge", () => {
  it("is set on every status write and always matches the stored status", async () => {
    const { engine, badges, api } = await setup({ socks: false });
    const tokenFor = async (status: ProxyStatus) =>
      (await readTokens()).find((t) => t.id === status.tokenId);
    const steps: [string, () => Promise<unknown>][] = [
      ["reconcile", () => engine.reconcile()],
      ["connect", () => engine.connect(1)],
      ["problem", () => engine.reportProxyProblem({ code: "credentials-refused" })],
      ["check", () => engine.checkExitIp()],
      [
        "failing check",
        () => {
          api.ipInfoError = new ApiError({ kind: "network", operation: "getIpInfo" });
          return engine.checkExitIp();
        },
      ],
      ["disconnect", () => engine.disconnect()],
      ["missing", () => saveConnection(active(99)).then(() => engine.reconcile())],
    ];
    for (const [name, step] of steps) {
      const before = badges.length;
      await step();
      const status = await readStatus();
      expect(badges.length, name).toBeGreaterThan(before);
      expect(badges.at(-1)?.status, name).toEqual(status);
      expect(badges.at(-1)?.badge, name).toEqual(badgeFor(status, await tokenFor(status)));
    }
    expect(badges.map((b) => b.badge.text)).toContain("US");
    expect(badges.map((b) => b.badge.text)).toContain("!");
  });
});

describe("site rules", () => {
  const rule = (id: string, route: SiteRule["route"], enabled = true): SiteRule => ({
    id,
    enabled,
    source: { type: "pattern", text: `${id}.example` },
    route,
  });
  const rules = [
    rule("a", { kind: "token", tokenId: 1 }),
    rule("b", { kind: "token", tokenId: 2 }),
    rule("gone", { kind: "token", tokenId: 99 }),
    rule("d", { kind: "block" }),
    rule("off", { kind: "direct" }, false),
  ];

  it("with rules on, one config routes each rule and the default (the connected token)", async () => {
    const t = await setup({ connection: active(4) });
    await writeState({ siteRules: rules });
    await t.engine.reconcile();
    expect(t.calls).toEqual([
      {
        op: "plan",
        fallback: "198.51.100.23:9000",
        routes: ["a→gw.example.net:8000", "b→gw.example.net.:8000", "gone→block", "d→block"],
      },
    ]);
  });

  it("with rules on and nothing connected, the default is direct, not a cleared setting", async () => {
    const t = await setup({ connection: active(null) });
    await writeState({ siteRules: [rules[0] as SiteRule] });
    const status = await t.engine.reconcile();
    expect(ops(t.calls)).toEqual(["plan"]);
    expect(t.calls[0]).toMatchObject({ fallback: "direct" });
    expect(status.state).toBe("direct");
  });

  it("with nothing connected, a rules config the browser refuses blocks, and the status says so", async () => {
    const t = await setup({ connection: active(null) });
    await writeState({ siteRules: [rules[0] as SiteRule] });
    t.platform.applyPlan = async () => {
      throw new Error("Invalid PAC script");
    };
    const status = await t.engine.reconcile();
    expect(ops(t.calls)).toEqual(["block"]);
    expect(status).toMatchObject({
      state: "blocked",
      tokenId: null,
      error: { failure: { code: "rules-config-failed", detail: "Error: Invalid PAC script" } },
    });
  });

  it("only disabled rules: as without rules", async () => {
    const t = await setup({ connection: active(1) });
    await writeState({ siteRules: [rules[4] as SiteRule] });
    await t.engine.reconcile();
    expect(ops(t.calls)).toEqual(["apply"]);
  });

  it("an unusable connected token still blocks everything (fail closed), rules or not", async () => {
    const t = await setup({ connection: active(3) }); // SOCKS5 on Chrome
    await writeState({ siteRules: rules });
    const status = await t.engine.reconcile();
    expect(ops(t.calls)).toEqual(["block"]);
    expect(status.state).toBe("blocked");
  });

  it("'fall back to direct': only the default goes direct, the rules still hold", async () => {
    const t = await setup({
      connection: active(3), // SOCKS5 on Chrome: unusable
      settings: { ...SETTINGS, fallbackDirect: true },
    });
    await writeState({ siteRules: rules });
    const status = await t.engine.reconcile();
    expect(t.calls).toEqual([
      {
        op: "plan",
        fallback: "direct",
        routes: ["a→gw.example.net:8000", "b→gw.example.net.:8000", "gone→block", "d→block"],
      },
    ]);
    expect(status.error?.failure.code).toBe("socks5-unsupported");
  });

  it("a change of rules re-applies; only a spelling that now stands for another token has its cached login dropped (saving cuts nothing else)", async () => {
    const t = await setup({ connection: active(null) });
    await writeState({ siteRules: [rule("a", { kind: "token", tokenId: 1 })] });
    await t.engine.rulesChanged();
    // Another site through the same token: its gateway spelling keeps its login.
    t.calls.length = 0;
    await writeState({ siteRules: [rule("a2", { kind: "token", tokenId: 1 })] });
    await t.engine.rulesChanged();
    expect(ops(t.calls)).toEqual(["plan"]);
    // Token 2 (same gateway) takes the spelling that holds no login: token 1's stays.
    t.calls.length = 0;
    await writeState({ siteRules: [rule("b", { kind: "token", tokenId: 2 })] });
    await t.engine.rulesChanged();
    expect(t.calls).toEqual([
      { op: "plan", fallback: "direct", routes: ["b→gw.example.net.:8000"] },
    ]);
    // A third token on that gateway: a spelling must change token, and only that one's
    // cached login goes (the gateway's other spelling keeps its login and its requests).
    await writeState({
      tokens: [...(await readTokens()), makeToken({ id: 9, host: "gw.example.net", port: 8000 })],
    });
    t.calls.length = 0;
    await writeState({ siteRules: [rule("c", { kind: "token", tokenId: 9 })] });
    await t.engine.rulesChanged();
    expect(ops(t.calls)).toEqual(["forget-at", "plan"]);
    expect(t.calls[0]).toEqual({ op: "forget-at", endpoints: ["gw.example.net:8000"] });
  });
});

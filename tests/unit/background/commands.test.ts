import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  type ApiClient,
  ApiError,
  dynamicIpTokenSchema,
  dynamicTrafficTokenSchema,
  type StaticToken,
  staticTokenSchema,
} from "../../../lib/api";
import { readEachToken } from "../../../lib/api/created-tokens";
import { createCommandHandler } from "../../../lib/background/commands";
import type { ParsedCommand } from "../../../lib/protocol/commands";
import { parseCommand } from "../../../lib/protocol/parse-command";
import type { Engine } from "../../../lib/proxy/engine";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import type { TokenKind } from "../../../lib/state/token-facts";
import type { StoredToken } from "../../../lib/state/tokens";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import * as samples from "../api/samples";
import { makeToken } from "../stored-token";

const NOW = 1_770_000_000_000;
const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://api.example.test",
  auth: { kind: "bearer", accessToken: "secret" },
};
const NO_CREDENTIALS = { ok: false, failure: { code: "no-credentials" } };
const INTERNAL = { ok: false, failure: { code: "internal" } };
const readTokens = () => read("tokens");
const readSettings = () => read("settings");
const saveSettings = (settings: Settings) => writeState({ settings });

const staticTokens: StaticToken[] = [
  staticTokenSchema.parse(samples.staticTokenEmptyIp),
  staticTokenSchema.parse({ ...samples.staticToken, id: 104 }),
];
const dynamicIpAnswer = {
  // Asked for 3, the provider made 1.
  total_count: 3,
  success_count: 1,
  ...readEachToken(dynamicIpTokenSchema, samples.dynamicIpCreateResponse.tokens),
};
const dynamicTrafficAnswer = {
  total_count: samples.dynamicTrafficCreateResponse.total_count,
  success_count: samples.dynamicTrafficCreateResponse.success_count,
  ...readEachToken(dynamicTrafficTokenSchema, samples.dynamicTrafficCreateResponse.tokens),
};

/** API fake: records each create call and whether the token list was stored at that time. */
function fakeApi() {
  const calls: { operation: string; params: unknown }[] = [];
  const state = { error: undefined as unknown };
  const answer = async <T>(operation: string, params: unknown, value: T): Promise<T> => {
    calls.push({ operation, params });
    if (state.error !== undefined) throw state.error;
    return value;
  };
  const client = {
    createStaticIp: (params: unknown) =>
      answer("createStaticIp", params, { tokens: staticTokens, unreadable: [] }),
    createStaticTraffic: (params: unknown) =>
      answer("createStaticTraffic", params, {
        tokens: [staticTokenSchema.parse(samples.staticTrafficToken)],
        unreadable: [],
      }),
    createDynamicIp: (params: unknown) => answer("createDynamicIp", params, dynamicIpAnswer),
    createDynamicTraffic: (params: unknown) =>
      answer("createDynamicTraffic", params, dynamicTrafficAnswer),
  };
  const settingsSeen: Settings[] = [];
  return {
    calls,
    state,
    settingsSeen,
    factory: (settings: Settings) => {
      settingsSeen.push(settings);
      return client as unknown as ApiClient;
    },
  };
}

/** Engine fake for the pass-through commands: records calls, answers what it is told. */
function fakeEngine(result: Awaited<ReturnType<Engine["connect"]>> = { ok: true }) {
  const calls: string[] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args].join(" "));
      return result;
    };
  const engine = {
    connect: record("connect"),
    disconnect: record("disconnect"),
    toggle: record("toggle"),
    refreshIp: record("refreshIp"),
    checkExitIp: record("checkExitIp"),
    reconcile: async () => {
      throw new Error("not used by commands");
    },
    reportProxyProblem: async () => {},
    syncBadge: async () => {
      calls.push("syncBadge");
    },
  } as unknown as Engine;
  return { engine, calls };
}

function create(kind: TokenKind, params: Record<string, unknown> = {}): ParsedCommand {
  const command = parseCommand({
    type: "createTokens",
    kind,
    params: { number: 1, country_id: 7, ...params },
    countryCode: "us",
  });
  if (!command) throw new Error("test command does not parse");
  return command;
}

function setup(engineResult?: Awaited<ReturnType<Engine["connect"]>>) {
  const api = fakeApi();
  const engine = fakeEngine(engineResult);
  const handle = createCommandHandler({ engine: engine.engine, api: api.factory, now: () => NOW });
  return { handle, api, engine };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("createTokens", () => {
  it.each([
    { name: "no settings at all", settings: undefined },
    { name: "no base URL", settings: { ...SETTINGS, baseUrl: "" } },
    { name: "no credentials", settings: { ...SETTINGS, auth: null } },
  ])("$name → the Options-first sentence, API not called", async ({ settings }) => {
    if (settings) await saveSettings(settings);
    const { handle, api } = setup();
    expect(await handle(create("static-ip"))).toEqual(NO_CREDENTIALS);
    expect(api.calls).toEqual([]);
    expect(await readTokens()).toEqual([]);
  });

  it.each([
    {
      kind: "static-ip",
      operation: "createStaticIp",
      ids: [102, 104],
      networkType: "SOCKS5",
      requested: 2,
    },
    {
      kind: "static-traffic",
      operation: "createStaticTraffic",
      ids: [103],
      networkType: "SOCKS5",
      requested: 2,
    },
    {
      kind: "dynamic-ip",
      operation: "createDynamicIp",
      ids: [201],
      networkType: "HTTP",
      requested: 3,
    },
    {
      kind: "dynamic-traffic",
      operation: "createDynamicTraffic",
      ids: [202],
      networkType: "SOCKS5",
      requested: 1,
    },
  ] as const)(
    "$kind: normalised and stored before the reply",
    async ({ kind, operation, ids, networkType, requested }) => {
      await saveSettings(SETTINGS);
      const { handle, api } = setup();
      const reply = await handle(create(kind, { number: 2, network_type: "SOCKS5" }));

      expect(api.calls.map((c) => c.operation)).toEqual([operation]);
      expect(reply.ok).toBe(true);
      const data = (
        reply as { ok: true; data: { tokens: StoredToken[]; requested: number; created: number } }
      ).data;
      expect(data.tokens.map((t) => t.id)).toEqual(ids);
      expect(data.created).toBe(ids.length);
      expect(data.requested).toBe(requested);
      for (const token of data.tokens) {
        expect(token.kind).toBe(kind);
        expect(token.countryCode).toBe("us");
        expect(token.createdAt).toBe(NOW);
        // Static kinds take the requested network type; dynamic ones report their own.
        expect(token.networkType).toBe(networkType);
      }
      // By the time the reply exists, storage already holds the tokens.
      expect(await readTokens()).toEqual(data.tokens);
    },
  );

  it("dynamic tokens get their IP as host; static ones keep the gateway", async () => {
    await saveSettings(SETTINGS);
    const { handle } = setup();
    await handle(create("dynamic-ip"));
    await handle(create("static-ip"));
    const byId = new Map((await readTokens()).map((t) => [t.id, t]));
    expect(byId.get(201)?.host).toBe(samples.dynamicIpToken.ip);
    expect(byId.get(102)?.host).toBe(samples.staticToken.host);
    expect(byId.get(102)?.ip).toBe("");
    expect(byId.get(102)?.expiresAt).toBe(samples.staticToken.expired_on * 1000);
  });

  it.each(["static-traffic", "dynamic-traffic"] as const)(
    "%s: a payment plan is not passed to the traffic create",
    async (kind) => {
      await saveSettings(SETTINGS);
      const { handle, api } = setup();
      await handle(create(kind, { payway_id: 5 }));
      expect(api.calls[0]?.params).not.toHaveProperty("payway_id");
      expect(api.calls[0]?.params).toMatchObject({ number: 1, country_id: 7 });
    },
  );

  it.each(["static-ip", "dynamic-ip"] as const)(
    "%s: the payment plan is passed on",
    async (kind) => {
      await saveSettings(SETTINGS);
      const { handle, api } = setup();
      await handle(create(kind, { payway_id: 5 }));
      expect(api.calls[0]?.params).toMatchObject({ payway_id: 5 });
    },
  );

  it("new tokens go first; existing ones are kept, a re-sent id replaced not duplicated", async () => {
    await saveSettings(SETTINGS);
    const existing = [makeToken({ id: 1 }), makeToken({ id: 104, name: "old copy" })];
    await writeState({ tokens: existing });
    const { handle } = setup();
    await handle(create("static-ip"));
    const tokens = await readTokens();
    expect(tokens.map((t) => t.id)).toEqual([102, 104, 1]);
    expect(tokens.find((t) => t.id === 104)?.name).toBe("");
  });

  it("an ApiError → its failure code, storage unchanged", async () => {
    await saveSettings(SETTINGS);
    const existing = [makeToken({ id: 1 })];
    await writeState({ tokens: existing });
    const { handle, api, engine } = setup();
    const error = new ApiError({ kind: "http", operation: "x", status: 401 });
    api.state.error = error;
    for (const kind of ["static-ip", "dynamic-traffic"] as const) {
      expect(await handle(create(kind))).toEqual({
        ok: false,
        failure: { code: "api-unauthorized" },
      });
    }
    expect(await readTokens()).toEqual(existing);
    // Kept for a popup closed meanwhile, on the badge too, until the popup that shows it says so.
    expect(await read("unseenFailure")).toEqual({
      source: "create",
      failure: { code: "api-unauthorized" },
      at: NOW,
    });
    expect(engine.calls).toContain("syncBadge");
    await handle({ type: "dismissUnseenFailure", source: "toggle" });
    expect(await read("unseenFailure")).not.toBeNull();
    await handle({ type: "dismissUnseenFailure", source: "create" });
    expect(await read("unseenFailure")).toBeNull();
  });

  it("an unexpected throw → the internal failure, no internals leaked", async () => {
    await saveSettings(SETTINGS);
    const { handle, api } = setup();
    api.state.error = new TypeError("cannot read secret_field of undefined");
    const reply = await handle(create("dynamic-ip"));
    expect(reply).toEqual(INTERNAL);
    expect(await readTokens()).toEqual([]);
  });

  it("the API client is built from the stored settings", async () => {
    await saveSettings(SETTINGS);
    const { handle, api } = setup();
    await handle(create("static-ip"));
    expect(api.settingsSeen).toEqual([SETTINGS]);
  });
});

describe("other commands", () => {
  it("addProxies stamps the added proxies with the handler's clock", async () => {
    const { handle } = setup();
    const reply = await handle({ type: "addProxies", text: "gw.example.net:8000:user:pw" });
    expect(reply.ok).toBe(true);
    expect((await readTokens()).map((t) => t.createdAt)).toEqual([NOW]);
  });

  it("patchSettings changes the fields given and keeps the others", async () => {
    await saveSettings(SETTINGS);
    const { handle } = setup();
    const reply = await handle({ type: "patchSettings", patch: { plan: "basic" } });
    expect(reply).toEqual({ ok: true, data: { rejected: [] } });
    expect(await readSettings()).toEqual({ ...SETTINGS, plan: "basic" });
  });

  it("patchSettings: an invalid field is reported, the valid ones land, credentials stay", async () => {
    await saveSettings(SETTINGS);
    const { handle } = setup();
    const reply = await handle({
      type: "patchSettings",
      patch: { autoRefreshMinutes: -5, auth: { kind: "bearer" }, language: "zh_CN" },
    });
    expect(reply).toEqual({ ok: true, data: { rejected: ["auth", "autoRefreshMinutes"] } });
    expect(await readSettings()).toEqual({ ...SETTINGS, language: "zh_CN" });
  });

  it("patchSettings: a bypass entry the browser would reject is refused; the other fields land", async () => {
    await saveSettings(SETTINGS);
    const { handle } = setup();
    const reply = await handle({
      type: "patchSettings",
      patch: { bypassList: ["<local>", "bad entry"], warnDays: 4 },
    });
    expect(reply).toEqual({ ok: true, data: { rejected: ["bypassList"] } });
    expect(await readSettings()).toEqual({ ...SETTINGS, warnDays: 4 });
  });

  it.each([
    { command: { type: "connect", tokenId: 5 }, call: "connect 5" },
    { command: { type: "disconnect" }, call: "disconnect" },
    { command: { type: "toggle" }, call: "toggle" },
    { command: { type: "refreshIp", tokenId: 9 }, call: "refreshIp 9" },
    { command: { type: "checkExitIp" }, call: "checkExitIp" },
  ] as const)("$command.type goes to the engine", async ({ command, call }) => {
    const ok = setup();
    expect(await ok.handle(command)).toEqual({ ok: true, data: null });
    expect(ok.engine.calls).toEqual([call]);

    const failing = setup({ ok: false, failure: { code: "socks5-unsupported" } });
    expect(await failing.handle(command)).toEqual({
      ok: false,
      failure: { code: "socks5-unsupported" },
    });
  });
});

/**
 * Firefox's request routing as glue (a recording stand-in for Firefox's listener API, real
 * extension storage from fakeBrowser): a request keeps the token it was sent through, so its
 * headers and its proxy challenge use that login even when the route changes while it is on
 * its way. Before, the headers came from the new route: the old gateway challenged the
 * request, the challenge matched no token, and Firefox showed its login dialog.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { FirefoxProxyInfo, RequestHeader } from "../../../lib/proxy/config";
import { createFirefoxRouting, type FirefoxApi } from "../../../lib/proxy/firefox";
import { planRouting } from "../../../lib/routing/plan";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";

type Listener = (details: never) => unknown;

/** Firefox's events as the routing registers on them; the test calls the listeners. */
function recordingFirefox() {
  const listeners: Record<string, Listener> = {};
  const event = (name: string) => ({
    addListener: (listener: Listener) => {
      listeners[name] = listener;
    },
    removeListener: (listener: Listener) => {
      if (listeners[name] === listener) delete listeners[name];
    },
  });
  const api = {
    webRequest: {
      onBeforeSendHeaders: event("headers"),
      onHeadersReceived: event("received"),
      onErrorOccurred: event("error"),
      onAuthRequired: event("auth"),
    },
    proxy: {
      onRequest: event("request"),
      onError: event("proxyError"),
      settings: { get: async () => ({ levelOfControl: "controllable_by_this_extension" }) },
    },
    action: {
      setBadgeText: async () => undefined,
      setBadgeBackgroundColor: async () => undefined,
      setTitle: async () => undefined,
    },
  } as unknown as FirefoxApi;
  const call = <T>(name: string, details: object) =>
    (listeners[name] as (details: object) => T)(details);
  return { api, call };
}

/**
 * The routing with its listeners registered (the auth answer is not what is tested here;
 * `refused` names the token ids whose login the proxy refused).
 */
function registeredRouting(refused: number[] = []) {
  const { api, call } = recordingFirefox();
  const firefox = createFirefoxRouting(api);
  firefox.register(() => undefined, {
    answer: async () => ({}),
    settled: () => undefined,
    onOutcomesWanted: () => undefined,
    isRefused: (token: StoredToken) => refused.includes(token.id),
  } as never);
  return { firefox, call };
}

const basic = (t: StoredToken) => `Basic ${btoa(`${t.username}:${t.password}`)}`;

async function connect(token: StoredToken) {
  await fakeBrowser.storage.local.set({
    tokens: [token],
    connection: { activeTokenId: token.id, lastTokenId: token.id },
    settings: { ...DEFAULT_SETTINGS, bypassList: [] },
  });
}

beforeEach(() => fakeBrowser.reset());

describe("Firefox routing: a request keeps the token it was sent through", () => {
  it("its headers carry that token's login while the route changes under it", async () => {
    const before = makeToken({ id: 5, host: "127.0.0.1", port: 8000 });
    await connect(before);
    const { firefox, call } = registeredRouting();
    await firefox.platform.apply(before, DEFAULT_SETTINGS);
    const via = (await call<Promise<FirefoxProxyInfo>>("request", {
      url: "http://site.example/",
      requestId: "r1",
    })) as FirefoxProxyInfo;
    expect(via).toMatchObject({ host: "127.0.0.1", port: 8000 });

    // The token moves (another port) and the engine re-applies: the new route is on its way.
    const moved = { ...before, port: 9 };
    await connect(moved);
    const applying = firefox.platform.apply(moved, DEFAULT_SETTINGS);
    const answer = (await call<Promise<{ requestHeaders?: RequestHeader[] }>>("headers", {
      requestId: "r1",
      requestHeaders: [],
      proxyInfo: via,
    })) as { requestHeaders?: RequestHeader[] };
    expect(answer.requestHeaders).toContainEqual({
      name: "Proxy-Authorization",
      value: basic(before),
    });
    // Its challenge is answered as the token it went through, never left to a dialog.
    expect(firefox.tokenOfRequest("r1")).toMatchObject({ id: 5, port: 8000 });
    await applying;

    // A request after the change goes to the new port.
    const next = await call<Promise<FirefoxProxyInfo>>("request", {
      url: "http://site.example/",
      requestId: "r2",
    });
    expect(next).toMatchObject({ host: "127.0.0.1", port: 9 });
    expect(firefox.tokenOfRequest("r2")).toMatchObject({ port: 9 });
  });

  it("a refused login: a request on its way does not send it (not even Firefox's own cached copy), a new one goes nowhere", async () => {
    const token = makeToken({ id: 6, host: "127.0.0.1", port: 8000 });
    await connect(token);
    const refused: number[] = [];
    const { firefox, call } = registeredRouting(refused);
    await firefox.platform.apply(token, DEFAULT_SETTINGS);
    const via = await call<Promise<FirefoxProxyInfo>>("request", {
      url: "http://site.example/",
      requestId: "r4",
    });
    expect(via).toMatchObject({ host: "127.0.0.1", port: 8000 });
    refused.push(6);
    const cached = { name: "proxy-authorization", value: basic(token) };
    const answer = await call<Promise<{ requestHeaders?: RequestHeader[] }>>("headers", {
      requestId: "r4",
      requestHeaders: [{ name: "Accept", value: "*/*" }, cached],
      proxyInfo: via,
    });
    expect(answer.requestHeaders).toEqual([{ name: "Accept", value: "*/*" }]);
    const next = await call<Promise<FirefoxProxyInfo>>("request", {
      url: "http://site.example/",
      requestId: "r5",
    });
    expect(next).toMatchObject({ host: "127.0.0.1", port: 9 });
    expect(firefox.tokenOfRequest("r5")).toBeNull();
  });

  it("a request that goes direct is remembered as no token's", async () => {
    const { firefox, call } = registeredRouting();
    await firefox.platform.clear();
    expect(await call("request", { url: "http://site.example/", requestId: "r3" })).toEqual({
      type: "direct",
    });
    expect(firefox.tokenOfRequest("r3")).toBeNull();
  });
});

describe("Firefox routing: registration", () => {
  it("the proxy listener comes first: a listener after it that cannot be added leaves routing in place", () => {
    const { api } = recordingFirefox();
    let routed = false;
    const broken = {
      ...api,
      proxy: {
        ...api.proxy,
        onRequest: {
          addListener: () => {
            routed = true;
          },
          removeListener: () => undefined,
        },
        onError: {
          addListener: () => {
            throw new Error("not in this Firefox");
          },
        },
      },
    } as unknown as FirefoxApi;
    const firefox = createFirefoxRouting(broken);
    expect(() => firefox.register(() => undefined, {} as never)).toThrow("not in this Firefox");
    expect(routed).toBe(true);
  });
});

describe("Firefox routing: the engine's plan, decided once", () => {
  it("at wake, a request before the engine's first decision waits for it: never direct, and storage is not read", async () => {
    vi.useFakeTimers();
    try {
      const token = makeToken({ id: 7, host: "127.0.0.1", port: 8000 });
      // Storage says nothing is connected: the routing must not decide from it on its own.
      const { firefox, call } = registeredRouting();
      const answers: unknown[] = [];
      const ask = (requestId: string) =>
        void call<Promise<unknown>>("request", { url: "http://site.example/", requestId }).then(
          (a) => answers.push(a),
        );
      ask("w1");
      await vi.advanceTimersByTimeAsync(9_000);
      expect(answers).toEqual([]);
      await firefox.platform.apply(token, { ...DEFAULT_SETTINGS, bypassList: [] });
      await vi.advanceTimersByTimeAsync(0);
      expect(answers).toEqual([expect.objectContaining({ host: "127.0.0.1", port: 8000 })]);
      // No decision at all (the engine failed before it): after 10 s, nowhere.
      const silent = registeredRouting();
      const late: unknown[] = [];
      void silent
        .call<Promise<unknown>>("request", { url: "http://site.example/", requestId: "w2" })
        .then((a) => late.push(a));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(late).toEqual([expect.objectContaining({ port: 9 })]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("routes the plan it is handed: a rule's token, the plan's default, and a plan whose default is blocked sends everything nowhere", async () => {
    const one = makeToken({ id: 1, host: "127.0.0.1", port: 8001 });
    const two = makeToken({ id: 2, host: "127.0.0.1", port: 8002 });
    const { firefox, call } = registeredRouting();
    const rules = [
      {
        id: "r",
        enabled: true,
        source: { type: "pattern" as const, text: "shop.example" },
        route: { kind: "token" as const, tokenId: 2 },
      },
    ];
    const plan = planRouting({
      rules,
      tokens: [one, two],
      defaultTokenId: 1,
      unusable: () => null,
      oneLoginPerEndpoint: false,
    });
    const settings = { ...DEFAULT_SETTINGS, bypassList: [], baseUrl: "https://api.example/" };
    await firefox.platform.applyPlan?.(plan, settings);
    const via = (url: string) => call<Promise<unknown>>("request", { url, requestId: url });
    expect(await via("http://shop.example/")).toMatchObject({ port: 8002 });
    expect(await via("http://news.example/")).toMatchObject({ port: 8001 });
    const blocked = planRouting({
      rules,
      tokens: [one, two],
      defaultTokenId: 1,
      unusable: (t: StoredToken | undefined) => (t?.id === 1 ? { code: "token-expired" } : null),
      oneLoginPerEndpoint: false,
    });
    expect(blocked.fallback.kind).toBe("block");
    await firefox.platform.applyPlan?.(blocked, settings);
    expect(await via("http://news.example/?2")).toMatchObject({ port: 9 });
    expect(await via("https://api.example/tokens")).toEqual({ type: "direct" });
  });

  it("while everything is blocked, a host on the user's bypass list still goes direct (as Chrome's blocking config lets it)", async () => {
    const { firefox, call } = registeredRouting();
    const settings = {
      ...DEFAULT_SETTINGS,
      bypassList: ["intranet.example"],
      baseUrl: "https://api.example/",
    };
    const via = (url: string) => call<Promise<unknown>>("request", { url, requestId: url });
    await firefox.platform.block(settings, "api.example");
    expect(await via("http://intranet.example/")).toEqual({ type: "direct" });
    expect(await via("http://news.example/")).toMatchObject({ port: 9 });
    const one = makeToken({ id: 1, host: "127.0.0.1", port: 8001 });
    const blockedPlan = planRouting({
      rules: [],
      tokens: [one],
      defaultTokenId: 1,
      unusable: () => ({ code: "token-expired" }),
      oneLoginPerEndpoint: false,
    });
    await firefox.platform.applyPlan?.(blockedPlan, settings);
    expect(await via("http://intranet.example/?2")).toEqual({ type: "direct" });
    expect(await via("http://news.example/?2")).toMatchObject({ port: 9 });
  });

  it("the user's Off under an administrator's rules: the rules hold, a tab's own route rests", async () => {
    const one = makeToken({ id: 1, host: "127.0.0.1", port: 8001 });
    const two = makeToken({ id: 2, host: "127.0.0.1", port: 8002 });
    await fakeBrowser.storage.local.set({ tokens: [one, two] });
    await fakeBrowser.storage.session.set({ tabRoutes: { "5": 2 } });
    const { firefox, call } = registeredRouting();
    const adminRule = {
      id: "admin",
      enabled: true,
      source: { type: "pattern" as const, text: "corp.example" },
      route: { kind: "token" as const, tokenId: 1 },
    };
    const plan = planRouting({
      rules: [adminRule],
      tokens: [one, two],
      defaultTokenId: null,
      unusable: () => null,
      oneLoginPerEndpoint: false,
    });
    const settings = { ...DEFAULT_SETTINGS, bypassList: [], baseUrl: "https://api.example/" };
    const inTab = (url: string) =>
      call<Promise<unknown>>("request", { url, requestId: `${url}#5`, tabId: 5 });
    await firefox.platform.applyPlan?.(plan, settings);
    expect(await inTab("http://news.example/")).toMatchObject({ port: 8002 });
    await firefox.platform.applyPlan?.(plan, settings, true);
    expect(await inTab("http://news.example/?off")).toEqual({ type: "direct" });
    expect(await inTab("http://corp.example/?off")).toMatchObject({ port: 8001 });
  });

  it("the provider's host goes as the rest does, whatever a rule says: through the connected token, or direct with none", async () => {
    const one = makeToken({ id: 1, host: "127.0.0.1", port: 8001 });
    const { firefox, call } = registeredRouting();
    const blockAll = [
      {
        id: "all",
        enabled: true,
        source: { type: "pattern" as const, text: "*" },
        route: { kind: "block" as const },
      },
    ];
    const planWith = (defaultTokenId: number | null) =>
      planRouting({
        rules: blockAll,
        tokens: [one],
        defaultTokenId,
        unusable: () => null,
        oneLoginPerEndpoint: false,
      });
    const settings = { ...DEFAULT_SETTINGS, bypassList: [], baseUrl: "https://api.example/" };
    const via = (url: string) => call<Promise<unknown>>("request", { url, requestId: url });
    await firefox.platform.applyPlan?.(planWith(1), settings);
    expect(await via("https://api.example/token/check/ip")).toMatchObject({ port: 8001 });
    expect(await via("https://news.example/")).toMatchObject({ port: 9 });
    // Another port of the same host is not the provider's.
    expect(await via("https://api.example:8443/")).toMatchObject({ port: 9 });
    await firefox.platform.applyPlan?.(planWith(null), settings);
    expect(await via("https://api.example/tokens?2")).toEqual({ type: "direct" });
  });
});

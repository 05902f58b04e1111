/**
 * The traffic glue (lib/background/traffic.ts) with recording fakes for the browser's events
 * (fakeBrowser has no webRequest) over fakeBrowser's storage: failures stored as they happen and
 * each counted once, the full log only while a viewer watches, and only the extension's pages.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  type RequestDetails,
  startTraffic,
  type TrafficApis,
  type ViewerPort,
} from "../../../lib/background/traffic";
import type { TrafficRouting } from "../../../lib/background/traffic-routing";
import type { RoutingPlan } from "../../../lib/routing/plan";
import { read } from "../../../lib/storage/read";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";

function event<T>() {
  const listeners: ((value: T) => void)[] = [];
  return {
    listeners,
    addListener: (listener: (value: T) => void) => void listeners.push(listener),
    removeListener: (listener: (value: T) => void) => {
      listeners.splice(listeners.indexOf(listener), 1);
    },
    fire: (value: T) => {
      for (const listener of [...listeners]) listener(value);
    },
  };
}

/** Every address goes through token 4, but block.test is blocked by rule 1. */
const plan: RoutingPlan = {
  rules: [
    {
      id: "r1",
      enabled: true,
      source: { type: "pattern", text: "block.test" },
      route: { kind: "block" },
    },
  ],
  fallback: { kind: "direct" },
  targetOf: (route) =>
    route.kind === "block" ? { kind: "block", failure: null } : { kind: "direct" },
  tokenAt: () => null,
  owners: () => ({}),
};
const tabToken = makeToken({ id: 7 });
const routing = async (): Promise<TrafficRouting> => ({
  now: {
    plan,
    originOnlyForHttps: true,
    blockedBy: null,
    bypassList: [],
    bypasses: () => false,
    off: false,
    provider: "",
  },
  tokens: new Map([[7, tabToken]]),
  // Firefox's "This tab only": tab 9 through token 7, tab 10 through a token that is gone.
  tabRoutes: { "9": 7, "10": 8 },
});

function setUp(ownPage = true, chrome = true, routingOf = routing) {
  const apis = {
    webRequest: {
      onBeforeRequest: event<RequestDetails>(),
      onCompleted: event<RequestDetails>(),
      onErrorOccurred: event<RequestDetails>(),
    },
    onTabRemoved: event<number>(),
    onConnect: event<ViewerPort>(),
  };
  const routingChanged = event<void>();
  const traffic = startTraffic(apis as unknown as TrafficApis, {
    routing: routingOf,
    watchRouting: (changed) => routingChanged.addListener(changed),
    chrome,
    isRefused: () => false,
    ownPage: () => ownPage,
  });
  return { apis, traffic, routingChanged };
}

const request = (id: string, url: string, over: Partial<RequestDetails> = {}): RequestDetails => ({
  requestId: id,
  url,
  tabId: 5,
  method: "GET",
  type: "image",
  timeStamp: 1_000,
  ...over,
});

function viewer() {
  const sent: { type: string; entries: { host: string; outcome: { kind: string } }[] }[] = [];
  const onMessage = event<unknown>();
  const onDisconnect = event<void>();
  const port = {
    name: "traffic",
    sender: { id: "x", url: "chrome-extension://x/options.html" },
    postMessage: (message: unknown) => void sent.push(JSON.parse(message as string)),
    onMessage,
    onDisconnect,
  };
  return { port, sent, say: (message: object) => onMessage.fire(JSON.stringify(message)) };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("traffic", () => {
  it("a failed request of a tab is stored at once and counted once, even when its end is heard twice", async () => {
    const { apis, traffic } = setUp();
    apis.webRequest.onBeforeRequest.fire(request("1", "http://shop.test/", { type: "main_frame" }));
    const blocked = request("2", "http://block.test/pixel", {
      error: "net::ERR_PROXY_CONNECTION_FAILED",
    });
    apis.webRequest.onErrorOccurred.fire(blocked);
    apis.webRequest.onErrorOccurred.fire(blocked);
    // A request that worked and one the page stopped are no failures.
    apis.webRequest.onCompleted.fire(request("3", "http://ok.test/", { statusCode: 200 }));
    apis.webRequest.onErrorOccurred.fire(
      request("4", "http://ok.test/", { error: "net::ERR_ABORTED" }),
    );
    await eventually(async () =>
      expect((await read("pageTraffic"))["5"]?.hosts).toEqual({ "block.test": 1 }),
    );
    expect(await traffic.trafficOf(5)).toEqual({
      page: "shop.test",
      // ok.test direct (the plan's default), block.test blocked; the stopped one is not counted.
      routes: { proxy: [], direct: 1, block: 1 },
      count: 1,
      hosts: [{ host: "block.test", count: 1 }],
      recent: [
        { host: "ok.test", route: "direct", outcome: "200", at: 1_000 },
        { host: "block.test", route: "block", outcome: "blocked", at: 1_000 },
      ],
    });
    // A worker woken later reads them back.
    const woken = setUp();
    expect((await woken.traffic.trafficOf(5))?.count).toBe(1);
  });

  it("logs every request only while a viewer watches, with its route, why and outcome", async () => {
    vi.useFakeTimers();
    try {
      const { apis } = setUp();
      apis.webRequest.onCompleted.fire(request("0", "http://before.test/", { statusCode: 200 }));
      const { port, sent, say } = viewer();
      apis.onConnect.fire(port as unknown as ViewerPort);
      say({ type: "watch", fullUrls: false });
      expect(sent[0]).toEqual({ type: "snapshot", entries: [] });
      // Watching adds the all-requests observer next to the always-on page-load one.
      expect(apis.webRequest.onBeforeRequest.listeners).toHaveLength(2);
      apis.webRequest.onBeforeRequest.fire(request("1", "http://block.test/a?key=s"));
      apis.webRequest.onErrorOccurred.fire(
        request("1", "http://block.test/a?key=s", {
          error: "net::ERR_PROXY_CONNECTION_FAILED",
          timeStamp: 1_040,
        }),
      );
      await vi.advanceTimersByTimeAsync(1_100);
      const entries = sent.flatMap((message) => message.entries);
      expect(entries.at(-1)).toMatchObject({
        host: "block.test",
        url: null,
        route: { kind: "block" },
        reason: { kind: "rule", position: 1, text: "block.test" },
        outcome: { kind: "blocked" },
        ms: 40,
      });
      port.onDisconnect.fire();
      expect(apis.webRequest.onBeforeRequest.listeners).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("Firefox: a tab's own route is the route it logs, failing closed when its token is gone", async () => {
    vi.useFakeTimers();
    try {
      const { apis } = setUp(true, false);
      const { port, sent, say } = viewer();
      apis.onConnect.fire(port as unknown as ViewerPort);
      say({ type: "watch", fullUrls: false });
      for (const [id, tabId] of [
        ["1", 9],
        ["2", 10],
        ["3", 5],
      ] as const) {
        apis.webRequest.onBeforeRequest.fire(request(id, "http://block.test/", { tabId }));
        apis.webRequest.onCompleted.fire(
          request(id, "http://block.test/", { tabId, statusCode: 200 }),
        );
      }
      await vi.advanceTimersByTimeAsync(1_100);
      const last = new Map(
        sent.flatMap((m) => m.entries).map((e) => [(e as { requestId?: string }).requestId, e]),
      );
      expect(last.get("1")).toMatchObject({
        route: { kind: "proxy", tokenId: 7 },
        reason: { kind: "tab" },
      });
      expect(last.get("2")).toMatchObject({ route: { kind: "block" }, reason: { kind: "tab" } });
      // A tab without its own route: the rules, as before.
      expect(last.get("3")).toMatchObject({ route: { kind: "block" }, reason: { kind: "rule" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a port from anywhere but the extension's own pages is not served", () => {
    const { apis } = setUp(false);
    const { port, sent, say } = viewer();
    apis.onConnect.fire(port as unknown as ViewerPort);
    say({ type: "watch", fullUrls: true });
    expect(sent).toEqual([]);
    expect(apis.webRequest.onBeforeRequest.listeners).toHaveLength(1);
  });

  it("while every request goes one way, no request's end is heard but a failure's; a rule or a viewer turns counting on", async () => {
    let rules = plan.rules;
    const oneWay = async (): Promise<TrafficRouting> => ({
      ...(await routing()),
      now: { ...(await routing()).now, plan: { ...plan, rules } },
      tabRoutes: {},
    });
    rules = [];
    const { apis, traffic, routingChanged } = setUp(true, true, oneWay);
    // On at first (the end that woke the worker is heard), off once the routing is read.
    expect(apis.webRequest.onCompleted.listeners).toHaveLength(1);
    await eventually(() => expect(apis.webRequest.onCompleted.listeners).toHaveLength(0));
    expect(apis.webRequest.onErrorOccurred.listeners).toHaveLength(1);
    // A failure is still counted against its host, but no route is counted.
    apis.webRequest.onBeforeRequest.fire(request("1", "http://shop.test/", { type: "main_frame" }));
    apis.webRequest.onErrorOccurred.fire(
      request("2", "http://gone.test/", { error: "net::ERR_NAME_NOT_RESOLVED" }),
    );
    await eventually(async () => expect((await traffic.trafficOf(5))?.count).toBe(1));
    expect((await traffic.trafficOf(5))?.routes).toEqual({ proxy: [], direct: 0, block: 0 });

    // A site rule: requests go more than one way, so each one's end is counted.
    rules = plan.rules;
    routingChanged.fire();
    await eventually(() => expect(apis.webRequest.onCompleted.listeners).toHaveLength(1));
    // Back to one way: off again; a viewer of the log turns it on while it watches.
    rules = [];
    routingChanged.fire();
    await eventually(() => expect(apis.webRequest.onCompleted.listeners).toHaveLength(0));
    const { port, say } = viewer();
    apis.onConnect.fire(port as unknown as ViewerPort);
    say({ type: "watch", fullUrls: false });
    expect(apis.webRequest.onCompleted.listeners).toHaveLength(1);
    port.onDisconnect.fire();
    expect(apis.webRequest.onCompleted.listeners).toHaveLength(0);
  });
});

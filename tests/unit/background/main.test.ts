/**
 * The background's wiring through its main(): every listener exists as soon as startBackground
 * returns, before any of its awaits settle, because a stopped worker woken by an event gets the
 * event only if the listener was added in its first turn. fakeBrowser lacks the proxy and
 * webRequest events, so those are recording fakes injected here.
 */
import type { Browser } from "@wxt-dev/browser";
import { beforeEach, describe, expect, it } from "vitest";
import type { WxtBrowser } from "wxt/browser";
import { fakeBrowser } from "wxt/testing";
import { startBackground } from "../../../lib/background/main";
import { WARNINGS_ALARM } from "../../../lib/background/warnings";
import { EXPIRY_ALARM } from "../../../lib/proxy/expiry-alarm";
import type { FirefoxApi } from "../../../lib/proxy/firefox";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";
import { chromeFake, fakeEvent } from "./chrome-fake";

/** fakeBrowser's events have hasListeners() at run time; its typings lack it. */
const listening = (event: object) => (event as { hasListeners(): boolean }).hasListeners();

/** fakeBrowser, plus the events it does not implement (proxy settings, commands, webRequest). */
const onCommand = fakeEvent();
const onConnect = fakeEvent();
/** fakeBrowser's contextMenus throws "not implemented": the page menu gets a recording one. */
const contextMenus = {
  onClicked: fakeEvent(),
  builds: 0,
  removeAll: async () => {
    contextMenus.builds++;
  },
  create: (_item: unknown, done: () => void) => done(),
};
const observed = {
  onBeforeRequest: fakeEvent(),
  onCompleted: fakeEvent(),
  onErrorOccurred: fakeEvent(),
};
function browserWith(proxySettings: unknown) {
  return {
    ...fakeBrowser,
    webRequest: observed,
    runtime: Object.assign(Object.create(fakeBrowser.runtime), { onConnect }),
    commands: { ...fakeBrowser.commands, onCommand },
    contextMenus,
    proxy: { ...fakeBrowser.proxy, settings: proxySettings },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  onCommand.listeners.length = 0;
  for (const event of [...Object.values(observed), onConnect, contextMenus.onClicked])
    event.listeners.length = 0;
});

/** The background started on a fake Chrome: the fake, to see what it was told. */
function startOnChrome() {
  const chrome = chromeFake();
  startBackground({
    browser: browserWith(chrome.api.proxy.settings) as unknown as WxtBrowser,
    chrome: chrome.api as unknown as typeof Browser,
    firefox: null,
  });
  return chrome;
}

describe("startBackground on Chrome", () => {
  it("registers every listener synchronously", () => {
    const chrome = chromeFake();
    const browser = browserWith(chrome.api.proxy.settings);
    startBackground({
      browser: browser as unknown as WxtBrowser,
      chrome: chrome.api as unknown as typeof Browser,
      firefox: null,
    });
    // No await between the call and these checks: a listener added later would be missed.
    expect(listening(fakeBrowser.runtime.onMessage)).toBe(true);
    expect(onCommand.hasListeners()).toBe(true);
    expect(listening(fakeBrowser.alarms.onAlarm)).toBe(true);
    expect(listening(fakeBrowser.storage.local.onChanged)).toBe(true);
    expect(chrome.api.proxy.settings.onChange.hasListeners()).toBe(true);
    expect(chrome.api.webRequest.onAuthRequired.hasListeners()).toBe(true);
    // Response headers are heard only while an answer is out (listener-switch.ts).
    expect(chrome.api.webRequest.onHeadersReceived.hasListeners()).toBe(false);
    expect(chrome.api.webRequest.onErrorOccurred.hasListeners()).toBe(false);
    expect(chrome.api.proxy.onProxyError.hasListeners()).toBe(true);
    // The traffic log's observers (page loads, ends), and its viewers' port.
    expect(observed.onBeforeRequest.hasListeners()).toBe(true);
    expect(observed.onCompleted.hasListeners()).toBe(true);
    expect(observed.onErrorOccurred.hasListeners()).toBe(true);
    expect(onConnect.hasListeners()).toBe(true);
    expect(listening(fakeBrowser.tabs.onRemoved)).toBe(true);
    // The page menu: a click may be what wakes the worker.
    expect(contextMenus.onClicked.hasListeners()).toBe(true);
  });

  it("rebuilds the page menu on the hourly and expiry alarms (a token expires by the clock alone)", async () => {
    startOnChrome();
    for (const name of [WARNINGS_ALARM, EXPIRY_ALARM]) {
      const before = contextMenus.builds;
      await fakeBrowser.alarms.onAlarm.trigger({ name, scheduledTime: Date.now() });
      await eventually(() => expect(contextMenus.builds).toBeGreaterThan(before));
    }
  });

  it("reconciles on wake: the stored active token is applied without any event", async () => {
    await writeState({
      tokens: [makeToken({ id: 4, host: "gw.example.test", port: 8080 })],
      connection: { activeTokenId: 4, lastTokenId: 4 },
    });
    const chrome = startOnChrome();
    await expect.poll(() => chrome.applied.length).toBeGreaterThan(0);
    expect(chrome.applied[0]).toMatchObject({
      mode: "fixed_servers",
      rules: { singleProxy: { host: "gw.example.test", port: 8080 } },
    });
    await expect.poll(async () => (await read("status")).state).toBe("checking");
  });

  it("items written together (a backup import: settings and tokens) are reconciled once", async () => {
    await writeState({
      tokens: [makeToken({ id: 4, host: "gw.example.test", port: 8080 })],
      connection: { activeTokenId: 4, lastTokenId: 4 },
    });
    const chrome = startOnChrome();
    // The wake's own reconcile first.
    await expect.poll(async () => (await read("status")).state).toBe("checking");
    const before = chrome.applied.length;
    await writeState({
      settings: { ...(await read("settings")), bypassList: ["<local>", "intranet.example"] },
      tokens: [makeToken({ id: 4, host: "gw.example.test", port: 8081 })],
    });
    await expect.poll(() => chrome.applied.length).toBe(before + 1);
    expect(chrome.applied.at(-1)).toMatchObject({
      rules: {
        singleProxy: { port: 8081 },
        bypassList: expect.arrayContaining(["intranet.example"]),
      },
    });
    // And no second one comes after: the next change is the next apply.
    await writeState({ tokens: [makeToken({ id: 4, host: "gw.example.test", port: 8082 })] });
    await expect
      .poll(() => chrome.applied.at(-1))
      .toMatchObject({ rules: { singleProxy: { port: 8082 } } });
    expect(chrome.applied.length).toBe(before + 2);
  });

  it("points the toolbar at the page of the user's language on install, not on every wake", async () => {
    await writeState({ settings: { ...(await read("settings")), language: "zh_CN" } });
    const chrome = chromeFake();
    const popups: string[] = [];
    const action = {
      ...fakeBrowser.action,
      setPopup: async ({ popup }: { popup: string }) => {
        popups.push(popup);
      },
    };
    startBackground({
      browser: { ...browserWith(chrome.api.proxy.settings), action } as unknown as WxtBrowser,
      chrome: chrome.api as unknown as typeof Browser,
      firefox: null,
    });
    await expect.poll(() => chrome.applied.length).toBeGreaterThan(0);
    expect(popups).toEqual([]); // a wake alone: the browser still holds the choice
    await fakeBrowser.runtime.onInstalled.trigger({ reason: "install", temporary: false });
    await expect.poll(() => popups).toEqual(["popup-zh_CN.html"]);
  });

  it("answers a malformed command from its own page with a failure code", async () => {
    startOnChrome();
    const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL("/popup.html") };
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ type: "connect" }, sender);
    expect(reply).toEqual({ ok: false, failure: { code: "malformed-command" } });
    // Another sender gets no answer at all.
    const [foreign] = await fakeBrowser.runtime.onMessage.trigger(
      { type: "disconnect" },
      { id: "someone-else", url: "https://example.com/" },
    );
    expect(foreign).toBeUndefined();
  });
});

describe("work nobody watched", () => {
  it("a keyboard toggle that fails is kept until seen (and on the badge)", async () => {
    const chrome = chromeFake();
    const titles: string[] = [];
    chrome.api.action.setTitle = async ({ title }: { title: string }) => void titles.push(title);
    startBackground({
      browser: browserWith(chrome.api.proxy.settings) as unknown as WxtBrowser,
      chrome: chrome.api as unknown as typeof Browser,
      firefox: null,
    });
    const toggle = onCommand.listeners[0] as (name: string) => void;
    toggle("toggle-proxy"); // no token stored: nothing to switch to
    await expect.poll(async () => (await read("unseenFailure"))?.source).toBe("toggle");
    expect((await read("unseenFailure"))?.failure).toEqual({ code: "no-tokens" });
    await expect
      .poll(() => titles.at(-1))
      .toBe("Proxy Deck: the keyboard shortcut could not switch the proxy. Create a token first.");
  });
});

describe("keyboard commands", () => {
  it("a key's tab reaches the site command: its host gets a rule of its own", async () => {
    startOnChrome();
    const press = onCommand.listeners[0] as (name: string, tab?: { url?: string }) => void;
    press("site-direct", { url: "https://shop.example.com/cart" });
    await expect
      .poll(async () => (await read("siteRules")).map((rule) => [rule.source, rule.route]))
      .toEqual([[{ type: "pattern", text: "shop.example.com" }, { kind: "direct" }]]);
  });

  it("a failed next is kept until seen, as the toggle's is", async () => {
    startOnChrome();
    const press = onCommand.listeners[0] as (name: string) => void;
    press("next-token"); // no recent token to go to
    await expect
      .poll(async () => (await read("unseenFailure"))?.failure)
      .toEqual({ code: "no-recent-token" });
  });
});

function firefoxFake() {
  return {
    webRequest: {
      onBeforeSendHeaders: fakeEvent(),
      onAuthRequired: fakeEvent(),
      onHeadersReceived: fakeEvent(),
      onErrorOccurred: fakeEvent(),
    },
    proxy: {
      onRequest: fakeEvent(),
      onError: fakeEvent(),
      settings: { get: async () => ({ levelOfControl: "controllable_by_this_extension" }) },
    },
    action: chromeFake().api.action,
  };
}

describe("startBackground on Firefox", () => {
  it("registers every listener synchronously", () => {
    const firefox = firefoxFake();
    const settings = { ...firefox.proxy.settings, onChange: fakeEvent() };
    startBackground({
      browser: browserWith(settings) as unknown as WxtBrowser,
      chrome: null,
      firefox: firefox as unknown as FirefoxApi,
    });
    expect(listening(fakeBrowser.runtime.onMessage)).toBe(true);
    expect(onCommand.hasListeners()).toBe(true);
    expect(listening(fakeBrowser.alarms.onAlarm)).toBe(true);
    expect(settings.onChange.hasListeners()).toBe(true);
    expect(firefox.proxy.onRequest.hasListeners()).toBe(true);
    expect(firefox.proxy.onError.hasListeners()).toBe(true);
    expect(firefox.webRequest.onAuthRequired.hasListeners()).toBe(true);
    expect(firefox.webRequest.onBeforeSendHeaders.hasListeners()).toBe(true);
    // Response headers are heard only while an answer is out (listener-switch.ts).
    expect(firefox.webRequest.onHeadersReceived.hasListeners()).toBe(false);
    expect(firefox.webRequest.onErrorOccurred.hasListeners()).toBe(true);
    expect(contextMenus.onClicked.hasListeners()).toBe(true);
    // "This tab only" ends with its tab.
    expect(listening(fakeBrowser.tabs.onRemoved)).toBe(true);
  });

  it("the proxy listener comes before anything else that can fail at start: without it Firefox sends every request direct", () => {
    const firefox = firefoxFake();
    const settings = { ...firefox.proxy.settings, onChange: fakeEvent() };
    const browser = browserWith(settings);
    // The traffic log's port listener is among the first things started after the engine.
    browser.runtime = Object.assign(Object.create(fakeBrowser.runtime), {
      onConnect: {
        addListener: () => {
          throw new Error("not in this browser");
        },
      },
    });
    expect(() =>
      startBackground({
        browser: browser as unknown as WxtBrowser,
        chrome: null,
        firefox: firefox as unknown as FirefoxApi,
      }),
    ).toThrow("not in this browser");
    expect(firefox.proxy.onRequest.hasListeners()).toBe(true);
    expect(firefox.webRequest.onAuthRequired.hasListeners()).toBe(true);
  });
});

/**
 * A `Profile` built on tabs: what both drivers do the same way once each hands over its tabs
 * (Playwright's pages, puppeteer's) as a `Tab`. Commands and storage go through an extension
 * page, as the popup's do; loads go through web tabs and are judged at the echo server.
 */

import type { ProviderKind } from "../../lib/state/token-facts";
import type { EchoServer } from "../support/echo-server";
import { burstInPage } from "../support/gateway-moods";
import { guard } from "../support/pace";
import { pageCommands } from "../support/page-commands";
import type { Profile, Route, View } from "./driver";

/** One tab of the browser under test, as a driver opens it. */
export interface Tab {
  /** Runs `fn` in the page (self-contained: it is sent as text) with one serializable arg. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Loads `url`: the answer's status; throws when the load fails or takes over `timeoutMs`. */
  goto(url: string, timeoutMs: number): Promise<number>;
  /** A checkbox found by its accessible name (each automation's own way of finding one). */
  checkbox(name: string): { click(): Promise<void>; checked(): Promise<boolean> };
  close(): Promise<void>;
}

/** How a driver opens tabs (of its own kind `T`) in its browser. */
export interface TabOpener<T extends Tab = Tab> {
  /** An extension page (`popup.html`, …) once loaded and its background listening. */
  extension(file: string): Promise<T>;
  /** Options at `address`, once its heading shows. */
  options(address: string): Promise<T>;
  /** A new web tab. */
  web(): Promise<T>;
  /**
   * Whether page visits may share one tab. Chromium's may (a tab per visit costs a renderer
   * of its own); puppeteer never sees a Firefox tab load again after the extension cancelled
   * a navigation in it (README, machine traps), so there each visit has a tab of its own.
   */
  visitsShareATab: boolean;
}

let loads = 0;
/** The URL made unique (a navigation to the address a tab shows could be taken as a reload). */
const unique = (url: string) => `${url}${url.includes("?") ? "&" : "?"}load=${++loads}`;
/** The text of the echo page's `#remote`: the address the load came from ("" when none). */
const remoteOf = (tab: Tab) =>
  tab.evaluate(() => document.querySelector("#remote")?.textContent ?? "", undefined);

function viewOf(tab: Tab): View {
  return {
    text: (selector) => tab.evaluate((s) => document.querySelector(s)?.textContent ?? "", selector),
    count: (selector) => tab.evaluate((s) => document.querySelectorAll(s).length, selector),
    shown: (selector) =>
      tab.evaluate(
        (s) => [...document.querySelectorAll(s)].filter((e) => e.checkVisibility()).length,
        selector,
      ),
    checkbox: (name) => tab.checkbox(name),
    close: () => tab.close(),
  };
}

type TabName = "commands" | "browsing" | "visitor";

export class TabbedProfile<T extends Tab = Tab> implements Profile {
  #tabs = new Map<TabName, Promise<T>>();
  #extensionTabs = new Set<T>();
  readonly #commands = pageCommands(
    async (message) => (await this.ext()).evaluate((m) => chrome.runtime.sendMessage(m), message),
    (key) => this.stored("local", key),
  );

  constructor(
    /** Replaced when the browser restarts. */
    public open: TabOpener<T>,
    private readonly echo: EchoServer,
  ) {}

  #tab(name: TabName, open: () => Promise<T>): Promise<T> {
    let tab = this.#tabs.get(name);
    if (!tab) {
      tab = open();
      this.#tabs.set(name, tab);
    }
    return tab;
  }

  #own(tab: T): T {
    this.#extensionTabs.add(tab);
    return tab;
  }

  /** The extension page commands and storage reads come from (the popup's page, in a tab). */
  ext = () => this.#tab("commands", async () => this.#own(await this.open.extension("popup.html")));
  browsingTab = () => this.#tab("browsing", () => this.open.web());

  /** Closes the extension pages the driver opened (none may keep the background awake). */
  async closeExtensionPages() {
    this.#tabs.delete("commands");
    const tabs = [...this.#extensionTabs];
    this.#extensionTabs.clear();
    await Promise.all(tabs.map((tab) => tab.close().catch(() => undefined)));
  }

  /** The browser started again: every tab is opened anew, through `open`. */
  restarted(open: TabOpener<T>) {
    this.open = open;
    this.#tabs.clear();
    this.#extensionTabs.clear();
  }

  send: Profile["send"] = (command) => this.#commands.send(command);
  sendOk: Profile["sendOk"] = (command) => this.#commands.sendOk(command);
  createTokens = (kind: ProviderKind, number: number) => this.#commands.createTokens(kind, number);
  proxyStatus = () => this.#commands.proxyStatus();

  async stored(area: "local" | "session", key: string) {
    return (await this.ext()).evaluate(
      async ({ area, key }) => (await chrome.storage[area].get(key))[key],
      { area, key },
    );
  }

  sync: Profile["sync"] = {
    all: async () => (await this.ext()).evaluate(() => chrome.storage.sync.get(null), undefined),
    set: async (items) => (await this.ext()).evaluate((i) => chrome.storage.sync.set(i), items),
    remove: async (keys) => (await this.ext()).evaluate((k) => chrome.storage.sync.remove(k), keys),
    bytesInUse: async () =>
      (await this.ext()).evaluate(() => chrome.storage.sync.getBytesInUse(null), undefined),
  };

  async options(address = "") {
    return viewOf(this.#own(await this.open.options(address)));
  }

  async popup() {
    return viewOf(this.#own(await this.open.extension("popup.html")));
  }

  /** In a tab of its own: a blocked load can leave its tab unusable (see `visitsShareATab`). */
  async routeOf(host: string): Promise<Route> {
    const tag = `route-${++loads}`;
    const tab = await this.open.web();
    const port = new URL(this.echo.url).port;
    const loaded = await tab.goto(`http://${host}:${port}/?${tag}`, guard(5_000)).then(
      (status) => status >= 200 && status < 300,
      () => false,
    );
    await tab.close();
    const arrived = this.echo.requestPaths.includes(`/?${tag}`);
    return loaded && arrived ? "direct" : !arrived ? "blocked" : "arrived, not loaded";
  }

  async visit(url: string) {
    const shared = this.open.visitsShareATab;
    const visitor = await (shared ? this.#tab("visitor", () => this.open.web()) : this.open.web());
    try {
      const status = await visitor.goto(unique(url), guard(15_000));
      return { status, exit: await remoteOf(visitor).catch(() => "") };
    } catch {
      return { status: 0, exit: "" };
    } finally {
      if (!shared) await visitor.close().catch(() => undefined);
    }
  }

  async exitOfPageLoad(url: string) {
    const tab = await this.browsingTab();
    const status = await tab.goto(unique(url), guard(30_000));
    if (status < 200 || status >= 300) throw new Error(`page load failed: ${status}`);
    return remoteOf(tab);
  }

  async burst(args: Parameters<Profile["burst"]>[0]) {
    return (await this.browsingTab()).evaluate(burstInPage, args);
  }
}

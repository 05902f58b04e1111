/**
 * The shared scenarios (tests/scenarios/) driven in Firefox ESR through puppeteer over WebDriver
 * BiDi. Each Firefox runs on a profile of its own with the build installed permanently
 * (firefox.ts, launchFirefoxKept), so a restart finds the extension again; its background is
 * reached from the extension's own pages, and from Firefox's own window where only privileged
 * code can act (stopping the event page).
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Sandbox, startSandbox } from "../sandbox/index";
import {
  type Driver,
  type Expect,
  POLL_TIMEOUT_MS,
  type Profile,
  type Route,
  type Scenario,
  type View,
  type WorkerControl,
} from "../scenarios/driver";
import { type EchoServer, startEchoServer } from "../support/echo-server";
import { burstInPage } from "../support/gateway-moods";
import { pageCommands } from "../support/page-commands";
import { must, sandboxSettings } from "../support/sandbox-session";
import {
  assertPrerequisites,
  bidiOf,
  EXTENSION_ID,
  extensionPage,
  launchFirefoxKept,
} from "./firefox";

const PREFS = {
  // Every name resolves to loopback, as Chromium's tests map `*.test` (Firefox has no pattern
  // for it: `network.dns.localDomains` takes whole names). A name sent through a gateway is
  // resolved by the gateway, which maps `.test` names to loopback too.
  "network.dns.forceResolve": "127.0.0.1",
};

const scenarioExpect: Expect = Object.assign(
  (actual: unknown, message?: string) => expect(actual, message),
  {
    poll: <T>(probe: () => T | Promise<T>, options?: { timeout?: number; message?: string }) =>
      expect.poll(probe, { timeout: POLL_TIMEOUT_MS, interval: 100, ...options }),
    arrayContaining: expect.arrayContaining,
    objectContaining: expect.objectContaining,
  },
);

function viewOf(page: Page): View {
  return {
    text: (selector) =>
      page.evaluate((s) => document.querySelector(s)?.textContent ?? "", selector),
    count: (selector) => page.evaluate((s) => document.querySelectorAll(s).length, selector),
    shown: (selector) =>
      page.evaluate(
        (s) => [...document.querySelectorAll(s)].filter((e) => e.checkVisibility()).length,
        selector,
      ),
    checkbox(name) {
      const box = `::-p-aria([name="${name}"][role="checkbox"])`;
      return {
        // A locator waits until the box is shown and enabled, as Playwright's click does.
        click: () => page.locator(box).click(),
        checked: () => page.$eval(box, (e) => (e as HTMLInputElement).checked),
      };
    },
    close: () => page.close(),
  };
}

let loads = 0;
/** The URL made unique (a navigation to the address a tab shows could be taken as a reload). */
const unique = (url: string) => `${url}${url.includes("?") ? "&" : "?"}load=${++loads}`;
const remoteOf = (page: Page) =>
  page.evaluate(() => document.querySelector("#remote")?.textContent ?? "");

/** The extension's background, as Firefox's own code sees it. */
const BACKGROUND = `WebExtensionPolicy.getByID(${JSON.stringify(EXTENSION_ID)}).extension`;

/** One Firefox profile: its browser, and the tabs the driver keeps in it. */
class FirefoxProfile implements Profile {
  #tabs = new Map<"commands" | "browsing", Promise<Page>>();
  #extensionPages = new Set<Page>();
  readonly commands = pageCommands(
    async (message) => (await this.ext()).evaluate((m) => chrome.runtime.sendMessage(m), message),
    (key) => this.stored("local", key),
  );

  private constructor(
    public browser: Browser,
    private readonly profileDir: string,
    private readonly echo: EchoServer,
  ) {}

  static async launch(echo: EchoServer): Promise<FirefoxProfile> {
    const { browser, profile } = await launchFirefoxKept(PREFS);
    return new FirefoxProfile(browser, profile, echo);
  }

  /** Firefox closed and started again on the same profile: every tab opened anew. */
  async restart() {
    await this.browser.close();
    this.#tabs.clear();
    this.#extensionPages.clear();
    this.browser = (await launchFirefoxKept(PREFS, this.profileDir)).browser;
  }

  close = () => this.browser.close();

  #tab(name: "commands" | "browsing", open: () => Promise<Page>): Promise<Page> {
    let tab = this.#tabs.get(name);
    if (!tab) {
      tab = open();
      this.#tabs.set(name, tab);
    }
    return tab;
  }

  #own(page: Page): Page {
    this.#extensionPages.add(page);
    page.on("close", () => this.#extensionPages.delete(page));
    return page;
  }

  /** The extension page commands and storage reads come from (the popup's page, in a tab). */
  ext(): Promise<Page> {
    return this.#tab("commands", async () => this.#own(await extensionPage(this.browser)));
  }

  async closeExtensionPages() {
    this.#tabs.delete("commands");
    await Promise.all([...this.#extensionPages].map((page) => page.close()));
  }

  browsingTab = () => this.#tab("browsing", () => this.browser.newPage());

  /**
   * Privileged script in Firefox's own window: WebDriver BiDi reaches it with system access,
   * which every launch allows (`--remote-allow-system-access`, firefox.ts).
   */
  async privileged(expression: string): Promise<unknown> {
    const bidi = bidiOf(this.browser);
    const tree = (await bidi.send("browsingContext.getTree", { "moz:scope": "chrome" })).result;
    const context = must((tree as { contexts: { context: string }[] }).contexts[0], "a window");
    const { result } = await bidi.send("script.evaluate", {
      expression,
      target: { context: context.context },
      awaitPromise: true,
    });
    const outcome = result as {
      type: string;
      result?: { value?: unknown };
      exceptionDetails?: { text?: string };
    };
    if (outcome.type === "exception") {
      throw new Error(`privileged script failed: ${outcome.exceptionDetails?.text}`);
    }
    return outcome.result?.value;
  }

  send: Profile["send"] = (command) => this.commands.send(command);
  sendOk: Profile["sendOk"] = (command) => this.commands.sendOk(command);
  createTokens: Profile["createTokens"] = (kind, number) =>
    this.commands.createTokens(kind, number);
  proxyStatus = () => this.commands.proxyStatus();

  async stored(area: "local" | "session", key: string) {
    const page = await this.ext();
    return page.evaluate(
      async (a, k) => (await chrome.storage[a as "local" | "session"].get(k))[k],
      area,
      key,
    );
  }

  sync: Profile["sync"] = {
    all: async () => (await this.ext()).evaluate(() => chrome.storage.sync.get(null)),
    set: async (items) => {
      await (await this.ext()).evaluate((i) => chrome.storage.sync.set(i), items);
    },
    remove: async (keys) => {
      await (await this.ext()).evaluate((k) => chrome.storage.sync.remove(k), keys);
    },
    bytesInUse: async () =>
      (await this.ext()).evaluate(() => chrome.storage.sync.getBytesInUse(null)),
  };

  async options(address = "") {
    const page = await extensionPage(this.browser, `options.html${address ? `#${address}` : ""}`);
    await page.waitForFunction(
      () => document.querySelector("h1")?.textContent === "Proxy Deck options",
      { timeout: 10_000 },
    );
    return viewOf(this.#own(page));
  }

  async popup() {
    return viewOf(this.#own(await extensionPage(this.browser)));
  }

  /**
   * In a tab of its own: after a navigation the extension cancelled, puppeteer never sees
   * that tab load again, although it does (README, machine traps).
   */
  async routeOf(host: string): Promise<Route> {
    const tag = `route-${++loads}`;
    const page = await this.browser.newPage();
    const port = new URL(this.echo.url).port;
    const loaded = await page.goto(`http://${host}:${port}/?${tag}`, { timeout: 5_000 }).then(
      (response) => !!response?.ok(),
      () => false,
    );
    await page.close();
    const arrived = this.echo.requestPaths.includes(`/?${tag}`);
    return loaded && arrived ? "direct" : !arrived ? "blocked" : "arrived, not loaded";
  }

  /** Each visit in a tab of its own, for the same reason as `routeOf`. */
  async visit(url: string) {
    const visitor = await this.browser.newPage();
    try {
      const response = await visitor.goto(unique(url), { timeout: 15_000 });
      return { status: response?.status() ?? 0, exit: await remoteOf(visitor).catch(() => "") };
    } catch {
      return { status: 0, exit: "" };
    } finally {
      await visitor.close().catch(() => undefined);
    }
  }

  async exitOfPageLoad(url: string) {
    const page = await this.browsingTab();
    const response = await page.goto(unique(url));
    if (!response?.ok()) throw new Error(`page load failed: ${response?.status()}`);
    return remoteOf(page);
  }

  async burst(args: Parameters<Profile["burst"]>[0]) {
    return (await this.browsingTab()).evaluate(burstInPage, args);
  }
}

/** Firefox's event page, stopped and watched by Firefox's own code. */
function eventPageControl(profile: FirefoxProfile): WorkerControl {
  // Counts the starts of this run of Firefox's extension object (a restart makes a new one).
  const watch = () =>
    profile.privileged(`(() => {
      const extension = ${BACKGROUND};
      if (extension.testStarts === undefined) {
        extension.testStarts = 0;
        extension.on("background-script-started", () => { extension.testStarts++; });
      }
      return extension.testStarts;
    })()`) as Promise<number>;
  const terminate = () =>
    profile.privileged(
      `${BACKGROUND}.terminateBackground({ ignoreDevToolsAttached: true }).then(() => true)`,
    );
  const state = () => profile.privileged(`${BACKGROUND}.backgroundState`);
  return {
    async stop() {
      await watch();
      await terminate();
    },
    async sleep() {
      await watch();
      await profile.closeExtensionPages();
      await terminate();
      // A late event can wake it again: it is stopped once more then.
      await scenarioExpect
        .poll(async () => {
          const now = await state();
          if (now === "running") await terminate();
          return now;
        })
        .toBe("stopped");
    },
    starts: watch,
    async startedOnceSince(before, what) {
      await scenarioExpect
        .poll(watch, { message: `${what}: the event page woke once` })
        .toBe(before + 1);
    },
  };
}

function firefoxDriver(
  profile: FirefoxProfile,
  servers: { sb: Sandbox; echo: EchoServer; secure: EchoServer },
  closeLater: (close: () => Promise<unknown>) => void,
): Driver {
  return {
    browser: "Firefox",
    expect: scenarioExpect,
    ...servers,
    main: profile,
    async newProfile() {
      const other = await FirefoxProfile.launch(servers.echo);
      closeLater(other.close);
      return other;
    },
    can: {
      containers: true,
      restart: () => profile.restart(),
      worker: eventPageControl(profile),
      // Firefox writes each request's login itself (lib/proxy/firefox.ts): two tokens bought,
      // on the gateway as the provider gives it, one address for both.
      async twoTokensOnOneGateway() {
        const [one, two] = await profile.createTokens("static-traffic", 2);
        const [a, b] = [must(one, "token 1"), must(two, "token 2")];
        return { one: a, two: b, routeOne: a.id, routeTwo: b.id };
      },
      // Firefox proxies loopback through a pref (allow_hijacking_localhost), not a bypass rule.
      // Its own background requests (remote settings) stay off the gateway: an extension
      // cannot cancel their proxy challenge (WebRequest.sys.mjs skips `cancel` for requests it
      // may not modify and forwards them to Firefox's login dialog), so one in flight when a
      // password is revoked would open that dialog (BROWSER-FACTS.md).
      useSandbox: async () => {
        const bypassList = ["*.mozilla.com", "*.mozilla.net", "*.firefox.com"];
        await profile.sendOk({
          type: "patchSettings",
          patch: sandboxSettings(servers.sb, { bypassList }),
        });
      },
    },
  };
}

/**
 * Registers each scenario as a test of this file, in order. `oneBrowser`: the file's scenarios
 * share one Firefox (each starts a connection of its own, and leaves no site rules behind);
 * otherwise each has a Firefox of its own.
 */
export function registerScenarios(
  scenarios: readonly Scenario[],
  options: { oneBrowser?: boolean } = {},
) {
  assertPrerequisites();
  const servers = {} as { sb: Sandbox; echo: EchoServer; secure: EchoServer };
  let shared: FirefoxProfile | undefined;
  beforeAll(async () => {
    servers.sb = await startSandbox({ plan: "enterprise" });
    servers.echo = await startEchoServer();
    servers.secure = await startEchoServer({ https: true });
    if (options.oneBrowser) shared = await FirefoxProfile.launch(servers.echo);
  });
  afterAll(async () => {
    await shared?.close();
    await Promise.all([servers.echo?.close(), servers.secure?.close()]);
    await servers.sb?.close();
  });
  for (const scenario of scenarios) {
    test(
      scenario.name,
      async () => {
        const closing: (() => Promise<unknown>)[] = [];
        const main = shared ?? (await FirefoxProfile.launch(servers.echo));
        if (!shared) closing.push(main.close);
        try {
          await scenario.run(firefoxDriver(main, servers, (close) => closing.push(close)));
        } finally {
          if (shared) await shared.sendOk({ type: "setSiteRules", rules: [] }).catch(() => {});
          for (const close of closing.reverse()) await close().catch(() => undefined);
        }
      },
      scenario.timeout ?? 60_000,
    );
  }
}

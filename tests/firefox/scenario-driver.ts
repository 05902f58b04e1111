/**
 * The shared scenarios (tests/scenarios/) driven in Firefox ESR through puppeteer over WebDriver
 * BiDi. Each Firefox runs on a profile of its own with the build installed permanently
 * (firefox.ts, launchFirefoxKept), so that a restart finds the extension again; what only
 * privileged code can do (stopping the event page) runs in Firefox's own window.
 */

import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Sandbox, startSandbox } from "../sandbox/index";
import {
  type Driver,
  type Expect,
  POLL_TIMEOUT_MS,
  type Scenario,
  type WorkerControl,
} from "../scenarios/driver";
import { type Tab, TabbedProfile, type TabOpener } from "../scenarios/tabbed-profile";
import { type EchoServer, startEchoServer } from "../support/echo-server";
import { guard } from "../support/pace";
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

function tabOf(page: Page): Tab {
  return {
    // puppeteer types the function by its handle-flattened argument; scenarios pass plain data.
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as Promise<never>,
    goto: async (url, timeout) => (await page.goto(url, { timeout }))?.status() ?? 0,
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

const openerIn = (browser: Browser): TabOpener => ({
  extension: async (file) => tabOf(await extensionPage(browser, file)),
  async options(address) {
    const page = await extensionPage(browser, `options.html${address ? `#${address}` : ""}`);
    await page.waitForFunction(
      () => document.querySelector("h1")?.textContent === "Proxy Deck options",
      { timeout: guard(10_000) },
    );
    return tabOf(page);
  },
  web: async () => tabOf(await browser.newPage()),
  visitsShareATab: false,
});

/** One Firefox with the extension, on a profile it keeps. */
class FirefoxProfile extends TabbedProfile {
  private constructor(
    public browser: Browser,
    private readonly profileDir: string,
    echo: EchoServer,
  ) {
    super(openerIn(browser), echo);
  }

  static async launch(echo: EchoServer): Promise<FirefoxProfile> {
    const { browser, profile } = await launchFirefoxKept(PREFS);
    return new FirefoxProfile(browser, profile, echo);
  }

  /** Firefox closed and started again on the same profile. */
  async restart() {
    await this.browser.close();
    this.browser = (await launchFirefoxKept(PREFS, this.profileDir)).browser;
    this.restarted(openerIn(this.browser));
  }

  close = () => this.browser.close();

  /**
   * Privileged script in Firefox's own window: WebDriver BiDi reaches it with system access,
   * which every launch allows (`--remote-allow-system-access`, firefox.ts).
   */
  async privileged(expression: string): Promise<unknown> {
    const bidi = bidiOf(this.browser);
    const tree = (await bidi.send("browsingContext.getTree", { "moz:scope": "chrome" })).result;
    const window = must((tree as { contexts: { context: string }[] }).contexts[0], "a window");
    const { result } = await bidi.send("script.evaluate", {
      expression,
      target: { context: window.context },
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
}

/** The extension's background, as Firefox's own code sees it. */
const BACKGROUND = `WebExtensionPolicy.getByID(${JSON.stringify(EXTENSION_ID)}).extension`;

/** Firefox's event page, stopped with its own `terminateBackground` and watched starting. */
function eventPageControl(profile: FirefoxProfile): WorkerControl {
  // Counts the starts of this Firefox's extension object (a restart makes a new one).
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
          const state = await profile.privileged(`${BACKGROUND}.backgroundState`);
          if (state === "running") await terminate();
          return state;
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
      // Firefox has no proxy setting of ours to read: the extension answers each request in
      // proxy.onRequest (lib/proxy/firefox.ts), so no `proxyMode`; the loads that follow tell.
      // It writes each request's login itself too: two tokens bought, on the gateway as the
      // provider gives it, one address for both.
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
 * share one Firefox (each connects a token of its own; the site rules a scenario left are
 * removed after it); otherwise each has a Firefox of its own.
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
    const run = async () => {
      const closing: (() => Promise<unknown>)[] = [];
      const main = shared ?? (await FirefoxProfile.launch(servers.echo));
      if (!shared) closing.push(main.close);
      try {
        await scenario.run(firefoxDriver(main, servers, (close) => closing.push(close)));
      } finally {
        if (shared) await shared.sendOk({ type: "setSiteRules", rules: [] }).catch(() => {});
        for (const close of closing.reverse()) await close().catch(() => undefined);
      }
    };
    test(scenario.name, run, scenario.timeout ?? guard(60_000));
  }
}

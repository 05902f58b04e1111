/**
 * The shared scenarios (tests/scenarios/) driven in Chromium through Playwright: each test
 * launches its own Chromium with the built extension (fixtures.ts), every `.test` name mapped
 * to loopback (Chromium never hands loopback to PAC) and the sandbox's gateway named too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { Sandbox } from "../sandbox/index";
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
import { sandboxSettings } from "../support/sandbox-session";
import {
  expect,
  extensionPath,
  test as fixtureTest,
  launchWithExtension,
  unpackedExtensionId,
} from "./fixtures";
import {
  extensionPage,
  NAMED_GATEWAY_ARGS,
  openOptions,
  twoTokensOnNamedGateway,
  watchWorker,
} from "./harness";

const extensionId = unpackedExtensionId(extensionPath);
const pollingExpect = expect.configure({ timeout: POLL_TIMEOUT_MS });
const scenarioExpect: Expect = Object.assign(
  (actual: unknown, message?: string) => expect(actual, message),
  {
    poll: <T>(probe: () => T | Promise<T>, options?: { timeout?: number; message?: string }) =>
      pollingExpect.poll(probe, options),
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
      const box = page.getByRole("checkbox", { name });
      return { click: () => box.click(), checked: () => box.isChecked() };
    },
    close: () => page.close(),
  };
}

let loads = 0;
/** The URL made unique (a navigation to the address a tab shows could be taken as a reload). */
const unique = (url: string) => `${url}${url.includes("?") ? "&" : "?"}load=${++loads}`;

/** The text of the echo page's `#remote`: the address the load came from ("" when none). */
const remoteOf = (page: Page) =>
  page.evaluate(() => document.querySelector("#remote")?.textContent ?? "");

/** One Chromium profile: its context, and the tabs the driver keeps in it. */
class ChromiumProfile implements Profile {
  #tabs = new Map<"commands" | "browsing" | "visitor", Promise<Page>>();
  #extensionPages = new Set<Page>();
  readonly commands = pageCommands(
    async (message) => (await this.ext()).evaluate((m) => chrome.runtime.sendMessage(m), message),
    (key) => this.stored("local", key),
  );

  constructor(
    public context: BrowserContext,
    private readonly echo: EchoServer,
  ) {}

  #tab(name: "commands" | "browsing" | "visitor", open: () => Promise<Page>): Promise<Page> {
    let tab = this.#tabs.get(name);
    if (!tab) {
      tab = open();
      this.#tabs.set(name, tab);
    }
    return tab;
  }

  /** The extension page commands and storage reads come from (the popup's page, in a tab). */
  ext(): Promise<Page> {
    return this.#tab("commands", async () =>
      this.#own(await extensionPage(this.context, extensionId)),
    );
  }

  #own(page: Page): Page {
    this.#extensionPages.add(page);
    page.on("close", () => this.#extensionPages.delete(page));
    return page;
  }

  /** Closes the extension pages the driver opened. */
  async closeExtensionPages() {
    this.#tabs.delete("commands");
    await Promise.all([...this.#extensionPages].map((page) => page.close()));
  }

  /** The same profile in a new context (after a restart): every tab opened anew. */
  replaceContext(context: BrowserContext) {
    this.context = context;
    this.#tabs.clear();
    this.#extensionPages.clear();
  }

  browsingTab = () => this.#tab("browsing", () => this.context.newPage());

  send: Profile["send"] = (command) => this.commands.send(command);
  sendOk: Profile["sendOk"] = (command) => this.commands.sendOk(command);
  createTokens: Profile["createTokens"] = (kind, number) =>
    this.commands.createTokens(kind, number);
  proxyStatus = () => this.commands.proxyStatus();

  async stored(area: "local" | "session", key: string) {
    const page = await this.ext();
    return page.evaluate(async ({ area, key }) => (await chrome.storage[area].get(key))[key], {
      area,
      key,
    });
  }

  sync: Profile["sync"] = {
    all: async () => (await this.ext()).evaluate(() => chrome.storage.sync.get(null)),
    set: async (items) => (await this.ext()).evaluate((i) => chrome.storage.sync.set(i), items),
    remove: async (keys) => (await this.ext()).evaluate((k) => chrome.storage.sync.remove(k), keys),
    bytesInUse: async () =>
      (await this.ext()).evaluate(() => chrome.storage.sync.getBytesInUse(null)),
  };

  async options(address = "") {
    return viewOf(this.#own(await openOptions(this.context, extensionId, address)));
  }

  async popup() {
    return viewOf(this.#own(await extensionPage(this.context, extensionId)));
  }

  async routeOf(host: string): Promise<Route> {
    const tag = `route-${++loads}`;
    const page = await this.context.newPage();
    const port = new URL(this.echo.url).port;
    const loaded = await page.goto(`http://${host}:${port}/?${tag}`, { timeout: 5_000 }).then(
      (response) => !!response?.ok(),
      () => false,
    );
    await page.close();
    const arrived = this.echo.requestPaths.includes(`/?${tag}`);
    return loaded && arrived ? "direct" : !arrived ? "blocked" : "arrived, not loaded";
  }

  /** One visitor tab, reused by every visit (a new tab per visit costs its own renderer). */
  async visit(url: string) {
    const visitor = await this.#tab("visitor", () => this.context.newPage());
    try {
      const response = await visitor.goto(unique(url), { timeout: 15_000 });
      return { status: response?.status() ?? 0, exit: await remoteOf(visitor) };
    } catch {
      return { status: 0, exit: "" };
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

/** The Playwright driver of one test: its profile, and whatever else it opened. */
function chromiumDriver(
  profile: ChromiumProfile,
  userDataDir: string,
  servers: { sb: Sandbox; echo: EchoServer; secure: EchoServer },
  closeLater: (close: () => Promise<unknown>) => void,
): Driver {
  let watcher: Awaited<ReturnType<typeof watchWorker>> | undefined;
  // Through CDP, attached to a web tab: Playwright's own worker list lags behind, and keeps
  // handing out a stopped worker (README, machine traps).
  const watched = async () => {
    watcher ??= await watchWorker(
      await profile.context.newCDPSession(await profile.browsingTab()),
      extensionId,
    );
    return watcher;
  };
  const workerControl: WorkerControl = {
    stop: async () => {
      await (await watched()).stop();
    },
    sleep: async () => {
      const w = await watched();
      await profile.closeExtensionPages();
      await w.sleep();
    },
    starts: async () => (await watched()).starts(),
    startedOnceSince: async (before, what) => (await watched()).startedOnceSince(before, what),
  };
  return {
    browser: "Chromium",
    expect: scenarioExpect,
    ...servers,
    main: profile,
    async newProfile() {
      const dir = mkdtempSync(path.join(tmpdir(), "proxy-deck-profile-b-"));
      const context = await launchWithExtension(dir, NAMED_GATEWAY_ARGS);
      closeLater(async () => {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return new ChromiumProfile(context, servers.echo);
    },
    can: {
      containers: false,
      async restart() {
        await profile.context.close();
        const context = await launchWithExtension(userDataDir, NAMED_GATEWAY_ARGS);
        closeLater(() => context.close());
        profile.replaceContext(context);
        watcher = undefined;
      },
      worker: workerControl,
      proxyMode: async () =>
        (await profile.ext()).evaluate(
          async () => (await chrome.proxy.settings.get({})).value.mode as string,
        ),
      // Chrome keeps one login per gateway address as written: each token is added under a
      // spelling of its own (the gateway's name, and the name with its root dot).
      async twoTokensOnOneGateway() {
        const { one, two, first, second } = await twoTokensOnNamedGateway(
          await profile.ext(),
          servers.sb,
        );
        return { one, two, routeOne: first, routeTwo: second };
      },
      // Chromium bypasses loopback unless told not to (`<-loopback>`).
      useSandbox: async () => {
        await profile.sendOk({ type: "patchSettings", patch: sandboxSettings(servers.sb) });
      },
    },
  };
}

/** The fixtures' test, launched with every `.test` name and the sandbox's gateway name mapped. */
export const test = fixtureTest.extend({
  chromiumArgs: NAMED_GATEWAY_ARGS,
});

/** A scenario's Playwright details: the tag of the lane it runs in (playwright.config.ts). */
export const detailsOf = (scenario: Scenario) => (scenario.waits ? { tag: "@waits" } : {});

/**
 * A scenario as a Playwright test's body, with a driver of its own. The spec files call `test`
 * themselves (`test(s.name, detailsOf(s), bodyOf(s))`), so the report names the spec file.
 */
export function bodyOf(scenario: Scenario) {
  return async ({
    context,
    userDataDir,
    sb,
    echo,
  }: {
    context: BrowserContext;
    userDataDir: string;
    sb: Sandbox;
    echo: EchoServer;
  }) => {
    if (scenario.timeout) test.setTimeout(scenario.timeout);
    const secure = await startEchoServer({ https: true });
    const closing: (() => Promise<unknown>)[] = [() => secure.close()];
    const profile = new ChromiumProfile(context, echo);
    const driver = chromiumDriver(profile, userDataDir, { sb, echo, secure }, (close) =>
      closing.push(close),
    );
    try {
      await scenario.run(driver);
    } finally {
      for (const close of closing.reverse()) await close().catch(() => undefined);
    }
  };
}

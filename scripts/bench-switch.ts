/**
 * The switch figures of issue 34, in real headless Chromium against the sandbox over real HTTP
 * (its authenticating gateways). A page on a `.test` site fetches a small URL in a loop, one
 * request at a time, each aborted after 5 s, and records its send time, end time and exit (both
 * pages time with `performance.timeOrigin + performance.now()`, so their clocks compare):
 *   1. a click on a token's Connect in the popup → the first request sent after it that exits
 *      through that token; two tokens on two gateways (two sandboxes);
 *   2. the same with two tokens added as proxy lines on ONE gateway, no provider (HTTP, HTTPS);
 *   3. the browser's floor: `chrome.proxy.settings.set` from a minimal extension that answers
 *      the gateways' 407 from a fixed map, no Proxy Deck → the first request on the new exit;
 *   4. a page of 300 images through token A's gateway, with Proxy Deck connected against the
 *      floor extension alone, in interleaved rounds; then again with one site rule on;
 *   5. (1) in Firefox ESR with the Firefox build (puppeteer over WebDriver BiDi), a real click too.
 * Also counted: requests hung (no answer in 5 s), failed, gone direct, and stale (sent after the
 * click, still out of the old exit). Figures only: nothing asserts on time; every wait is bounded.
 * Env: BENCH_SWITCHES (60), BENCH_SAME_GW (20), BENCH_PAGE_ROUNDS (16), BENCH_FIREFOX=0 skips (5),
 * BENCH_SWITCH_LIMIT_S (1800: the whole run's bound). Needs `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { BrowserContext, Page } from "@playwright/test";
import type { SiteRule } from "../lib/routing/rules";
import { backgroundWorker, launchWithExtension } from "../tests/e2e/fixtures";
import {
  buyElsewhere,
  createTokens,
  extensionPage,
  gatewayLog,
  must,
  sandboxSettings,
  sendOk,
  startEchoServer,
  TEST_NAMES,
} from "../tests/e2e/harness";
import * as ff from "../tests/firefox/firefox";
import { type Sandbox, startSandbox } from "../tests/sandbox/index";
import { quantile } from "./bench-stats";

const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 60);
const SAME_GW = Number(process.env.BENCH_SAME_GW ?? 20);
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 16);
const REQUEST_TIMEOUT_MS = 5_000;
/** A switch whose new exit has not shown by then is counted as never and the run moves on. */
const SWITCH_BOUND_MS = 20_000;
const SETTLE_MS = 300;
/** The whole run, whatever happens: the figures so far are printed, then the process exits. */
const HARD_BOUND_MS = Number(process.env.BENCH_SWITCH_LIMIT_S ?? 1_800) * 1_000;
/** Where the echo server sees a request come from when it went direct. */
const DIRECT = "127.0.0.1";
const IMAGES = 300;

/** One request of the loop: `exit` is an address, "timeout", "failed" or "status N". */
interface Sent {
  sent: number;
  end: number;
  exit: string;
}
interface Switch {
  at: number;
  from: string;
  to: string;
}
/** An exit to switch to: its address, and the act (a click, a call) that returns its time. */
interface Target {
  ip: string;
  go: () => Promise<number>;
}
type LoopWindow = { benchLoop: { log: Sent[]; stop: boolean } };
type TimedWindow = { benchClicks: number[] };

/** Each figure's line as soon as it is known: a run cut short keeps what it measured. */
const report = (line: string) => console.log(line);

/** What the loop needs of a page: Playwright's (Chromium) and puppeteer's (Firefox) both give it. */
interface LoopPage {
  goto(url: string): Promise<unknown>;
  /** Runs `fn` in the page with one serialisable argument (never a named inner function). */
  run<A, R>(fn: (arg: A) => R, arg: A): Promise<R>;
}
const playwrightLoop = (page: Page): LoopPage => ({
  goto: (url) => page.goto(url),
  run: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg),
});

/** Starts the page's request loop on `url` (same origin as the page): one fetch at a time. */
async function startLoop(page: LoopPage, url: string): Promise<void> {
  await page.goto(url);
  await page.run(
    ({ url, timeoutMs, maxMs }) => {
      const w = window as unknown as LoopWindow;
      const loop = { log: [] as Sent[], stop: false };
      w.benchLoop = loop;
      // Inline, not a named helper: tsx would wrap one in a `__name` the page lacks.
      const until = performance.timeOrigin + performance.now() + maxMs;
      void (async () => {
        for (let n = 0; !loop.stop && performance.timeOrigin + performance.now() < until; n++) {
          const sent = performance.timeOrigin + performance.now();
          const abort = new AbortController();
          const timer = setTimeout(() => abort.abort(), timeoutMs);
          let exit: string;
          try {
            const res = await fetch(`${url}?n=${n}`, { cache: "no-store", signal: abort.signal });
            const body = await res.text();
            exit = res.ok ? (/id="remote">([^<]*)/.exec(body)?.[1] ?? "?") : `status ${res.status}`;
          } catch {
            exit = abort.signal.aborted ? "timeout" : "failed";
          }
          clearTimeout(timer);
          loop.log.push({ sent, end: performance.timeOrigin + performance.now(), exit });
        }
      })();
    },
    { url, timeoutMs: REQUEST_TIMEOUT_MS, maxMs: HARD_BOUND_MS },
  );
}

function stopLoop(page: LoopPage): Promise<Sent[]> {
  return page.run(() => {
    const loop = (window as unknown as LoopWindow).benchLoop;
    loop.stop = true;
    return loop.log;
  }, null);
}

/** Whether a request sent at or after `since` exited from `ip`, within the switch bound. */
async function exitShown(page: LoopPage, ip: string, since: number): Promise<boolean> {
  for (const end = Date.now() + SWITCH_BOUND_MS; Date.now() < end; await sleep(10)) {
    const seen = await page.run(
      ({ ip, since }) => {
        const { log } = (window as unknown as LoopWindow).benchLoop;
        for (let i = log.length - 1; i >= 0 && (log[i]?.sent ?? 0) >= since; i--) {
          if (log[i]?.exit === ip) return true;
        }
        return false;
      },
      { ip, since },
    );
    if (seen) return true;
  }
  return false;
}

/** The promise's value, or an error once `ms` have passed (a click or a call that never ends). */
async function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects the first target, then switches back and forth `n` times, the loop running. */
async function switchRun(site: LoopPage, url: string, targets: [Target, Target], n: number) {
  if (targets[0].ip === targets[1].ip) throw new Error(`both tokens exit from ${targets[0].ip}`);
  await startLoop(site, url);
  const [first] = targets;
  if (!(await exitShown(site, first.ip, await first.go()))) {
    throw new Error("the first exit never showed");
  }
  const switches: Switch[] = [];
  for (let i = 0; i < n; i++) {
    const from = targets[i % 2] ?? first;
    const to = targets[(i + 1) % 2] ?? first;
    const at = await bounded(to.go(), SWITCH_BOUND_MS, `switch ${i}'s click or call`);
    switches.push({ at, from: from.ip, to: to.ip });
    await exitShown(site, to.ip, at);
    await sleep(SETTLE_MS);
  }
  return analyse(await stopLoop(site), switches);
}

/** The figures of one run: click → first request on the new exit, and what went wrong. */
function analyse(log: Sent[], switches: Switch[]) {
  const figures: number[] = [];
  let never = 0;
  let stale = 0;
  let staleSwitches = 0;
  let staleLast = 0;
  switches.forEach((s, i) => {
    const next = switches[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    const after = log.filter((r) => r.sent >= s.at && r.sent < next);
    const first = after.find((r) => r.exit === s.to);
    if (first) figures.push(first.sent - s.at);
    else never++;
    const old = after.filter((r) => r.exit === s.from);
    stale += old.length;
    if (old.length > 0) staleSwitches++;
    for (const r of old) staleLast = Math.max(staleLast, r.sent - s.at);
  });
  // Every request that ended after the first click, and when it was sent from its click.
  const start = switches[0]?.at ?? 0;
  const clickOf = (r: Sent) => switches.findLast((s) => s.at <= r.end)?.at ?? start;
  const offsets = (bad: (r: Sent) => boolean) =>
    log.filter((r) => r.end >= start && bad(r)).map((r) => Math.round(r.sent - clickOf(r)));
  const hung = offsets((r) => r.exit === "timeout");
  const failed = offsets((r) => r.exit === "failed" || r.exit.startsWith("status"));
  const direct = offsets((r) => r.exit === DIRECT);
  const requests = log.filter((r) => r.end >= start).length;
  const ms = (list: number[]) =>
    list.length === 0
      ? ""
      : ` (sent at ${list
          .slice(0, 8)
          .map((o) => `${o >= 0 ? "+" : ""}${o}`)
          .join(", ")}${list.length > 8 ? ", …" : ""} ms from the click)`;
  const counts =
    `    requests ${requests}; hung ${hung.length}${ms(hung)}; failed ${failed.length}${ms(failed)};` +
    ` direct ${direct.length}${ms(direct)}; stale ${stale} in ${staleSwitches} switches` +
    `${stale > 0 ? ` (last sent +${Math.round(staleLast)} ms after the click)` : ""};` +
    ` new exit never seen ${never}`;
  return { figures, never, counts };
}

const summary = (name: string, samples: number[]) =>
  `${name.padEnd(52)} median ${quantile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(samples, 0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;

/** The gateway's decisions since it was last cleared (its log keeps the last 1,000). */
async function gatewaySummary(name: string, sb: Sandbox): Promise<string> {
  const counts = new Map<string, number>();
  for (const e of await gatewayLog(sb)) counts.set(e.result, (counts.get(e.result) ?? 0) + 1);
  await fetch(`${sb.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });
  return `    ${name} gateway decisions (last ≤1000): ${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}`;
}

/** The popup opened as a tab, each click's time recorded in its clock (capture phase). */
async function timedPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await extensionPage(context, extensionId);
  await popup.evaluate(recordClicks);
  return popup;
}

/** Run in the popup: every click's time, taken before any handler of the page sees it. */
function recordClicks() {
  const w = window as unknown as TimedWindow;
  w.benchClicks = [];
  window.addEventListener(
    "click",
    () => w.benchClicks.push(performance.timeOrigin + performance.now()),
    true,
  );
}

/** A click on the Connect of the token's row, and the click's time. */
const clickConnect = (popup: Page, tokenId: number) => async () => {
  await popup
    .getByRole("button", { name: `Connect through token #${tokenId}`, exact: true })
    .click();
  return popup.evaluate(() => (window as unknown as TimedWindow).benchClicks.at(-1) ?? 0);
};

interface Login {
  host: string;
  port: number;
  username: string;
  password: string;
  ip: string;
}
const lineOf = (l: Login) => `${l.host}:${l.port}:${l.username}:${l.password}`;

/**
 * The floor: an extension that only sets a fixed proxy when asked and answers the gateways'
 * 407 from a fixed map (asyncBlocking, as Chrome requires). Written to a temp dir.
 */
function floorExtension(dir: string, logins: Login[]): string {
  mkdirSync(dir, { recursive: true });
  const manifest = {
    manifest_version: 3,
    name: "switch floor",
    version: "1.0",
    permissions: ["proxy", "webRequest", "webRequestAuthProvider"],
    host_permissions: ["<all_urls>"],
    background: { service_worker: "background.js" },
  };
  const map = Object.fromEntries(
    logins.map((l) => [`${l.host}:${l.port}`, { username: l.username, password: l.password }]),
  );
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, "background.js"),
    `const LOGINS = ${JSON.stringify(map)};
chrome.webRequest.onAuthRequired.addListener(
  (d, callback) => {
    const login = d.isProxy ? LOGINS[d.challenger.host + ":" + d.challenger.port] : undefined;
    callback(login ? { authCredentials: login } : {});
  },
  { urls: ["<all_urls>"] },
  ["asyncBlocking"],
);
self.useProxy = async (host, port) => {
  const at = performance.timeOrigin + performance.now();
  await chrome.proxy.settings.set({
    value: { mode: "fixed_servers", rules: { singleProxy: { scheme: "http", host, port }, bypassList: ["<-loopback>"] } },
    scope: "regular",
  });
  return at;
};
`,
  );
  return dir;
}

/** Load time of a page (navigation start → load event), timed in the page. */
async function loadTime(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  return page.evaluate(
    () =>
      (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
  );
}

/** What every part shares: the two providers, the test sites, and a place for profiles. */
interface World {
  sb1: Sandbox;
  sb2: Sandbox;
  /** The test site by a `.test` name (Chromium proxies loopback addresses only when told). */
  site: string;
  secureSite: string;
  /** The test site by its loopback address (Firefox proxies loopback through a pref). */
  loopbackSite: string;
  /** Token B: bought at sandbox 2 directly, added to each browser as a proxy line. */
  b: Login;
  temp: string;
}

/** Prints a run's figure, its counts, and what its gateways decided meanwhile. */
async function reportRun(name: string, run: ReturnType<typeof analyse>, sandboxes: Sandbox[]) {
  const never = run.never > 0 ? `, + ${run.never} never within ${SWITCH_BOUND_MS / 1000} s` : "";
  report(summary(name, run.figures).replace(/\)$/, `${never})`));
  report(run.counts);
  for (const [i, sb] of sandboxes.entries()) {
    report(await gatewaySummary(`sandbox ${i + 1} (:${sb.proxyPort})`, sb));
  }
}

/** Chromium with Proxy Deck, its popup open as a tab with the sandbox's settings saved. */
async function deckBrowser(world: World, name: string, settings = sandboxSettings(world.sb1)) {
  const context = await launchWithExtension(path.join(world.temp, name), [TEST_NAMES]);
  const extensionId = new URL((await backgroundWorker(context)).url()).host;
  const popup = await timedPopup(context, extensionId);
  await sendOk(popup, { type: "patchSettings", patch: settings });
  return { context, popup };
}

/** 1. Token A bought through Proxy Deck from sandbox 1; token B of sandbox 2 added as a line. */
async function twoGateways(world: World, deck: { context: BrowserContext; popup: Page }) {
  const { sb1, sb2 } = world;
  const a = must((await createTokens(deck.popup, "static-traffic", 1))[0], "token A");
  const added = await sendOk(deck.popup, { type: "addProxies", text: lineOf(world.b) });
  const site = await deck.context.newPage();
  const run = await switchRun(
    playwrightLoop(site),
    world.site,
    [
      { ip: a.ip, go: clickConnect(deck.popup, a.id) },
      { ip: world.b.ip, go: clickConnect(deck.popup, must(added.added[0], "token B")) },
    ],
    SWITCHES,
  );
  await reportRun("Proxy Deck: click → new exit, two gateways", run, [sb1, sb2]);
  return { a, site };
}

/** 2. Two proxy lines on sandbox 1's one gateway, no provider: over HTTP, then HTTPS. */
async function oneGateway(world: World) {
  const noProvider = sandboxSettings(world.sb1, { baseUrl: "", auth: null });
  const { context, popup } = await deckBrowser(world, "one-gateway", noProvider);
  try {
    const [c, d] = [await buyElsewhere(world.sb1), await buyElsewhere(world.sb1)];
    const added = await sendOk(popup, { type: "addProxies", text: `${lineOf(c)}\n${lineOf(d)}` });
    const targets: [Target, Target] = [
      { ip: c.ip, go: clickConnect(popup, must(added.added[0], "line C")) },
      { ip: d.ip, go: clickConnect(popup, must(added.added[1], "line D")) },
    ];
    for (const [name, url] of [
      ["HTTP", world.site],
      ["HTTPS", world.secureSite],
    ] as const) {
      await sendOk(popup, { type: "disconnect" }); // each run starts with a click on C
      const run = await switchRun(playwrightLoop(await context.newPage()), url, targets, SAME_GW);
      await reportRun(`Proxy Deck: click → new exit, one gateway, ${name}`, run, [world.sb1]);
    }
  } finally {
    await context.close();
  }
}

/** 3. The floor extension's browser, switched between A and B by bare proxy.settings.set. */
async function floorSwitches(world: World, a: Login) {
  const dir = floorExtension(path.join(world.temp, "floor-extension"), [a, world.b]);
  const context = await launchWithExtension(path.join(world.temp, "floor"), [TEST_NAMES], dir);
  const worker = await backgroundWorker(context);
  const useProxy = (l: Login) => () =>
    worker.evaluate(
      ([host, port]) =>
        (self as unknown as { useProxy: (h: string, p: number) => Promise<number> }).useProxy(
          host,
          port,
        ),
      [l.host, l.port] as const,
    );
  const site = await context.newPage();
  const run = await switchRun(
    playwrightLoop(site),
    world.site,
    [
      { ip: a.ip, go: useProxy(a) },
      { ip: world.b.ip, go: useProxy(world.b) },
    ],
    SWITCHES,
  );
  await reportRun("floor: proxy.settings.set → new exit, two gateways", run, [
    world.sb1,
    world.sb2,
  ]);
  await useProxy(a)();
  return { context, site };
}

/**
 * 4. A page of 300 images through A's gateway: Proxy Deck connected vs the floor extension,
 * then the same with one site rule (for a host the page does not use): Chrome then carries a
 * PAC script, and Proxy Deck counts each request's route for the popup.
 */
async function pageCost(world: World, a: Login, deckSite: Page, floorSite: Page) {
  const context = deckSite.context();
  const worker = await backgroundWorker(context);
  // Which of Proxy Deck's listeners hear every request now (none on the happy path; its
  // onBeforeRequest hears main frames only, and onErrorOccurred only failures).
  const listening = () =>
    worker.evaluate(() =>
      (["onHeadersReceived", "onCompleted"] as const)
        .filter((name) => chrome.webRequest[name].hasListeners())
        .join(", "),
    );
  report(`    listeners that hear every request: ${(await listening()) || "none"} (no rule)`);
  await pageCostRounds(world, a, deckSite, floorSite, "connected");
  const extensionId = new URL(worker.url()).host;
  const ext = await extensionPage(context, extensionId);
  const rule: SiteRule = {
    id: "bench",
    enabled: true,
    source: { type: "pattern", text: "ads.test" },
    route: { kind: "block" },
  };
  await sendOk(ext, { type: "setSiteRules", rules: [rule] });
  await ext.close();
  report(`    listeners that hear every request: ${(await listening()) || "none"} (one rule)`);
  await pageCostRounds(world, a, deckSite, floorSite, "connected, one site rule");
}

async function pageCostRounds(
  world: World,
  a: Login,
  deckSite: Page,
  floorSite: Page,
  state: string,
) {
  const pageOf = (round: number) => `${world.site}?count=${IMAGES}&round=${round}`;
  const withDeck: number[] = [];
  const withFloor: number[] = [];
  await loadTime(deckSite, pageOf(-1));
  await loadTime(floorSite, pageOf(-1));
  for (let round = 0; round < PAGE_ROUNDS; round++) {
    const [first, second] = round % 2 === 0 ? [deckSite, floorSite] : [floorSite, deckSite];
    for (const page of [first, second]) {
      (page === deckSite ? withDeck : withFloor).push(await loadTime(page, pageOf(round)));
    }
  }
  for (const page of [deckSite, floorSite]) {
    const exit = await page.locator("#remote").textContent();
    if (exit !== a.ip) report(`    !! a page exited from ${exit}, not token A's ${a.ip}`);
  }
  report(summary(`page of ${IMAGES} images via A, Proxy Deck ${state}`, withDeck));
  report(summary(`page of ${IMAGES} images via A, floor extension only`, withFloor));
  const cost = (quantile(withDeck, 0.5) / quantile(withFloor, 0.5) - 1) * 100;
  report(
    `    Proxy Deck's page cost, ${state}: ${cost >= 0 ? "+" : ""}${cost.toFixed(1)}% (medians)`,
  );
}

/**
 * 5. Firefox ESR with the Firefox build, as tests/firefox drive it: the popup opened as a tab
 * (allowed there through --remote-allow-system-access), a real click on its Connect.
 */
async function firefoxSwitches(world: World) {
  const browser = await ff.launchFirefox();
  try {
    const popup = await ff.extensionPage(browser);
    await ff.sendOk(popup, { type: "patchSettings", patch: ff.firefoxSandboxSettings(world.sb1) });
    await popup.evaluate(recordClicks);
    const a = must((await ff.createTokens(popup, "static-traffic", 1))[0], "token A");
    const added = await ff.sendOk(popup, { type: "addProxies", text: lineOf(world.b) });
    const click = (tokenId: number) => async () => {
      // The row comes with the popup's next storage event, and a render can replace it: wait
      // for it, then click the one in the page at that moment (a click event, as a user's).
      const button = `button[aria-label="Connect through token #${tokenId}"]`;
      await popup.waitForSelector(button);
      await popup.$eval(button, (element) => (element as HTMLElement).click());
      return popup.evaluate(() => (window as unknown as TimedWindow).benchClicks.at(-1) ?? 0);
    };
    // A window of its own: in a background tab of the popup's window, each puppeteer click
    // waited twice as long as the one before (2, 4, 8 … 128 s: Firefox's background throttling).
    const site = await browser.newPage({ type: "window" });
    const run = await switchRun(
      {
        goto: (url) => site.goto(url),
        run: <A, R>(fn: (arg: A) => R, arg: A) =>
          site.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>,
      },
      world.loopbackSite,
      [
        { ip: a.ip, go: click(a.id) },
        { ip: world.b.ip, go: click(must(added.added[0], "token B")) },
      ],
      SWITCHES,
    );
    await reportRun("Firefox, Proxy Deck: click → new exit, two gateways", run, [
      world.sb1,
      world.sb2,
    ]);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const temp = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-switch-"));
  const [sb1, sb2, echo, secure] = await Promise.all([
    startSandbox({ plan: "enterprise" }),
    startSandbox({ plan: "enterprise" }),
    startEchoServer(),
    startEchoServer({ https: true }),
  ]);
  const contexts: BrowserContext[] = [];
  try {
    // Sandbox 2 hands out the same exit addresses as sandbox 1 (from 127.0.0.2, in order): its
    // first nine tokens are left unused, so B exits from an address none of the (at most four)
    // tokens of sandbox 1 gets.
    for (let i = 0; i < 9; i++) await buyElsewhere(sb2);
    const world = {
      sb1,
      sb2,
      b: await buyElsewhere(sb2),
      site: `http://site.test:${new URL(echo.url).port}/`,
      secureSite: `https://site.test:${new URL(secure.url).port}/`,
      loopbackSite: `${echo.url}/`,
      temp,
    };
    report(
      `Switch bench (sandbox on loopback; ${SWITCHES} switches on two gateways, ${SAME_GW} on one, ${PAGE_ROUNDS} page rounds; requests time out after ${REQUEST_TIMEOUT_MS / 1000} s)`,
    );
    const deck = await deckBrowser(world, "deck");
    contexts.push(deck.context);
    const { a, site } = await twoGateways(world, deck);
    if (SAME_GW > 0) await oneGateway(world);
    const floor = await floorSwitches(world, a);
    contexts.push(floor.context);
    if (PAGE_ROUNDS > 0) {
      await sendOk(deck.popup, { type: "connect", tokenId: a.id });
      await deck.popup.close(); // browsing, the popup closed
      await pageCost(world, a, site, floor.site);
    }
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    if (process.env.BENCH_FIREFOX !== "0") await firefoxSwitches(world);
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await Promise.all([echo.close(), secure.close(), sb1.close(), sb2.close()]);
    rmSync(temp, { recursive: true, force: true });
  }
}

setTimeout(() => {
  console.error(`bench-switch: the hard bound of ${HARD_BOUND_MS / 1000} s is reached, stopping`);
  process.exit(2);
}, HARD_BOUND_MS).unref();

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

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
 *      floor extension alone, in interleaved rounds.
 * Also counted: requests hung (no answer in 5 s), failed, gone direct, and stale (sent after the
 * click, still out of the old exit). Figures only: nothing asserts on time; every wait is bounded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { backgroundWorker, launchWithExtension, unpackedExtensionId } from "../tests/e2e/fixtures";
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

/** Starts the page's request loop on `url` (same origin as the page): one fetch at a time. */
async function startLoop(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(
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

async function stopLoop(page: Page): Promise<Sent[]> {
  return page.evaluate(() => {
    const loop = (window as unknown as LoopWindow).benchLoop;
    loop.stop = true;
    return loop.log;
  });
}

/** Whether a request sent at or after `since` exited from `ip`, within the switch bound. */
async function exitShown(page: Page, ip: string, since: number): Promise<boolean> {
  try {
    await page.waitForFunction(
      ({ ip, since }) => {
        const { log } = (window as unknown as LoopWindow).benchLoop;
        for (let i = log.length - 1; i >= 0 && (log[i]?.sent ?? 0) >= since; i--) {
          if (log[i]?.exit === ip) return true;
        }
        return false;
      },
      { ip, since },
      { timeout: SWITCH_BOUND_MS, polling: 10 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Connects the first target, then switches back and forth `n` times, the loop running. */
async function switchRun(site: Page, url: string, targets: [Target, Target], n: number) {
  await startLoop(site, url);
  const [first] = targets;
  if (!(await exitShown(site, first.ip, await first.go())))
    throw new Error("first exit never shown");
  const switches: Switch[] = [];
  for (let i = 0; i < n; i++) {
    const from = targets[i % 2] ?? first;
    const to = targets[(i + 1) % 2] ?? first;
    const at = await to.go();
    switches.push({ at, from: from.ip, to: to.ip });
    await exitShown(site, to.ip, at);
    await site.waitForTimeout(SETTLE_MS);
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
  return { figures, counts };
}

const summary = (name: string, samples: number[]) =>
  `${name.padEnd(48)} median ${quantile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(samples, 0.95).toFixed(1).padStart(7)} ms   (n=${samples.length})`;

/** The gateway's decisions since it was last cleared (its log keeps the last 1,000). */
async function gatewaySummary(name: string, sb: Sandbox): Promise<string> {
  const counts = new Map<string, number>();
  for (const e of await gatewayLog(sb)) counts.set(e.result, (counts.get(e.result) ?? 0) + 1);
  await fetch(`${sb.baseUrl}/__sandbox/gateway-log/clear`, { method: "POST" });
  return `    ${name} gateway log (last ≤1000): ${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}`;
}

/** The popup opened as a tab, each click's time recorded in its clock (capture phase). */
async function timedPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await extensionPage(context, extensionId);
  await popup.evaluate(() => {
    const w = window as unknown as TimedWindow;
    w.benchClicks = [];
    window.addEventListener(
      "click",
      () => w.benchClicks.push(performance.timeOrigin + performance.now()),
      true,
    );
  });
  return popup;
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

async function main(): Promise<void> {
  const temp = mkdtempSync(path.join(tmpdir(), "proxy-deck-bench-switch-"));
  const [sb1, sb2, echo, secure] = await Promise.all([
    startSandbox({ plan: "enterprise" }),
    startSandbox({ plan: "enterprise" }),
    startEchoServer(),
    startEchoServer({ https: true }),
  ]);
  const site = `http://site.test:${new URL(echo.url).port}/`;
  const secureSite = `https://site.test:${new URL(secure.url).port}/`;
  const contexts: BrowserContext[] = [];
  const launch = async (name: string, extension?: string) => {
    const context = await launchWithExtension(path.join(temp, name), [TEST_NAMES], extension);
    contexts.push(context);
    return context;
  };
  try {
    report(
      `Switch bench (Chromium headless, sandbox on loopback; ${SWITCHES} switches on two gateways, ${SAME_GW} on one, ${PAGE_ROUNDS} page rounds)`,
    );
    // 1. Proxy Deck, token A bought from sandbox 1, token B from sandbox 2 added as a proxy line.
    const deck = await launch("deck");
    const deckId = new URL((await backgroundWorker(deck)).url()).host;
    const popup = await timedPopup(deck, deckId);
    await sendOk(popup, { type: "patchSettings", patch: sandboxSettings(sb1) });
    const a = must((await createTokens(popup, "static-traffic", 1))[0], "token A");
    // Sandbox 2 hands out the same exit addresses from 127.0.0.2: its second token exits elsewhere.
    await buyElsewhere(sb2);
    const b = await buyElsewhere(sb2);
    const added = await sendOk(popup, {
      type: "addProxies",
      text: `${b.host}:${b.port}:${b.username}:${b.password}`,
    });
    const bId = must(added.added[0], "token B's id");
    const sitePage = await deck.newPage();
    const two = await switchRun(
      sitePage,
      site,
      [
        { ip: a.ip, go: clickConnect(popup, a.id) },
        { ip: b.ip, go: clickConnect(popup, bId) },
      ],
      SWITCHES,
    );
    report(summary("Proxy Deck: click → new exit, two gateways", two.figures));
    report(two.counts);
    report(await gatewaySummary("sandbox 1", sb1));
    report(await gatewaySummary("sandbox 2", sb2));

    // 2. Two proxy lines on ONE gateway of sandbox 1, no provider; HTTP, then HTTPS.
    const one = await launch("one-gateway");
    const oneId = new URL((await backgroundWorker(one)).url()).host;
    const popup1 = await timedPopup(one, oneId);
    await sendOk(popup1, {
      type: "patchSettings",
      patch: sandboxSettings(sb1, { baseUrl: "", auth: null }),
    });
    const [c, d] = [await buyElsewhere(sb1), await buyElsewhere(sb1)];
    const lineIds = await sendOk(popup1, {
      type: "addProxies",
      text: [c, d].map((t) => `${t.host}:${t.port}:${t.username}:${t.password}`).join("\n"),
    });
    const sameGateway: [Target, Target] = [
      { ip: c.ip, go: clickConnect(popup1, must(lineIds.added[0], "line C")) },
      { ip: d.ip, go: clickConnect(popup1, must(lineIds.added[1], "line D")) },
    ];
    const http = await switchRun(await one.newPage(), site, sameGateway, SAME_GW);
    report(summary("Proxy Deck: click → new exit, one gateway, HTTP", http.figures));
    report(http.counts);
    report(await gatewaySummary("sandbox 1", sb1));
    await sendOk(popup1, { type: "disconnect" }); // the HTTPS run starts with a click on C too
    const https = await switchRun(await one.newPage(), secureSite, sameGateway, SAME_GW);
    report(summary("Proxy Deck: click → new exit, one gateway, HTTPS", https.figures));
    report(https.counts);
    report(await gatewaySummary("sandbox 1", sb1));
    await one.close();

    // 3. The floor: the same two tokens, set by a bare proxy.settings.set.
    const logins: Login[] = [{ ...a }, b];
    const floorDir = floorExtension(path.join(temp, "floor-extension"), logins);
    const floor = await launch("floor", floorDir);
    const floorWorker = await backgroundWorker(floor);
    if (!floorWorker.url().includes(unpackedExtensionId(floorDir))) throw new Error("floor worker");
    const useProxy = (l: Login) => () =>
      floorWorker.evaluate(
        ([host, port]) =>
          (self as unknown as { useProxy: (h: string, p: number) => Promise<number> }).useProxy(
            host,
            port,
          ),
        [l.host, l.port] as const,
      );
    const floorPage = await floor.newPage();
    const bare = await switchRun(
      floorPage,
      site,
      [
        { ip: a.ip, go: useProxy(a) },
        { ip: b.ip, go: useProxy(b) },
      ],
      SWITCHES,
    );
    report(summary("floor: proxy.settings.set → new exit, two gateways", bare.figures));
    report(bare.counts);
    report(await gatewaySummary("sandbox 1", sb1));
    report(await gatewaySummary("sandbox 2", sb2));

    // 4. Page cost: 300 images through token A's gateway, Proxy Deck against the floor alone.
    await sendOk(popup, { type: "connect", tokenId: a.id });
    await popup.close();
    await useProxy(a)();
    const withDeck: number[] = [];
    const withFloor: number[] = [];
    const pageOf = (round: number) => `${site}?count=${IMAGES}&round=${round}`;
    await loadTime(sitePage, pageOf(-1));
    await loadTime(floorPage, pageOf(-1));
    for (let round = 0; round < PAGE_ROUNDS; round++) {
      const deckFirst = round % 2 === 0;
      if (deckFirst) withDeck.push(await loadTime(sitePage, pageOf(round)));
      withFloor.push(await loadTime(floorPage, pageOf(round)));
      if (!deckFirst) withDeck.push(await loadTime(sitePage, pageOf(round)));
    }
    for (const page of [sitePage, floorPage]) {
      const exit = await page.locator("#remote").textContent();
      if (exit !== a.ip) report(`    !! a page exited from ${exit}, not token A's ${a.ip}`);
    }
    report(summary(`page of ${IMAGES} images via A, Proxy Deck connected`, withDeck));
    report(summary(`page of ${IMAGES} images via A, floor extension only`, withFloor));
    const cost = (quantile(withDeck, 0.5) / quantile(withFloor, 0.5) - 1) * 100;
    report(`    Proxy Deck's page cost: ${cost >= 0 ? "+" : ""}${cost.toFixed(1)}% (medians)`);
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

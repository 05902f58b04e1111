/**
 * A gateway that asks again must cost the user nothing, in Firefox ESR (the sandbox's gateway).
 * Firefox writes the token's Proxy-Authorization on every request (lib/proxy/firefox.ts), so a
 * gateway that ended its sessions asks that header again: a question, answered through
 * webRequest.onAuthRequired. Only a 407 to our own answer is a strike (lib/proxy/login-doubts.ts).
 * Every load is bounded: a challenge left unanswered would hang on Firefox's login dialog.
 */
import { expect, test, vi } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import {
  ASK_AGAIN_MODES,
  askAgain,
  burstInPage,
  chaosReport,
  lostToLoginQuestions,
  refusedLogins,
  refusePassword,
  type Sent,
  startChaos,
} from "../support/gateway-moods";
import { must } from "../support/sandbox-session";
import {
  assertPrerequisites,
  createTokens,
  exitOfPageLoad,
  extensionPage,
  gatewayLog,
  proxyStatus,
  sendOk,
} from "./firefox";
import { firefoxSuite } from "./suite";

const REPEATS = 20;

assertPrerequisites();
const suite = firefoxSuite({
  https: true,
  // Firefox's own background requests (remote settings) stay off the gateway: an extension
  // cannot cancel their proxy challenge (WebRequest.sys.mjs skips `cancel` for requests it may
  // not modify and forwards to Firefox's login dialog), so one in flight when a password is
  // revoked would open that dialog (BROWSER-FACTS.md).
  settings: (settings) => ({
    ...settings,
    bypassList: ["*.mozilla.com", "*.mozilla.net", "*.firefox.com"],
  }),
});

/** A fresh token, connected (the one before disconnected first: a refused one blocks the API). */
async function connectNew() {
  const { ext, echo, site: page } = suite;
  await sendOk(ext, { type: "disconnect" });
  const token = must((await createTokens(ext, "static-traffic", 1))[0], "token");
  await sendOk(ext, { type: "connect", tokenId: token.id });
  expect(await exitOfPageLoad(page, `${echo.url}/`)).toBe(token.ip);
  return token;
}

/**
 * A page visit in one tab while another fires 40 requests at once, half to the HTTPS host. Each
 * visit has a tab of its own: after a navigation that the extension cancelled (a refused
 * login), puppeteer never sees that tab load again, although it does (README, machine traps).
 */
async function visitAndBurst(
  tag: string,
  bases = [suite.echo.url, suite.secure.url],
): Promise<Sent[]> {
  const visitor = await suite.browser.newPage();
  try {
    const start = Date.now();
    const [visit, burst] = await Promise.all([
      visitor.goto(`${bases[0]}/visit-${tag}`, { timeout: 15_000 }).then(
        async (response) => ({
          status: response?.status() ?? 0,
          exit: await visitor.$eval("#remote", (el) => el.textContent ?? "").catch(() => ""),
        }),
        () => ({ status: 0, exit: "" }),
      ),
      suite.site.evaluate(burstInPage, { bases, count: 40, tag, timeoutMs: 15_000 }),
    ]);
    return [{ url: `visit ${tag}`, start, end: Date.now(), ...visit }, ...burst];
  } finally {
    await visitor.close();
  }
}

const notThrough = (sent: Sent[], ip: string) => sent.filter((s) => s.exit !== ip);

test(`asked again (the next request; every open connection), ${REPEATS} times each: every request answered through the token, the next page loads, no error`, async () => {
  const { browser, sb, echo, ext, site: page } = suite;
  const token = await connectNew();
  const lost: Sent[] = [];
  for (const how of ASK_AGAIN_MODES) {
    for (let i = 0; i < REPEATS; i++) {
      await askAgain(sb, how);
      lost.push(...notThrough(await visitAndBurst(`${how}-${i}`), token.ip));
      expect(await exitOfPageLoad(page, `${echo.url}/next-${how}-${i}`)).toBe(token.ip);
    }
  }
  expect(lost).toEqual([]);
  const asked = (await gatewayLog(sb)).filter(
    (e) => e.username === token.username && e.result === "auth-required",
  );
  expect(asked.length).toBeGreaterThan(0);
  expect(await refusedLogins(sb, token.username)).toEqual([]);
  expect((await proxyStatus(ext)).error).toBeNull();
  // The popup shows the token with no error.
  const popup = await extensionPage(browser);
  await popup.waitForSelector(`[data-token-id="${token.id}"]`);
  expect(await popup.$$(`[data-token-id="${token.id}"] .error`)).toHaveLength(0);
  await popup.close();
}, 180_000);

test("site rules with two tokens on one gateway, both asked again: every request through its own token", async () => {
  const { sb, echo, secure, ext, site: page } = suite;
  await sendOk(ext, { type: "disconnect" });
  const [a, b] = await createTokens(ext, "static-traffic", 2);
  const [one, two] = [must(a, "token 1"), must(b, "token 2")];
  const rule = (text: string, tokenId: number): SiteRule => ({
    id: text,
    enabled: true,
    source: { type: "pattern", text },
    route: { kind: "token", tokenId },
  });
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [rule("localhost", one.id), rule("127.0.0.1", two.id)],
  });
  const byName = (server: { url: string }) => server.url.replace("127.0.0.1", "localhost");
  try {
    const lost: Sent[] = [];
    for (let i = 0; i < 6; i++) {
      await askAgain(sb, ASK_AGAIN_MODES[i % 2] ?? "next-request");
      const [first, second] = await Promise.all([
        page.evaluate(burstInPage, {
          bases: [byName(echo), byName(secure)],
          count: 20,
          tag: `one-${i}`,
          timeoutMs: 15_000,
        }),
        page.evaluate(burstInPage, {
          bases: [echo.url, secure.url],
          count: 20,
          tag: `two-${i}`,
          timeoutMs: 15_000,
        }),
      ]);
      lost.push(...notThrough(first, one.ip), ...notThrough(second, two.ip));
    }
    expect(lost).toEqual([]);
    for (const token of [one, two]) expect(await refusedLogins(sb, token.username)).toEqual([]);
  } finally {
    await sendOk(ext, { type: "setSiteRules", rules: [] });
  }
}, 120_000);

/** Our own answers (authAttempts: request id → when) given after `at`. */
async function answersAfter(at: number): Promise<number> {
  const attempts = await suite.ext.evaluate(
    async () => (await chrome.storage.session.get("authAttempts")).authAttempts ?? {},
  );
  return Object.values(attempts as Record<string, number>).filter((t) => t > at).length;
}

/** When the popup's status said the login was refused (it polls what the popup reads). */
async function refusalShown(): Promise<number> {
  return vi.waitFor(
    async () => {
      const { error } = await proxyStatus(suite.ext);
      if (error?.failure.code !== "credentials-refused") throw new Error("not refused yet");
      return error.at;
    },
    { timeout: 5_000, interval: 50 },
  );
}

test("a revoked password (page visit + 40 parallel + an HTTPS visit): 'refused' shown, nothing sent after, nothing direct; refused logins and the time to 'refused' printed", async () => {
  const { browser, sb, echo, secure } = suite;
  const token = await connectNew();
  const directBefore = echo.requestsFrom.filter((ip) => ip === "127.0.0.1").length;
  const revokedAt = Date.now();
  await refusePassword(sb, token.id);
  const sent = await visitAndBurst("revoked");
  const https = await browser.newPage();
  await https.goto(`${secure.url}/after`, { timeout: 10_000 }).catch(() => undefined);
  await https.close();
  const shown = await refusalShown();
  const refused = await refusedLogins(sb, token.username);
  console.log(
    `Firefox, revoked password, page visit + 40 parallel + HTTPS visit: ${refused.length} refused logins at the gateway; 'refused' shown ${shown - Math.min(...refused)} ms after the first`,
  );
  // The time is a figure, not a bound: two verdict rounds (login-doubts.ts) plus round trips,
  // 0.8 s on a quiet machine, 2.7 s beside a whole browser suite on 2 cores.
  // Ours: at most one answer per request in flight (the page's favicon and the HTTPS visit
  // included), none once the refusal is known.
  const ours = (await answersAfter(revokedAt)) - (await answersAfter(shown));
  console.log(`  of which answers of ours: ${ours}, for ${sent.length + 2} requests`);
  expect(ours).toBeLessThanOrEqual(sent.length + 2);
  expect(await answersAfter(shown)).toBe(0);
  expect(sent.filter((s) => s.status === 200)).toEqual([]);
  // Nothing direct; no request hung on a login dialog (each is bounded: -1 would say so).
  expect(echo.requestsFrom.filter((ip) => ip === "127.0.0.1").length).toBe(directBefore);
  expect(sent.filter((s) => s.status === -1)).toEqual([]);
}, 60_000);

test("asked again, then revoked mid-session, then mended: told apart, and the error clears", async () => {
  const { sb, ext } = suite;
  const token = await connectNew();
  await askAgain(sb, "open-connections");
  expect(notThrough(await visitAndBurst("asked"), token.ip)).toEqual([]);
  expect((await proxyStatus(ext)).error).toBeNull();

  await refusePassword(sb, token.id);
  await visitAndBurst("revoked");
  await refusalShown();

  await refusePassword(sb, token.id, false);
  await sendOk(ext, { type: "checkExitIp" });
  expect((await proxyStatus(ext)).state).toBe("connected");
  expect((await proxyStatus(ext)).error).toBeNull();
  expect(notThrough(await visitAndBurst("mended"), token.ip)).toEqual([]);
}, 60_000);

const CHAOS_MS = Number(process.env.CHAOS_SECONDS ?? 60) * 1000;

test(
  `a gateway that misbehaves at random for ${CHAOS_MS / 1000} s (asks again, cuts, stalls; never refuses): no request lost to a login question, no 'refused'`,
  async () => {
    const { sb, ext } = suite;
    const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`Firefox chaos seed ${seed} (replay: CHAOS_SEED=${seed})`);
    const token = await connectNew();
    await startChaos(sb, seed, CHAOS_MS);
    const sent: Sent[] = [];
    const statuses = new Set<string>();
    for (let i = 0; (await chaosReport(sb)).active; i++) {
      sent.push(...(await visitAndBurst(`chaos-${i}`)));
      statuses.add((await proxyStatus(ext)).error?.failure.code ?? "none");
    }
    const report = await chaosReport(sb);
    console.log(
      `Firefox chaos ${seed}: ${sent.length} requests, ${report.requests} at the gateway: asked again ${report.askedAgain}, sessions ended ${report.sessionsEnded}, cuts ${report.cuts}, stalls ${report.stalls}; failed ${sent.filter((s) => s.status !== 200).length}; statuses seen: ${[...statuses].join(", ")}`,
    );
    expect(report.askedAgain + report.sessionsEnded).toBeGreaterThan(0);
    const lost = lostToLoginQuestions(sent, report.cutAt);
    if (lost.length > 0) {
      // What the extension knew when requests were lost (a CI run once lost all after round 5).
      const known = await ext.evaluate(() =>
        chrome.storage.local.get(["proxyStatus", "connection"]),
      );
      const session = await ext.evaluate(() => chrome.storage.session.get("refusedLogins"));
      console.log(`lost ${lost.length}, first: ${JSON.stringify(lost[0])}`);
      console.log(`extension: ${JSON.stringify({ ...known, ...session })}`);
    }
    expect(lost).toEqual([]);
    expect(sent.filter((s) => s.status === 200 && s.exit !== token.ip)).toEqual([]);
    expect(statuses.has("credentials-refused")).toBe(false);
    expect(await refusedLogins(sb, token.username)).toEqual([]);
  },
  CHAOS_MS + 60_000,
);

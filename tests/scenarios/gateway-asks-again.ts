/**
 * A gateway that asks again must cost the user nothing (the sandbox's gateway). Real gateways
 * ask a valid login again (a restart, a session timeout, a failover): their 407 to the
 * browser's cached login (Chromium) or to the header the extension wrote (Firefox,
 * lib/proxy/firefox.ts) is a question, and every request answers it. Only a 407 to our own
 * answer is a refusal (lib/proxy/login-doubts.ts). The load is a page visit and 40 parallel
 * requests to an HTTP and an HTTPS host, repeated, because the loss it guards against was
 * timing-dependent. Every request is bounded: a challenge left unanswered would hang on the
 * browser's login dialog.
 */

import type { SiteRule } from "../../lib/routing/rules";
import type { StoredToken } from "../../lib/state/tokens";
import {
  ASK_AGAIN_MODES,
  askAgain,
  chaosReport,
  lostToLoginQuestions,
  refusedLogins,
  refusePassword,
  type Sent,
  startChaos,
} from "../support/gateway-moods";
import { guard } from "../support/pace";
import { gatewayLog, must } from "../support/sandbox-session";
import type { Driver, Scenario } from "./driver";

const REPEATS = 20;
const CHAOS_MS = Number(process.env.CHAOS_SECONDS ?? 60) * 1000;

/** A fresh token, connected (the one before disconnected first: a refused one blocks the API). */
async function connectNewToken({ main, echo, can, expect }: Driver): Promise<StoredToken> {
  await can.useSandbox();
  await main.sendOk({ type: "disconnect" });
  const token = must((await main.createTokens("static-traffic", 1))[0], "token");
  await main.sendOk({ type: "connect", tokenId: token.id });
  expect(await main.exitOfPageLoad(`${echo.url}/first`)).toBe(token.ip);
  return token;
}

/**
 * A page visit in the visitor tab while the browsing tab fires 40 requests at once, half to the
 * HTTPS host: every request, the visit included, as the browser answered it.
 */
async function visitAndBurst({ main, echo, secure }: Driver, tag: string): Promise<Sent[]> {
  const bases = [echo.url, secure.url];
  const start = Date.now();
  const [visit, burst] = await Promise.all([
    main.visit(`${echo.url}/visit-${tag}`),
    main.burst({ bases, count: 40, tag, timeoutMs: guard(15_000) }),
  ]);
  return [{ url: `visit ${tag}`, start, end: Date.now(), ...visit }, ...burst];
}

const notThrough = (sent: Sent[], ip: string) => sent.filter((s) => s.exit !== ip);
const tokenRow = (token: StoredToken) => `[data-token-id="${token.id}"]`;

/** The popup shows the token, with no error (the sentence a refusal would put there). */
async function popupShowsNoError({ main, expect }: Driver, token: StoredToken) {
  const popup = await main.popup();
  await expect.poll(() => popup.shown(tokenRow(token))).toBeGreaterThan(0);
  expect(await popup.count(`${tokenRow(token)} .error`)).toBe(0);
  await popup.close();
}

/** Our own answers (authAttempts: request id → when) given after `at`. */
async function answersAfter({ main }: Driver, at: number): Promise<number> {
  const attempts = ((await main.stored("session", "authAttempts")) ?? {}) as Record<string, number>;
  return Object.values(attempts).filter((t) => t > at).length;
}

/** How round `i` of six asks again: each way in turn. */
const mode = (i: number) => ASK_AGAIN_MODES[i % 2] ?? "next-request";

export const gatewayScenarios: Scenario[] = [
  {
    name: `asked again (the next request; every open connection), ${REPEATS} times each: every request answered through the token, the next page loads, no error`,
    timeout: guard(180_000),
    async run(d) {
      const { main, sb, echo, expect } = d;
      const token = await connectNewToken(d);
      const lost: Sent[] = [];
      for (const how of ASK_AGAIN_MODES) {
        for (let i = 0; i < REPEATS; i++) {
          await askAgain(sb, how);
          lost.push(...notThrough(await visitAndBurst(d, `${how}-${i}`), token.ip));
          expect(await main.exitOfPageLoad(`${echo.url}/next-${how}-${i}`)).toBe(token.ip);
        }
      }
      expect(lost).toEqual([]);
      // The gateway really asked: once per round for the next request, once per open connection.
      const asked = (await gatewayLog(sb)).filter(
        (e) => e.username === token.username && e.result === "auth-required",
      );
      expect(asked.length).toBeGreaterThanOrEqual(2 * REPEATS);
      expect(await refusedLogins(sb, token.username)).toEqual([]);
      expect((await main.proxyStatus()).error).toBeNull();
      await popupShowsNoError(d, token);
    },
  },
  {
    name: "asked again while the worker is stopped: the woken worker answers every request",
    timeout: guard(90_000),
    async run(d) {
      const { main, sb, can, expect } = d;
      const { worker } = can;
      const token = await connectNewToken(d);
      const lost: Sent[] = [];
      for (let i = 0; i < 6; i++) {
        await worker.sleep();
        const startsBefore = await worker.starts();
        await askAgain(sb, mode(i));
        lost.push(...notThrough(await visitAndBurst(d, `cold-${i}`), token.ip));
        await worker.startedOnceSince(startsBefore, `cold ${i}`); // the challenge woke it
      }
      expect(lost).toEqual([]);
      expect(await refusedLogins(sb, token.username)).toEqual([]);
      expect((await main.proxyStatus()).error).toBeNull();
    },
  },
  {
    name: "asked again after a browser restart: every request answered, no error",
    timeout: guard(90_000),
    async run(d) {
      const { main, sb, echo, can, expect } = d;
      const token = await connectNewToken(d);
      await can.restart();
      if (can.proxyMode) await expect.poll(can.proxyMode).toBe("fixed_servers");
      expect(await main.exitOfPageLoad(`${echo.url}/restarted`)).toBe(token.ip);
      const lost: Sent[] = [];
      for (let i = 0; i < 6; i++) {
        await askAgain(sb, mode(i));
        lost.push(...notThrough(await visitAndBurst(d, `restart-${i}`), token.ip));
      }
      expect(lost).toEqual([]);
      expect(await refusedLogins(sb, token.username)).toEqual([]);
      expect((await main.proxyStatus()).error).toBeNull();
    },
  },
  {
    name: "site rules with two tokens on one gateway, both asked again: every request through its own token",
    timeout: guard(120_000),
    async run({ main, sb, echo, secure, can, expect }) {
      await can.useSandbox();
      await main.sendOk({ type: "disconnect" });
      const { one, two, routeOne, routeTwo } = await can.twoTokensOnOneGateway();
      const rule = (site: string, tokenId: number): SiteRule => ({
        id: site,
        enabled: true,
        source: { type: "pattern", text: site },
        route: { kind: "token", tokenId },
      });
      await main.sendOk({
        type: "setSiteRules",
        rules: [rule("a.test", routeOne), rule("e.test", routeTwo)],
      });
      if (can.proxyMode) await expect.poll(can.proxyMode).toBe("pac_script");
      // The sites by name (every name under `.test` reaches the test websites).
      const site = (name: string, server: { url: string }) => server.url.replace("127.0.0.1", name);
      expect(await main.exitOfPageLoad(`${site("a.test", echo)}/first`)).toBe(one.ip);
      const lost: Sent[] = [];
      for (let i = 0; i < 6; i++) {
        await askAgain(sb, mode(i));
        if (i % 2 === 0) await askAgain(sb, "next-request"); // the second token's login too
        const [a, e] = await Promise.all(
          ["a.test", "e.test"].map((name) =>
            main.burst({
              bases: [site(name, echo), site(name, secure)],
              count: 20,
              tag: `${name}-${i}`,
              timeoutMs: guard(15_000),
            }),
          ),
        );
        lost.push(...notThrough(must(a, "a.test burst"), one.ip));
        lost.push(...notThrough(must(e, "e.test burst"), two.ip));
      }
      expect(lost).toEqual([]);
      for (const token of [one, two]) expect(await refusedLogins(sb, token.username)).toEqual([]);
    },
  },
  {
    name: "a revoked password (page visit + 40 parallel + an HTTPS visit): 'refused' shown, nothing sent after, nothing direct; refused logins and the time to 'refused' printed",
    timeout: guard(60_000),
    async run(d) {
      const { browser, main, sb, echo, secure, expect } = d;
      const token = await connectNewToken(d);
      const direct = () => echo.requestsFrom.filter((ip) => ip === "127.0.0.1").length;
      const directBefore = direct();
      const revokedAt = Date.now();
      await refusePassword(sb, token.id);
      const sent = await visitAndBurst(d, "revoked");
      await main.visit(`${secure.url}/after`);
      await expect
        .poll(async () => (await main.proxyStatus()).error?.failure.code)
        .toBe("credentials-refused");
      const shown = must((await main.proxyStatus()).error, "the refusal").at;
      const refused = await refusedLogins(sb, token.username);
      console.log(
        `${browser}, revoked password, page visit + 40 parallel + HTTPS visit: ${refused.length} refused logins at the gateway; 'refused' shown ${shown - Math.min(...refused)} ms after the first`,
      );
      // The time is a figure, not a bound: two verdict rounds (login-doubts.ts) plus round
      // trips, 0.8 s on a quiet machine, 2.7 s beside a whole browser suite on 2 cores.
      // Ours: at most one answer per request in flight (the page's favicon and the HTTPS visit
      // included), none once the refusal is known.
      const ours = (await answersAfter(d, revokedAt)) - (await answersAfter(d, shown));
      console.log(`  of which answers of ours: ${ours}, for ${sent.length + 2} requests`);
      expect(ours).toBeLessThanOrEqual(sent.length + 2);
      expect(await answersAfter(d, shown)).toBe(0);
      expect(sent.filter((s) => s.status === 200)).toEqual([]);
      // Nothing direct; no request hung on a login dialog (each is bounded: -1 would say so).
      expect(direct()).toBe(directBefore);
      expect(sent.filter((s) => s.status === -1)).toEqual([]);
      const popup = await main.popup();
      await expect
        .poll(() => popup.text(`${tokenRow(token)} .error`))
        .toContain("refused this token's username or password");
      await popup.close();
    },
  },
  {
    name: "asked again, then revoked mid-session, then mended: told apart, and the error clears once the login works again",
    timeout: guard(60_000),
    async run(d) {
      const { main, sb, expect } = d;
      const token = await connectNewToken(d);
      await askAgain(sb, "open-connections");
      expect(notThrough(await visitAndBurst(d, "asked"), token.ip)).toEqual([]);
      expect((await main.proxyStatus()).error).toBeNull();

      await refusePassword(sb, token.id);
      await visitAndBurst(d, "revoked");
      await expect
        .poll(async () => (await main.proxyStatus()).error?.failure.code)
        .toBe("credentials-refused");

      // The provider takes the password again; the user connects again (or presses Check).
      await refusePassword(sb, token.id, false);
      await main.sendOk({ type: "checkExitIp" });
      expect((await main.proxyStatus()).state).toBe("connected");
      expect((await main.proxyStatus()).error).toBeNull();
      expect(notThrough(await visitAndBurst(d, "mended"), token.ip)).toEqual([]);
      await popupShowsNoError(d, token);
    },
  },
  {
    name: `a gateway that misbehaves at random for ${CHAOS_MS / 1000} s (asks again, cuts, stalls; never refuses): no request lost to a login question, no 'refused'`,
    timeout: CHAOS_MS + guard(60_000),
    async run(d) {
      const { browser, main, sb, expect } = d;
      const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
      console.log(`${browser} chaos seed ${seed} (replay: CHAOS_SEED=${seed})`);
      const token = await connectNewToken(d);
      await startChaos(sb, seed, CHAOS_MS);
      const sent: Sent[] = [];
      const statuses = new Set<string>();
      for (let i = 0; (await chaosReport(sb)).active; i++) {
        sent.push(...(await visitAndBurst(d, `chaos-${i}`)));
        statuses.add((await main.proxyStatus()).error?.failure.code ?? "none");
      }
      const report = await chaosReport(sb);
      console.log(
        `${browser} chaos ${seed}: ${sent.length} requests, ${report.requests} at the gateway: asked again ${report.askedAgain}, sessions ended ${report.sessionsEnded}, cuts ${report.cuts}, stalls ${report.stalls}; failed ${sent.filter((s) => s.status !== 200).length}; statuses seen: ${[...statuses].join(", ")}`,
      );
      expect(report.askedAgain + report.sessionsEnded).toBeGreaterThan(0);
      const lost = lostToLoginQuestions(sent, report.cutAt);
      if (lost.length > 0) {
        // What the extension knew when requests were lost (a CI run once lost all after round 5).
        const known = {
          proxyStatus: await main.stored("local", "proxyStatus"),
          connection: await main.stored("local", "connection"),
          refusedLogins: await main.stored("session", "refusedLogins"),
        };
        console.log(`lost ${lost.length}, first: ${JSON.stringify(lost[0])}`);
        console.log(`extension: ${JSON.stringify(known)}`);
      }
      expect(lost).toEqual([]);
      expect(sent.filter((s) => s.status === 200 && s.exit !== token.ip)).toEqual([]);
      expect(statuses.has("credentials-refused")).toBe(false);
      expect(await refusedLogins(sb, token.username)).toEqual([]);
    },
  },
];

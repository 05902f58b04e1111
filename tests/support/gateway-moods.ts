/**
 * What both browser suites need to make the sandbox's gateway ask again, refuse, misbehave, and
 * to read what it did: the "gateway asks again" tests of Chromium and Firefox share these.
 */
import type { ChaosCounts } from "../sandbox/gateway-behaviour";
import type { Sandbox } from "../sandbox/index";
import { control, gatewayLog } from "./sandbox-session";

/** How a gateway asks a valid login again: its next request, or every connection open now. */
export type AskAgain = "next-request" | "open-connections";
export const ASK_AGAIN_MODES: AskAgain[] = ["next-request", "open-connections"];

/** `username`: only that login's next request is asked (other traffic passes meanwhile). */
export async function askAgain(sb: Sandbox, how: AskAgain, username?: string): Promise<void> {
  if (how === "next-request") await control(sb, "gateway/rechallenge", { count: 1, username });
  else await control(sb, "gateway/end-sessions");
}

/** The gateway refuses the token's password from now on (or, `refused: false`, takes it again). */
export async function refusePassword(sb: Sandbox, tokenId: number, refused = true) {
  await control(sb, "gateway/refuse-password", { token_id: tokenId, refused });
}

/** Refused logins the gateway logged for this username (each is one login sent and refused). */
export async function refusedLogins(sb: Sandbox, username: string): Promise<number[]> {
  return (await gatewayLog(sb))
    .filter((e) => e.username === username && e.result === "refused")
    .map((e) => Date.parse(e.at));
}

/** What GET /__sandbox/gateway/chaos answers (GatewayBehaviour.chaosReport). */
export type ChaosReport = { active: boolean; seed: number | null } & ChaosCounts;

export async function startChaos(sb: Sandbox, seed: number, durationMs: number) {
  await control(sb, "gateway/chaos", { seed, duration_ms: durationMs });
}

export async function chaosReport(sb: Sandbox): Promise<ChaosReport> {
  const res = await fetch(`${sb.baseUrl}/__sandbox/gateway/chaos`);
  return (await res.json()) as ChaosReport;
}

/**
 * One request of a burst: its status (0 failed, -1 timed out), the exit address the echo site
 * saw (its `#remote`), and when it ran (epoch ms).
 */
export interface Sent {
  url: string;
  status: number;
  exit: string;
  start: number;
  end: number;
}

/**
 * Runs in the page: `count` fetches at once, spread over `bases` (HTTP and HTTPS hosts), each
 * with its own query, bounded by `timeoutMs`. Self-contained: both suites' `evaluate` send it.
 */
export async function burstInPage({
  bases,
  count,
  tag,
  timeoutMs,
}: {
  bases: string[];
  count: number;
  tag: string;
  timeoutMs: number;
}): Promise<Sent[]> {
  const clock = () => performance.timeOrigin + performance.now();
  const one = async (i: number): Promise<Sent> => {
    const url = `${bases[i % bases.length]}/?${tag}=${i}`;
    const start = clock();
    const { status, exit } = await fetch(url, {
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (r) => ({ status: r.status, exit: /id="remote">([^<]*)</.exec(await r.text()) }))
      .then(({ status, exit }) => ({ status, exit: exit?.[1] ?? "" }))
      .catch((error: unknown) => ({
        status: String(error).includes("Timeout") ? -1 : 0,
        exit: "",
      }));
    return { url, status, exit, start, end: clock() };
  };
  return Promise.all(Array.from({ length: count }, (_, i) => one(i)));
}

/**
 * The requests lost to something else than a cut connection: a failure or a non-200 answer
 * (a 407 let through is a login question nobody answered) with no cut of the gateway while it
 * ran. `slackMs` covers the two clocks (page and sandbox) and the cut reaching the browser.
 */
export function lostToLoginQuestions(sent: Sent[], cutAt: number[], slackMs = 250): Sent[] {
  return sent.filter(
    (s) =>
      s.status !== 200 && !cutAt.some((at) => at >= s.start - slackMs && at <= s.end + slackMs),
  );
}

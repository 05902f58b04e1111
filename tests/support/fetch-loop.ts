/**
 * A page that fetches a small URL in a loop, one request at a time, as a user's page keeps the
 * network busy while they switch tokens. Each request is bounded (`hungAfterMs`: after that it
 * counts as hung; 5 s is the bench's bound, and a test passes guard(5_000), the machine's pace)
 * and records when it was sent, when it ended and where it exited (the echo server's
 * answer). Runs in the page: pass `runFetchLoop` to the driver's evaluate (Playwright or
 * puppeteer), then read `readFetchLoop`.
 */
import type { Sandbox } from "../sandbox/index";
import { buyElsewhere } from "./sandbox-session";

export interface LoopRequest {
  /** Date.now() when the request was sent and when it ended (the machine's one clock). */
  sent: number;
  ended: number;
  /** The exit address the echo server saw, or "hung" (no answer in time), "failed", "status N". */
  exit: string;
}

interface LoopState {
  requests: LoopRequest[];
  stop: boolean;
  done: Promise<void>;
  /** Callers waiting for a request sent at or after their time (waitForSentSince). */
  waiting: { since: number; resolve: () => void }[];
}

/** In the page: starts the loop against `url` (the echo server), at most `max` requests. */
export function runFetchLoop({
  url,
  max,
  hungAfterMs,
}: {
  url: string;
  max: number;
  hungAfterMs: number;
}): void {
  const state: LoopState = { requests: [], stop: false, done: Promise.resolve(), waiting: [] };
  const run = async () => {
    for (let n = 0; n < max && !state.stop; n++) {
      const sent = Date.now();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), hungAfterMs);
      let exit: string;
      try {
        const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}loop=${n}`, {
          signal: abort.signal,
          cache: "no-store",
        });
        const text = await response.text();
        exit = response.ok
          ? (/id="remote">([^<]*)</.exec(text)?.[1] ?? "unreadable")
          : `status ${response.status}`;
      } catch {
        exit = abort.signal.aborted ? "hung" : "failed";
      } finally {
        clearTimeout(timer);
      }
      state.requests.push({ sent, ended: Date.now(), exit });
      for (const waiter of state.waiting.filter((w) => sent >= w.since)) waiter.resolve();
      state.waiting = state.waiting.filter((w) => sent < w.since);
    }
  };
  state.done = run();
  (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop = state;
}

/** In the page: the requests so far. */
export function readFetchLoop(): LoopRequest[] {
  return (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop.requests;
}

/** In the page: resolves once a request sent at or after `since` has ended (false after 15 s). */
export function waitForSentSince(since: number): Promise<boolean> {
  const state = (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop;
  if (state.requests.some((r) => r.sent >= since)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 15_000);
    state.waiting.push({
      since,
      resolve: () => {
        clearTimeout(timer);
        resolve(true);
      },
    });
  });
}

/** What a long download in the page got: its bytes, where it exited, or how it failed. */
export interface DownloadResult {
  bytes: number;
  exit: string;
  error: string | null;
}

/** In the page: starts a long download (the echo server's `/download`), read to its end. */
export function startDownload({ url }: { url: string }): void {
  const run = async (): Promise<DownloadResult> => {
    try {
      const response = await fetch(url, { cache: "no-store" });
      const reader = response.body?.getReader();
      let bytes = 0;
      for (;;) {
        const part = await reader?.read();
        if (!part || part.done) break;
        bytes += part.value.byteLength;
      }
      return { bytes, exit: response.headers.get("X-Remote") ?? "unknown", error: null };
    } catch (error) {
      return { bytes: 0, exit: "", error: String(error) };
    }
  };
  (globalThis as unknown as { download: Promise<DownloadResult> }).download = run();
}

/** In the page: the download's result, once it ended. */
export function downloadResult(): Promise<DownloadResult> {
  return (globalThis as unknown as { download: Promise<DownloadResult> }).download;
}

/** In the page: stops the loop and waits for its last request. */
export async function stopFetchLoop(): Promise<LoopRequest[]> {
  const state = (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop;
  state.stop = true;
  await state.done;
  return state.requests;
}

/** A token bought at `sb` outside the extension, as a proxy line, with an exit none of `notIp`. */
export async function lineWithOwnExit(sb: Sandbox, notIp: readonly string[]) {
  for (let tries = 0; tries < 6; tries++) {
    const bought = await buyElsewhere(sb);
    if (notIp.includes(bought.ip)) continue;
    return {
      line: `${bought.host}:${bought.port}:${bought.username}:${bought.password}`,
      ip: bought.ip,
    };
  }
  throw new Error("no token with an exit of its own");
}

/** What must be empty after a clean run of switches: each the requests (or switches) at fault. */
export function switchProblems(
  requests: readonly LoopRequest[],
  switches: readonly Switch[],
  directExit = "127.0.0.1",
) {
  const { hung, failed, direct, stale, firstAfter } = judgeSwitches(requests, switches, directExit);
  const wrongFirst = switches.flatMap((s, i) =>
    firstAfter[i] === s.to ? [] : [{ switch: i, exit: firstAfter[i] }],
  );
  return { hung, failed, direct, stale, wrongFirst };
}

/**
 * Printed by the switch loops: the requests on their way at a switch that left through the
 * next switch's token (judgeSwitches), with how long after that switch began each ended.
 */
export function describeCarriedOver(requests: readonly LoopRequest[], switches: readonly Switch[]) {
  const { carriedOver } = judgeSwitches(requests, switches, "");
  return `on their way at the next switch, through its token: ${carriedOver.length} ${JSON.stringify(carriedOver)}`;
}

/** A clean run: nothing hung, failed, went direct or left from another exit. */
export const NO_SWITCH_PROBLEMS = { hung: [], failed: [], direct: [], stale: [], wrongFirst: [] };

/** What a loop's requests say about a run of switches (pure, run in the test). */
export function judgeSwitches(
  requests: readonly LoopRequest[],
  switches: readonly { from: string; to: string; startedAt: number; repliedAt: number }[],
  directExit: string,
) {
  const hung = requests.filter((r) => r.exit === "hung");
  const failed = requests.filter((r) => r.exit === "failed" || r.exit.startsWith("status"));
  const direct = requests.filter((r) => r.exit === directExit);
  /** After each switch's reply (until the next switch), a request that left elsewhere. */
  // `afterReply`: how long after the switch's reply it was sent; `beforeNext`: how long before
  // the next switch began.
  const stale: {
    switch: number;
    exit: string;
    expected: string;
    afterReply: number;
    beforeNext: number;
  }[] = [];
  /** Requests on their way at the next switch that left through its token (allowed). */
  const carriedOver: { switch: number; exit: string; endedAfterNext: number }[] = [];
  const firstAfter: (string | undefined)[] = [];
  switches.forEach((s, i) => {
    const next = switches[i + 1];
    const until = next?.startedAt ?? Number.POSITIVE_INFINITY;
    const after = requests.filter((r) => r.sent >= s.repliedAt && r.sent < until);
    firstAfter.push(after[0]?.exit);
    for (const r of after) {
      // Still on its way when the next switch began: the page called fetch() before the
      // click, but the browser picks a request's proxy after that call returns (a loaded
      // machine widens the gap), so the next switch's token is as right as this one's. The
      // first request after a reply always ended before the next switch (switchUnderLoad
      // waits for it), so each switch is still judged by a request it alone decided.
      if (next && r.ended > next.startedAt && r.exit === next.to && r.exit !== s.to) {
        carriedOver.push({ switch: i, exit: r.exit, endedAfterNext: r.ended - next.startedAt });
        continue;
      }
      if (r.exit !== s.to)
        stale.push({
          switch: i,
          exit: r.exit,
          expected: s.to,
          afterReply: r.sent - s.repliedAt,
          beforeNext: until - r.sent,
        });
    }
  });
  return { hung, failed, direct, stale, carriedOver, firstAfter };
}

/** One page's loop, as a driver (Playwright, puppeteer) runs it. */
export interface LoopPage {
  start(url: string): Promise<void>;
  read(): Promise<LoopRequest[]>;
  /** Whether a request sent at or after `since` ended within 15 s (waitForSentSince). */
  sentSince(since: number): Promise<boolean>;
  stop(): Promise<LoopRequest[]>;
}

export interface SwitchTarget {
  id: number;
  ip: string;
}

export interface Switch {
  from: string;
  to: string;
  startedAt: number;
  repliedAt: number;
}

/**
 * Switches `rounds` times through the targets in turn while each page runs its loop, the connect
 * sent as the popup sends it; waits after each reply until every loop has sent a request since.
 */
export async function switchUnderLoad(
  connect: (tokenId: number) => Promise<unknown>,
  pages: { page: LoopPage; url: string }[],
  targets: readonly SwitchTarget[],
  rounds: number,
): Promise<{ requests: LoopRequest[][]; switches: Switch[] }> {
  for (const { page, url } of pages) await page.start(url);
  const switches: Switch[] = [];
  for (let i = 0; i < rounds; i++) {
    const from = targets[(i + targets.length - 1) % targets.length];
    const to = targets[i % targets.length];
    if (!from || !to) throw new Error("no targets");
    const startedAt = Date.now();
    await connect(to.id);
    const repliedAt = Date.now();
    switches.push({ from: from.ip, to: to.ip, startedAt, repliedAt });
    for (const { page } of pages) {
      if (!(await page.sentSince(repliedAt))) {
        throw new Error(`switch ${i}: the loop sent nothing for 15 s`);
      }
    }
  }
  const requests: LoopRequest[][] = [];
  for (const { page } of pages) requests.push(await page.stop());
  return { requests, switches };
}

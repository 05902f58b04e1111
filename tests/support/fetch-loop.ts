/**
 * A page that fetches a small URL in a loop, one request at a time, as a user's page keeps the
 * network busy while they switch tokens. Each request is bounded (5 s: after that it counts as
 * hung) and records when it was sent, when it ended and where it exited (the echo server's
 * answer). Runs in the page: pass `runFetchLoop` to the driver's evaluate (Playwright or
 * puppeteer), then read `readFetchLoop`.
 */

export interface LoopRequest {
  /** Date.now() when the request was sent and when it ended (the machine's one clock). */
  sent: number;
  ended: number;
  /** The exit address the echo server saw, or "hung" (no answer in 5 s), "failed", "status N". */
  exit: string;
}

interface LoopState {
  requests: LoopRequest[];
  stop: boolean;
  done: Promise<void>;
}

/** In the page: starts the loop against `url` (the echo server), at most `max` requests. */
export function runFetchLoop({ url, max }: { url: string; max: number }): void {
  const state: LoopState = { requests: [], stop: false, done: Promise.resolve() };
  const run = async () => {
    for (let n = 0; n < max && !state.stop; n++) {
      const sent = Date.now();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 5_000);
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
    }
  };
  state.done = run();
  (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop = state;
}

/** In the page: the requests so far. */
export function readFetchLoop(): LoopRequest[] {
  return (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop.requests;
}

/** In the page: stops the loop and waits for its last request. */
export async function stopFetchLoop(): Promise<LoopRequest[]> {
  const state = (globalThis as unknown as { fetchLoop: LoopState }).fetchLoop;
  state.stop = true;
  await state.done;
  return state.requests;
}

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
  const stale: { switch: number; exit: string; expected: string }[] = [];
  const firstAfter: (string | undefined)[] = [];
  switches.forEach((s, i) => {
    const until = switches[i + 1]?.startedAt ?? Number.POSITIVE_INFINITY;
    const after = requests.filter((r) => r.sent >= s.repliedAt && r.sent < until);
    firstAfter.push(after[0]?.exit);
    for (const r of after) {
      if (r.exit !== s.to) stale.push({ switch: i, exit: r.exit, expected: s.to });
    }
  });
  return { hung, failed, direct, stale, firstAfter };
}

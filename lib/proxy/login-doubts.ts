/**
 * Strikes against a login: 407s to our own answers. One strike is not a refusal. A gateway that
 * ended the sessions of every connection open at that moment (a restart, a failover) asks each
 * of them once, and the browser may send a retry carrying our answer on another such connection
 * (measured in Chromium 156: the gateway's 407 to the answer, then the next answer accepted). A
 * revoked password strikes every answer, on every connection, and nothing through it works.
 *
 * So a login in doubt goes through two rounds, and any request through it that works ends the
 * doubt (any request counts, not only answered ones: the browser sends our answer unasked once
 * it has it):
 * 1. The struck requests wait for a verdict time (verdictAfter), while the rest of the traffic
 *    flows and may show the login works.
 * 2. Then they are all answered once more, at once, and so is every request struck during this
 *    round. The login is refused at the first of these answers struck again: by then nothing
 *    through the login has worked for a whole verdict time, and this request has been refused
 *    twice in a row. Once none of these answers is still out, after at least another verdict
 *    time with no such strike, the doubt is over.
 *
 * Measured, and why round 2 holds nothing: Firefox answers no other request's challenge (and
 * sends no other answer) while one challenge waits for us, so a struck request held in round 2
 * stalls the very answers that would decide (Firefox ESR 153: a revoked password went untold
 * for 10 s, rounds ending with none of their answers back). Holding a burst's challenges while
 * one answer (a probe) finds out stalls that answer in Chromium too (156: its refusal came
 * 570 ms later instead of ~30 ms). A single probe met another ended connection in a clean-clone
 * CI chaos run and refused a valid login; answering every struck request once more costs one
 * more login per request in flight when a password really is revoked.
 */

/**
 * The wait of each round, unless a request through the login works: four round trips of the
 * first struck answer (answer to 407: what a success also needs), within these bounds. On
 * loopback a round trip is a few ms; on a provider's gateway across the world, a few hundred.
 */
export const MIN_VERDICT_MS = 200;
export const VERDICT_MS = 600;
export const verdictAfter = (roundTripMs: number) =>
  Math.min(VERDICT_MS, Math.max(MIN_VERDICT_MS, 4 * roundTripMs));

export type Verdict = "answer-again" | "refused";

interface Doubt {
  round: 1 | 2;
  /** Round 1: struck requests waiting for the verdict, by request id. */
  waiting: Map<string, (verdict: Verdict) => void>;
  /** Round 2: the requests answered once more. */
  again: Set<string>;
  verdictMs: number;
  timer: ReturnType<typeof setTimeout>;
}

export function createLoginDoubts(options: {
  /** The login is refused: say so (once per refusal). */
  onRefused: (login: string) => void;
  /**
   * Our answer to this request has no outcome seen yet (answers-out.ts gives one up after a
   * while, so a round never outlasts that).
   */
  answerOut: (requestId: string) => boolean;
  verdictMs?: number;
}) {
  const doubts = new Map<string, Doubt>();

  function end(login: string, verdict: Verdict): void {
    const doubt = doubts.get(login);
    if (!doubt) return;
    clearTimeout(doubt.timer);
    doubts.delete(login);
    for (const wake of doubt.waiting.values()) wake(verdict);
  }

  /** Round 1 is over with nothing working: every struck request is answered once more. */
  function secondRound(login: string, doubt: Doubt): void {
    doubt.round = 2;
    const waiting = [...doubt.waiting];
    doubt.waiting.clear();
    for (const [requestId, wake] of waiting) {
      doubt.again.add(requestId);
      wake("answer-again");
    }
    // The round lasts while one of its answers is still out: on a loaded machine (or a far
    // gateway) the 407 to it can come after the verdict time, and a strike seen after the
    // round would open a new doubt, one more login, where the password really is refused.
    const close = () => {
      if ([...doubt.again].some((requestId) => options.answerOut(requestId))) {
        doubt.timer = setTimeout(close, doubt.verdictMs);
      } else end(login, "answer-again");
    };
    doubt.timer = setTimeout(close, doubt.verdictMs);
  }

  /** A 407 to our answer for `requestId`, `roundTripMs` after the answer went out. */
  function strike(login: string, requestId: string, roundTripMs = VERDICT_MS): void {
    const doubt = doubts.get(login);
    if (doubt) {
      if (doubt.round === 2 && doubt.again.has(requestId)) {
        end(login, "refused");
        options.onRefused(login);
      }
      return;
    }
    const verdictMs = options.verdictMs ?? verdictAfter(roundTripMs);
    const fresh: Doubt = {
      round: 1,
      waiting: new Map(),
      again: new Set(),
      verdictMs,
      timer: undefined as never,
    };
    fresh.timer = setTimeout(() => secondRound(login, fresh), verdictMs);
    doubts.set(login, fresh);
  }

  /**
   * A struck request's verdict: in round 1 when the round ends; in round 2 at once (it joins
   * the round: held, it would stall Firefox's other answers); at once when no doubt stands.
   */
  function verdictFor(login: string, requestId: string): Promise<Verdict> {
    const doubt = doubts.get(login);
    if (!doubt) return Promise.resolve("answer-again");
    if (doubt.round === 2) {
      doubt.again.add(requestId);
      return Promise.resolve("answer-again");
    }
    return new Promise((resolve) => doubt.waiting.set(requestId, resolve));
  }

  return {
    strike,
    /** Some login is in doubt: evidence that one works is worth looking for. */
    any: () => doubts.size > 0,
    verdictFor,
    /** A request through this login worked: its doubt is over. */
    cleared: (login: string) => end(login, "answer-again"),
    /** The login's cached copies are gone or the user asks again: start afresh. */
    forget: (login: string) => end(login, "answer-again"),
  };
}

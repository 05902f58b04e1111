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
 * 1. The struck requests wait for a verdict time (verdictAfter).
 * 2. Then they are all answered once more, at once. The login is refused when every one of
 *    them is struck again, or when two or more are and nothing worked within another verdict
 *    time; otherwise the doubt is over. Those second answers mostly meet connections that have
 *    asked already or new ones, so a gateway that merely asked again lets them through.
 * New requests are answered as ever; a struck request waits for the round it is in.
 *
 * Measured, and why not fewer logins: holding a burst's challenges while one answer (a probe)
 * finds out how the login fares stalls that very answer in both browsers (Chromium 156: its
 * refusal came 570 ms later instead of ~30 ms; Firefox ESR 153: not within 5 s), and one probe
 * can meet another ended connection (a clean-clone CI chaos run refused a valid login that
 * way). Answering every struck request once more costs one more login per request in flight
 * when a password really is revoked.
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
  /** Struck requests waiting for the verdict of their round, by request id. */
  waiting: Map<string, (verdict: Verdict) => void>;
  /** Round 2: the requests answered once more, and those of them struck again. */
  again: Set<string>;
  struckAgain: Set<string>;
  verdictMs: number;
  timer: ReturnType<typeof setTimeout>;
}

export function createLoginDoubts(options: {
  /** The login is refused: say so (once per refusal). */
  onRefused: (login: string) => void;
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

  function refuse(login: string): void {
    end(login, "refused");
    options.onRefused(login);
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
    doubt.timer = setTimeout(() => {
      if (doubt.struckAgain.size >= 2) refuse(login);
      else end(login, "answer-again");
    }, doubt.verdictMs);
  }

  /** Every request answered in round 2 was struck again (the rest ended without a response). */
  const allStruckAgain = (doubt: Doubt) =>
    doubt.again.size > 0 && [...doubt.again].every((id) => doubt.struckAgain.has(id));

  /** A 407 to our answer for `requestId`, `roundTripMs` after the answer went out. */
  function strike(login: string, requestId: string, roundTripMs = VERDICT_MS): void {
    const doubt = doubts.get(login);
    if (doubt) {
      if (doubt.round === 2 && doubt.again.has(requestId)) {
        doubt.struckAgain.add(requestId);
        if (allStruckAgain(doubt)) refuse(login);
      }
      return;
    }
    const verdictMs = options.verdictMs ?? verdictAfter(roundTripMs);
    const fresh: Doubt = {
      round: 1,
      waiting: new Map(),
      again: new Set(),
      struckAgain: new Set(),
      verdictMs,
      timer: undefined as never,
    };
    fresh.timer = setTimeout(() => secondRound(login, fresh), verdictMs);
    doubts.set(login, fresh);
  }

  /** A struck request's verdict; at once when no doubt stands (the login worked meanwhile). */
  function verdictFor(login: string, requestId: string): Promise<Verdict> {
    const doubt = doubts.get(login);
    if (!doubt) return Promise.resolve("answer-again");
    return new Promise((resolve) => doubt.waiting.set(requestId, resolve));
  }

  /** A request answered in round 2 ended without a response (cut, aborted): it says nothing. */
  function ended(login: string, requestId: string): void {
    const doubt = doubts.get(login);
    if (!doubt?.again.delete(requestId)) return;
    if (allStruckAgain(doubt)) refuse(login);
  }

  return {
    strike,
    /** Some login is in doubt: evidence that one works is worth looking for. */
    any: () => doubts.size > 0,
    verdictFor,
    ended,
    /** A request through this login worked: its doubt is over. */
    cleared: (login: string) => end(login, "answer-again"),
    /** The login's cached copies are gone or the user asks again: start afresh. */
    forget: (login: string) => end(login, "answer-again"),
  };
}

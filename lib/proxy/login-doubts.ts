/**
 * Strikes against a login: 407s to our own answers. One strike is not a refusal. A gateway that
 * ended the sessions of every connection open at that moment (a restart, a failover) asks each
 * of them once, and the browser may send a retry carrying our answer on another such connection
 * (measured in Chromium 156: the gateway's 407 to the answer, then the next answer accepted). A
 * revoked password strikes every answer, and nothing through it works any more.
 *
 * So a login is refused when at least two of our answers were struck and nothing through it
 * worked for a verdict time (verdictAfter) after the first strike (any request through it counts, not only ones we
 * answered: the browser sends our answer unasked once it has it). A struck request waits for that verdict: it is
 * answered again if the login works meanwhile (or if it was the only strike), cancelled if the
 * login is refused. New requests are answered as ever: only struck ones wait.
 *
 * Not done, measured: holding a burst's other challenges while one answer finds out how the
 * login fares. It would keep refused logins to one per burst when a password is revoked, but
 * both browsers stall the one answer while the others are held (Chromium 156: its refusal came
 * 570 ms after the answer instead of within ~30 ms; Firefox ESR 153: not within 500 ms), so
 * the wait would cost every held request of a valid login that much.
 */

/**
 * How long strikes stand before they refuse the login, unless a request through it works: four
 * round trips of the first struck answer (answer to 407: what a success also needs, one trip
 * to the gateway and one to the site), within these bounds. On loopback a round trip is a few
 * ms; on a provider's gateway across the world, a few hundred.
 */
export const MIN_VERDICT_MS = 200;
export const VERDICT_MS = 1_000;
export const verdictAfter = (roundTripMs: number) =>
  Math.min(VERDICT_MS, Math.max(MIN_VERDICT_MS, 4 * roundTripMs));

/** A lone strike that no second one follows is forgotten after this long. */
const FORGET_MS = 4 * VERDICT_MS;

export type Verdict = "answer-again" | "refused";

interface Doubt {
  /** When the first strike came since the login last worked. */
  since: number;
  /** How long after `since` the verdict is due. */
  verdictMs: number;
  strikes: number;
  /** Struck requests waiting for the verdict. */
  waiting: ((verdict: Verdict) => void)[];
  timer: ReturnType<typeof setTimeout>;
}

export function createLoginDoubts(options: {
  /** The login is refused: say so (once per refusal). */
  onRefused: (login: string) => void;
  verdictMs?: number;
  now?: () => number;
}) {
  const fixedVerdictMs = options.verdictMs;
  const now = options.now ?? Date.now;
  const doubts = new Map<string, Doubt>();

  function end(login: string, verdict: Verdict): void {
    const doubt = doubts.get(login);
    if (!doubt) return;
    clearTimeout(doubt.timer);
    doubts.delete(login);
    for (const wake of doubt.waiting) wake(verdict);
  }

  function refuse(login: string): void {
    end(login, "refused");
    options.onRefused(login);
  }

  /** The verdict is due: two strikes or more refuse; a lone one gets its request answered again. */
  function due(login: string, doubt: Doubt): void {
    if (doubt.strikes >= 2) {
      refuse(login);
      return;
    }
    const waiting = doubt.waiting;
    doubt.waiting = [];
    for (const wake of waiting) wake("answer-again");
    doubt.timer = setTimeout(() => {
      if (doubts.get(login) === doubt) doubts.delete(login);
    }, FORGET_MS - doubt.verdictMs);
  }

  /** A 407 to our answer of this login, `roundTripMs` after the answer went out. */
  function strike(login: string, roundTripMs = VERDICT_MS): void {
    let doubt = doubts.get(login);
    if (!doubt) {
      const verdictMs = fixedVerdictMs ?? verdictAfter(roundTripMs);
      const fresh: Doubt = {
        since: now(),
        verdictMs,
        strikes: 0,
        waiting: [],
        timer: undefined as never,
      };
      fresh.timer = setTimeout(() => due(login, fresh), verdictMs);
      doubts.set(login, fresh);
      doubt = fresh;
    }
    doubt.strikes++;
    if (doubt.strikes >= 2 && now() - doubt.since >= doubt.verdictMs) refuse(login);
  }

  /** A struck request's verdict; at once when no doubt stands (the login worked meanwhile). */
  function verdictFor(login: string): Promise<Verdict> {
    const doubt = doubts.get(login);
    if (!doubt) return Promise.resolve("answer-again");
    return new Promise((resolve) => doubt.waiting.push(resolve));
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

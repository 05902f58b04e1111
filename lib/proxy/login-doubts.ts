/**
 * Strikes against a login: 407s to our own answers. One strike is not a refusal. A gateway that
 * ended the sessions of every connection open at that moment (a restart, a failover) asks each
 * of them once, and the browser may send a retry carrying our answer on another such connection
 * (measured in Chromium 156: the gateway's 407 to the answer, then the next answer accepted). A
 * revoked password strikes every answer, and nothing through it works any more.
 *
 * So strikes alone refuse nothing while requests through the login work (any request counts,
 * not only ones we answered: the browser sends our answer unasked once it has it). A struck
 * request waits for a verdict time (verdictAfter). If the login worked meanwhile, the struck
 * requests are answered again. If nothing worked, one struck request is answered once more (the
 * probe); PROBES probes struck in a row, each after its own wait, refuse the login, and the
 * waiting are cancelled. A probe the gateway stalls, or that ends
 * without a response, refuses nothing (PROBE_MS, or another probe). New requests are answered
 * as ever: only struck ones wait.
 *
 * Not done, measured: holding a burst's other challenges while one answer finds out how the
 * login fares. It would keep refused logins to one per burst when a password is revoked, but
 * both browsers stall the one answer while the others are held (Chromium 156: its refusal came
 * 570 ms after the answer instead of within ~30 ms; Firefox ESR 153: not within 500 ms), so
 * the wait would cost every held request of a valid login that much.
 */

/**
 * How long strikes stand before the probe, unless a request through the login works: four
 * round trips of the first struck answer (answer to 407: what a success also needs, one trip
 * to the gateway and one to the site), within these bounds. On loopback a round trip is a few
 * ms; on a provider's gateway across the world, a few hundred.
 */
export const MIN_VERDICT_MS = 200;
export const VERDICT_MS = 600;
export const verdictAfter = (roundTripMs: number) =>
  Math.min(VERDICT_MS, Math.max(MIN_VERDICT_MS, 4 * roundTripMs));

/** How long the probe may take (a stalled gateway) before the waiting are answered anyway. */
export const PROBE_MS = 5_000;

/**
 * Probes struck in a row, each after a fresh verdict wait, that refuse the login. One struck
 * probe is not proof either: its retry can meet another connection whose session ended (a
 * clean-clone CI run refused a valid login that way in the chaos test), while those
 * connections get used up and other requests can show the login works between probes.
 */
export const PROBES = 3;

export type Verdict = "answer-again" | "refused";

interface Doubt {
  /** Struck requests waiting for the verdict, by request id. */
  waiting: Map<string, (verdict: Verdict) => void>;
  /** The verdict wants one struck request answered again: this one. Its strike refuses. */
  probe: string | null;
  wantsProbe: boolean;
  /** Probes struck so far, and the wait before each verdict. */
  struckProbes: number;
  verdictMs: number;
  timer: ReturnType<typeof setTimeout>;
}

export function createLoginDoubts(options: {
  /** The login is refused: say so (once per refusal). */
  onRefused: (login: string) => void;
  verdictMs?: number;
  probes?: number;
}) {
  const fixedVerdictMs = options.verdictMs;
  const probes = options.probes ?? PROBES;
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

  /** `requestId` is answered once more; how that answer fares decides (bounded by PROBE_MS). */
  function probeWith(login: string, doubt: Doubt, requestId: string): void {
    doubt.probe = requestId;
    clearTimeout(doubt.timer);
    doubt.timer = setTimeout(() => {
      if (doubts.get(login) === doubt) end(login, "answer-again");
    }, PROBE_MS);
  }

  function startProbe(login: string, doubt: Doubt): void {
    doubt.wantsProbe = true;
    const [first] = doubt.waiting;
    if (!first || doubt.probe !== null) return;
    const [requestId, wake] = first;
    doubt.waiting.delete(requestId);
    probeWith(login, doubt, requestId);
    wake("answer-again");
  }

  /** A 407 to our answer for `requestId`, `roundTripMs` after the answer went out. */
  function strike(login: string, requestId: string, roundTripMs = VERDICT_MS): void {
    const doubt = doubts.get(login);
    if (doubt?.probe === requestId) {
      doubt.struckProbes++;
      if (doubt.struckProbes >= probes) {
        refuse(login);
        return;
      }
      // Another verdict wait, then another probe (another struck request when one waits).
      doubt.probe = null;
      doubt.wantsProbe = false;
      clearTimeout(doubt.timer);
      doubt.timer = setTimeout(() => startProbe(login, doubt), doubt.verdictMs);
      return;
    }
    if (doubt) return;
    const verdictMs = fixedVerdictMs ?? verdictAfter(roundTripMs);
    const fresh: Doubt = {
      waiting: new Map(),
      probe: null,
      wantsProbe: false,
      struckProbes: 0,
      verdictMs,
      timer: undefined as never,
    };
    fresh.timer = setTimeout(() => startProbe(login, fresh), verdictMs);
    doubts.set(login, fresh);
  }

  /** A struck request's verdict; at once when no doubt stands (the login worked meanwhile). */
  function verdictFor(login: string, requestId: string): Promise<Verdict> {
    const doubt = doubts.get(login);
    if (!doubt) return Promise.resolve("answer-again");
    if (doubt.wantsProbe && doubt.probe === null) {
      probeWith(login, doubt, requestId);
      return Promise.resolve("answer-again");
    }
    return new Promise((resolve) => doubt.waiting.set(requestId, resolve));
  }

  /** A request ended without a response (cut, aborted): if it was the probe, another one is. */
  function ended(login: string, requestId: string): void {
    const doubt = doubts.get(login);
    if (!doubt || doubt.probe !== requestId) return;
    doubt.probe = null;
    startProbe(login, doubt);
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

/**
 * What a proxy challenge gets, from what is known about the login it asks for (pure). The rule
 * (DESIGN.md, "Answering a proxy's 407"): a challenge to the browser's cached copy of a login is
 * a question, and every question is answered, once per request; only a 407 to our own answer is
 * a refusal, and only a refused login is not sent again. Nothing is cancelled on a guess.
 *
 * One refinement keeps refused logins few when a password really is revoked, without costing a
 * request: while the fate of a login is open (first use, or a login that had worked is asked
 * again), its first challenge is answered at once (the probe) and the others wait for how that
 * answer fares, at most HOLD_MS, then are answered (or, if it was refused, cancelled: that is
 * evidence, not a guess).
 */

export type LoginFate =
  /** Nothing seen since the browser's cached copy of it was dropped (or the worker woke). */
  | { kind: "open" }
  /** One answer of it is out (request `requestId`, sent at `since`); its outcome is not seen. */
  | { kind: "probing"; requestId: string; since: number }
  /** A request carrying it got its answer at `since`. */
  | { kind: "worked"; since: number }
  /** The proxy answered 407 to our own answer of it. */
  | { kind: "refused" };

/**
 * The longest a challenge waits for the probe's outcome. The outcome of a refused probe comes
 * one proxy round trip after the answer (measured on loopback: a few ms); an accepted one only
 * when the site's response headers arrive, so this bounds what a slow site costs the others.
 */
export const HOLD_MS = 500;

/**
 * A login that worked this recently answers its challenges at once: they are the rest of the
 * burst its probe came from (a gateway asking every open connection again).
 */
export const FRESH_MS = 2_000;

export type ChallengeStep =
  /** Answer, and let this answer's outcome settle the login's fate. */
  | "probe"
  | "answer"
  /** Wait for the probe's outcome, then decide again. */
  | "wait"
  | "cancel";

export function stepFor(fate: LoginFate, now: number, holdMs = HOLD_MS): ChallengeStep {
  switch (fate.kind) {
    case "refused":
      return "cancel";
    case "probing":
      return now - fate.since < holdMs ? "wait" : "answer";
    case "worked":
      // A challenge long after it worked: the proxy dropped our cached copy (session ended,
      // restart, failover; or the password was revoked). Its fate is open again.
      return now - fate.since < FRESH_MS ? "answer" : "probe";
    case "open":
      return "probe";
  }
}

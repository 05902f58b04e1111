/**
 * The proxy-challenge answer both browsers give. Its records live in memory, so challenges
 * arriving together each see the others; storage.session mirrors them for a worker woken by
 * the next challenge.
 *
 * Under load it sends a password as few times as it can learn something from:
 * - once per request: a second challenge for one request means the password was refused;
 * - a refused password is remembered and not sent again until the token changes (another
 *   token, or a new password) or the user connects again; a 407 to an answered request says
 *   so as soon as its headers arrive.
 * - a password that worked before and is challenged again (the proxy rejected the browser's
 *   cached copy: most likely revoked) is sent for one request at a time until it is known
 *   again; the others are cancelled, not held. That one request waits until the burst of
 *   challenges is over: the browser caches an answer at once and sends it unasked on every
 *   new connection, so an answer sent mid-burst goes out once per queued request. "Worked before" means: in this browser
 *   session, since the browser last held a cached copy. A stored "connected" is not that
 *   proof: after a browser restart, or once the extension drops the cached copy (connect,
 *   switch, refresh), every request is challenged afresh, and none of them may be cancelled.
 * - the engine's own check is never cancelled to hold a burst down (its failure would blame the
 *   token): it waits, bounded, for the one answer's outcome and is decided by it.
 */
import type { Failure } from "../protocol/failure";
import { read, readState } from "../state/read";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import { type AuthChallenge, decideAuth, recordAnswer } from "./auth";

export type AuthResponse = {
  authCredentials?: { username: string; password: string };
  cancel?: boolean;
};

/** How long one answer stands for its login's fate before another may be sent. */
const PROBE_MS = 3_000;
/** A burst of challenges is over when none came for this long (each is cancelled in ms). */
const QUIET_MS = 150;
/** The one answer waits at most this long for its burst to end. */
const MAX_HOLD_MS = 1_500;

/** Which password for which token, without keeping the password itself in the records. */
function loginKey(token: Pick<StoredToken, "id" | "username" | "password">): string {
  let hash = 2166136261;
  for (const char of `${token.username}\u0000${token.password}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return `${token.id}:${hash.toString(36)}`;
}

/** The active token: the one proxy both browsers use without site rules. */
export async function activeLogin(): Promise<StoredToken | null> {
  const { connection, tokens } = await readState(["connection", "tokens"]);
  return tokens.find((t) => t.id === connection.activeTokenId) ?? null;
}

/**
 * `loginFor` names the token whose proxy asks: with site rules several tokens carry traffic
 * at once, each behind its own gateway spelling (Chrome: route-plan.ts).
 */
export function createAuthResponder(
  onRefused: (failure: Failure) => Promise<void>,
  loginFor: (challenge: AuthChallenge) => Promise<StoredToken | null> = activeLogin,
) {
  let answered: Record<string, number> = {};
  let refused = new Set<string>();
  /** Answers out whose outcome is not known yet: request id → login. */
  const unsettled = new Map<string, string>();
  /**
   * An answer for this login went out moments ago and its outcome is not seen yet. Older ones
   * do not count: some requests never show an outcome to webRequest (the engine's own check).
   */
  const probeOut = (login: string) => {
    const since = Date.now() - PROBE_MS;
    return [...unsettled].some(([id, l]) => l === login && (answered[id] ?? 0) > since);
  };

  /** The engine's own checks waiting for how the one answer out for a login fares. */
  const outcomeWaiters = new Map<string, (() => void)[]>();
  const outcomeOf = (login: string) =>
    new Promise<void>((resolve) => {
      outcomeWaiters.set(login, [...(outcomeWaiters.get(login) ?? []), resolve]);
      setTimeout(resolve, PROBE_MS);
    });
  const tellOutcome = (login: string) => {
    for (const resolve of outcomeWaiters.get(login) ?? []) resolve();
    outcomeWaiters.delete(login);
  };

  /** Logins challenged after they had worked: when their burst last showed a challenge. */
  const bursts = new Map<string, { lastSeen: number }>();
  async function holdUntilQuiet(login: string): Promise<void> {
    const burst = { lastSeen: Date.now() };
    bursts.set(login, burst);
    const deadline = burst.lastSeen + MAX_HOLD_MS;
    try {
      for (let now = Date.now(); now - burst.lastSeen < QUIET_MS && now < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS - (now - burst.lastSeen)));
        now = Date.now();
      }
    } finally {
      bursts.delete(login);
    }
  }

  /**
   * Logins shown to work while the browser holds a cached copy of them: by an answered request
   * or by the engine's own check through the token (webRequest shows no outcome for it).
   */
  const proven = new Set<string>();

  // Loaded once per worker life, before the first decision.
  let mirrorLoaded: Promise<void> | null = null;
  const loadMirror = () => {
    mirrorLoaded ??= Promise.all([read("authAttempts"), read("refusedLogins")]).then(
      ([attempts, logins]) => {
        answered = { ...attempts, ...answered };
        refused = new Set([...logins, ...refused]);
      },
    );
    return mirrorLoaded;
  };

  const mirror = () => {
    const attempts = answered;
    const logins = [...refused];
    return updateState(["authAttempts", "refusedLogins"], () => ({
      write: { authAttempts: attempts, refusedLogins: logins },
      result: undefined,
    }));
  };

  /**
   * The answered request got its response headers, or failed otherwise. A 407 again is the
   * proxy refusing the password we sent (sooner than the second challenge that follows it);
   * anything else means it worked.
   */
  function settled(requestId: string, statusCode?: number): void {
    const login = unsettled.get(requestId);
    if (login === undefined) return;
    unsettled.delete(requestId);
    if (statusCode === 407) {
      refused.add(login);
      proven.delete(login);
      // Those waiting hear the outcome once the refusal is stored: an engine check that then
      // fails finds the reason, and does not put "unreachable" over it.
      void mirror()
        .then(() => onRefused({ code: "credentials-refused" }))
        .finally(() => tellOutcome(login));
    } else {
      proven.add(login);
      tellOutcome(login);
    }
  }

  /** The engine's own request through this token worked. */
  function worked(token: Pick<StoredToken, "id" | "username" | "password">): void {
    proven.add(loginKey(token));
  }

  /** The browser's cached copies of these logins are dropped: their next challenges are new. */
  function forget(tokens: Pick<StoredToken, "id" | "username" | "password">[]): void {
    for (const token of tokens) proven.delete(loginKey(token));
  }

  /** The user connects again: they may have fixed the password at the provider. */
  function retry(): void {
    refused = new Set();
    void mirror();
  }

  const answer = (challenge: AuthChallenge) => decide(challenge, true);

  async function decide(challenge: AuthChallenge, mayHold: boolean): Promise<AuthResponse> {
    const [active] = await Promise.all([loginFor(challenge), loadMirror()]);
    // From here to the records below nothing awaits: the check and the record are one step.
    const decision = decideAuth(challenge, active, answered[challenge.requestId] ? 1 : 0);
    if (decision.action === "ignore" || !active) return {};
    const login = loginKey(active);
    if (decision.action === "cancel") {
      unsettled.delete(challenge.requestId);
      refused.add(login);
      proven.delete(login);
      await mirror();
      const reported = onRefused({ code: "credentials-refused" });
      void reported.finally(() => tellOutcome(login));
      // The engine's own check must find the reason stored when its request fails. A page's
      // request is let go at once: while it waits here the browser keeps sending the refused
      // password on new connections.
      if (challenge.fromTab === false) await reported;
      else void reported.catch(() => undefined);
      return { cancel: true };
    }
    if (refused.has(login)) return { cancel: true };
    // The engine's own check (after a proxy error) must find out how the login fares, not meet
    // a cancel meant to hold a burst down: it waits for the one answer's outcome (bounded),
    // then is decided as anything else. A cancel there would blame a working token.
    if (
      proven.has(login) &&
      challenge.fromTab === false &&
      (probeOut(login) || bursts.has(login))
    ) {
      await outcomeOf(login);
      return decide(challenge, false);
    }
    // A login that worked before is challenged only when the proxy rejected the browser's
    // cached copy of it: most likely revoked. One answer finds out; the rest are not sent
    // meanwhile. The browser puts an answer into its cache at once and sends it unasked on
    // every new connection, so the one answer waits until the burst it came in is over.
    if (proven.has(login)) {
      if (probeOut(login)) return { cancel: true };
      const burst = bursts.get(login);
      if (burst) {
        burst.lastSeen = Date.now();
        return { cancel: true };
      }
      if (mayHold) {
        await holdUntilQuiet(login);
        return decide(challenge, false);
      }
    }
    answered = recordAnswer(answered, challenge.requestId, Date.now());
    if (challenge.fromTab !== false) unsettled.set(challenge.requestId, login);
    await mirror();
    return { authCredentials: { username: decision.username, password: decision.password } };
  }

  return { answer, settled, retry, worked, forget };
}

export type AuthResponder = ReturnType<typeof createAuthResponder>;

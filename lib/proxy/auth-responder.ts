/**
 * The proxy-challenge answer both browsers give, by the rule in login-fate.ts: every question
 * is answered with the login of the token the request goes through, once per request; a 407 to
 * our own answer is the refusal, and only a refused login is not sent again (until the user
 * connects again or the token's password changes). No request is cancelled on a guess.
 *
 * Its records live in memory, so challenges arriving together each see the others.
 * storage.session mirrors what a worker woken by the next challenge needs: which requests got
 * our answer (a challenge to one of them is the refusal) and which logins were refused.
 */
import { read, readState } from "../state/read";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import { type AuthChallenge, decideAuth, recordAnswer } from "./auth";
import { HOLD_MS, type LoginFate, stepFor } from "./login-fate";

export type AuthResponse = {
  authCredentials?: { username: string; password: string };
  cancel?: boolean;
};

type Login = Pick<StoredToken, "id" | "username" | "password">;

/** Which password for which token, without keeping the password itself in the records. */
function loginKey(token: Login): string {
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

export interface AuthResponderDeps {
  /** The proxy refused this token's login (a 407 to our own answer): say so, drop its copies. */
  onRefused: (token: StoredToken) => Promise<void>;
  /** A request answered with this token's login worked after its fate was open. */
  onWorked?: (token: StoredToken) => void;
  /**
   * The token whose proxy asks: with site rules several tokens carry traffic at once, each
   * behind its own gateway spelling (Chrome: route-plan.ts).
   */
  loginFor?: (challenge: AuthChallenge) => Promise<StoredToken | null>;
  /** How long a challenge waits for its login's probe (0: never waits). */
  holdMs?: number;
  now?: () => number;
}

export function createAuthResponder(deps: AuthResponderDeps) {
  const loginFor = deps.loginFor ?? activeLogin;
  const holdMs = deps.holdMs ?? HOLD_MS;
  const now = deps.now ?? Date.now;
  let answered: Record<string, number> = {};
  let refused = new Set<string>();
  const fates = new Map<string, LoginFate>();
  /** Answers out whose outcome is not seen yet: request id → the token answered with. */
  const unsettled = new Map<string, StoredToken>();
  /** Challenges waiting for a login's probe, woken when its fate changes. */
  const waiting = new Map<string, Set<() => void>>();

  const fateOf = (login: string): LoginFate =>
    refused.has(login) ? { kind: "refused" } : (fates.get(login) ?? { kind: "open" });

  function setFate(login: string, fate: LoginFate): void {
    fates.set(login, fate);
    const waiters = [...(waiting.get(login) ?? [])];
    waiting.delete(login);
    for (const wake of waiters) wake();
  }

  const waitForFate = (login: string, ms: number) =>
    new Promise<void>((resolve) => {
      const waiters = waiting.get(login) ?? new Set();
      waiting.set(login, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });

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

  // One write at a time; a change made while one is out is written right after it, so a
  // burst of forty answers costs a few writes, and each caller's change is stored on return.
  let writing: Promise<void> | null = null;
  let dirty = false;
  function mirror(): Promise<void> {
    dirty = true;
    writing ??= (async () => {
      while (dirty) {
        dirty = false;
        const write = { authAttempts: answered, refusedLogins: [...refused] };
        await updateState(["authAttempts", "refusedLogins"], () => ({ write, result: undefined }));
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  }

  /** The proxy answered 407 to our own answer of this login. Told once per refusal. */
  async function refuse(token: StoredToken): Promise<void> {
    const login = loginKey(token);
    const first = !refused.has(login);
    refused.add(login);
    setFate(login, { kind: "refused" });
    if (!first) return;
    await mirror();
    await deps.onRefused(token);
  }

  function worked(token: StoredToken): void {
    const login = loginKey(token);
    if (refused.has(login)) return;
    const before = fateOf(login).kind;
    setFate(login, { kind: "worked", since: now() });
    if (before !== "worked") deps.onWorked?.(token);
  }

  /**
   * The answered request got its response headers (`statusCode`), or ended without them. A 407
   * there is the proxy refusing our answer (sooner than the second challenge that follows).
   * Any other end closes the request's one answer: a later challenge under the same request id
   * (a redirect's next hop) is a new question.
   */
  function settled(requestId: string, statusCode?: number): void {
    const token = unsettled.get(requestId);
    if (!token) return;
    unsettled.delete(requestId);
    if (statusCode === 407) {
      void refuse(token).catch(() => undefined);
      return;
    }
    delete answered[requestId];
    void mirror().catch(() => undefined);
    if (statusCode !== undefined) {
      worked(token);
      return;
    }
    // The probe failed otherwise (cut, aborted): its login's fate is open again, and the
    // next waiting challenge probes it.
    const login = loginKey(token);
    const fate = fateOf(login);
    if (fate.kind === "probing" && fate.requestId === requestId) setFate(login, { kind: "open" });
  }

  /** The browser's cached copies of these logins are dropped: their fate is open again. */
  function forget(tokens: Login[]): void {
    for (const token of tokens) {
      const login = loginKey(token);
      if (!refused.has(login)) setFate(login, { kind: "open" });
    }
  }

  /** The user connects again: they may have fixed the password at the provider. */
  function retry(): void {
    for (const login of refused) fates.delete(login);
    refused = new Set();
    void mirror().catch(() => undefined);
  }

  /** A login the proxy refused: Firefox's header listener must not send it either. */
  const isRefused = (token: Login) => refused.has(loginKey(token));

  async function answer(challenge: AuthChallenge): Promise<AuthResponse> {
    const [token] = await Promise.all([loginFor(challenge), loadMirror()]);
    const decision = decideAuth(challenge, token, answered[challenge.requestId] ? 1 : 0);
    if (decision.action === "ignore" || !token) return {};
    const { requestId } = challenge;
    if (decision.action === "cancel") {
      // Asked again after our own answer: the refusal. Answering again would loop.
      unsettled.delete(requestId);
      const told = refuse(token);
      // The engine's own check must find the reason stored when its request fails.
      if (challenge.fromTab === false) await told.catch(() => undefined);
      else void told.catch(() => undefined);
      return { cancel: true };
    }
    const login = loginKey(token);
    for (;;) {
      const fate = fateOf(login);
      const step = stepFor(fate, now(), holdMs);
      if (step === "cancel") return { cancel: true };
      if (step === "wait" && fate.kind === "probing") {
        await waitForFate(login, holdMs - (now() - fate.since));
        continue;
      }
      // From the fate read above to the records here nothing awaits: one step.
      if (step === "probe") fates.set(login, { kind: "probing", requestId, since: now() });
      answered = recordAnswer(answered, requestId, now());
      unsettled.set(requestId, token);
      await mirror();
      return { authCredentials: { username: decision.username, password: decision.password } };
    }
  }

  return { answer, settled, retry, worked, forget, isRefused };
}

export type AuthResponder = ReturnType<typeof createAuthResponder>;

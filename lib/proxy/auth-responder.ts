/**
 * The proxy-challenge answer both browsers give (DESIGN.md, "Answering a proxy's 407"):
 * - a challenge to the browser's cached copy of a login is a question (the gateway ended its
 *   session: a restart, a timeout, a failover): answered with the login of the token the
 *   request goes through;
 * - a 407 to our own answer (in its response headers, or the request's next challenge) is a
 *   strike; strikes refuse the login only as login-doubts.ts says, and a refused login is not
 *   sent again until the user connects (or checks) again or the token's password changes;
 * - nothing is cancelled on a guess: only a refused login's challenges, and a request the proxy
 *   keeps asking after every answer while the login works for others (it would loop).
 * Records live in memory (challenges arriving together see each other); storage.session keeps
 * what a woken worker needs: the requests we answered, and the refused logins.
 */

import { recordEvent, recordedAs } from "../diagnostics/record";
import type { StoredToken } from "../state/tokens";
import { activeLogin } from "./active-login";
import { createAnswersOut } from "./answers-out";
import { type AuthChallenge, decideAuth, GONE_LOGIN, type LoginLookup, recordAnswer } from "./auth";
import { createAuthRecords } from "./auth-records";
import { createLoginDoubts } from "./login-doubts";
import { type Login, loginKey } from "./login-key";
import { createOutcomesWanted } from "./outcomes-wanted";

export type AuthResponse = {
  authCredentials?: { username: string; password: string };
  cancel?: boolean;
};

export interface AuthResponderDeps {
  /** The proxy refused this token's login (a 407 to our own answer): say so, drop its copies. */
  onRefused: (token: StoredToken) => Promise<void>;
  /**
   * A request through this token worked, the first since its login was last asked for (or its
   * copies dropped): an error shown for it is over.
   */
  onWorked?: (token: StoredToken) => void;
  /**
   * The token whose proxy asks: with site rules several tokens carry traffic at once, each
   * behind its own gateway spelling (Chrome: route-plan.ts).
   */
  loginFor?: (challenge: AuthChallenge) => Promise<LoginLookup>;
  /**
   * The token a request that got its response went through (null: direct, blocked, unknown).
   * Asked only while a login is in doubt, one request at a time.
   */
  carrier?: (response: { requestId: string; url: string }) => Promise<StoredToken | null>;
}

const CANCEL: AuthResponse = { cancel: true };
/** An answer's outcome in the diagnostics log: the gateway by its address, never a login. */
const note = (text: string) => recordEvent("auth", "auth", text);

export function createAuthResponder(deps: AuthResponderDeps) {
  const loginFor = deps.loginFor ?? activeLogin;
  const { records, load: loadMirror, save: mirror } = createAuthRecords();
  /** Answers out whose outcome is not seen yet (given up on after a while: answers-out.ts). */
  const unsettled = createAnswersOut(() => wantOutcomes());
  /** The outcomes of requests are heard only while an answer is out or a login in doubt. */
  const outcomes = createOutcomesWanted(() => unsettled.size > 0 || doubts.any());
  const wantOutcomes = outcomes.update;
  /** Logins seen to carry traffic since they were last asked for (or their copies dropped). */
  const working = new Set<string>();
  /** How many times each request was answered, and those whose last answer was struck. */
  const answers = new Map<string, number>();
  const struck = new Set<string>();
  /** The token behind each login the doubts speak of. */
  const tokenOf = new Map<string, StoredToken>();
  /** Answers one request gets at most, each asked again after, while its login works for others. */
  const maxAnswers = 3;
  const doubts = createLoginDoubts({
    answerOut: (requestId) => unsettled.get(requestId) !== undefined,
    onRefused: (login) => {
      wantOutcomes();
      const token = tokenOf.get(login);
      if (token) void refuse(token).catch(recordedAs("auth:refuse"));
    },
  });

  /** The last refusal being told (the engine's own check waits for it: see answer). */
  let told: Promise<void> = Promise.resolve();

  /** The proxy refused this login (login-doubts.ts). Told once per refusal. */
  function refuse(token: StoredToken): Promise<void> {
    const login = loginKey(token);
    working.delete(login);
    if (records.refused.has(login)) return Promise.resolve();
    records.refused.add(login);
    note(`${token.host}:${token.port} refused token #${token.id}'s sign-in`);
    // Told at once: the browser sends its cached copy unasked on every new connection until
    // the engine drops it.
    told = Promise.all([mirror(), deps.onRefused(token)]).then(() => undefined);
    return told;
  }

  /** A 407 to our answer of this request (counted once per answer). */
  function strike(token: StoredToken, requestId: string): void {
    if (struck.has(requestId)) return;
    struck.add(requestId);
    const login = loginKey(token);
    tokenOf.set(login, token);
    const answeredAt = records.answered[requestId];
    doubts.strike(login, requestId, answeredAt === undefined ? undefined : Date.now() - answeredAt);
    wantOutcomes();
  }

  /** A request through this token worked (an answered one, or the engine's own check). */
  function worked(token: StoredToken): void {
    const login = loginKey(token);
    if (records.refused.has(login)) return;
    doubts.cleared(login);
    wantOutcomes();
    if (working.has(login)) return;
    working.add(login);
    deps.onWorked?.(token);
  }

  /** The request is over, or its answer taken: a later challenge for its id is a question. */
  function closed(requestId: string): void {
    unsettled.delete(requestId);
    answers.delete(requestId);
    struck.delete(requestId);
    wantOutcomes();
    if (records.answered[requestId] === undefined) return;
    delete records.answered[requestId];
    void mirror().catch(recordedAs("auth:mirror"));
  }

  /**
   * The answered request got its response headers (`statusCode`), or ended without them. A 407
   * there is a strike (sooner than the challenge that follows it). Any other end closes the
   * request's answers: a later challenge under its id (a redirect's next hop) is a question.
   */
  function settled(requestId: string, statusCode?: number, url?: string): void {
    const token = unsettled.get(requestId);
    if (!token) {
      if (statusCode !== undefined && statusCode !== 407 && url) lookForEvidence(requestId, url);
      // A doubt that ended on its own timer: nothing more to hear.
      wantOutcomes();
      return;
    }
    if (statusCode === 407) {
      unsettled.delete(requestId);
      strike(token, requestId);
      return;
    }
    closed(requestId);
    if (statusCode !== undefined) worked(token);
  }

  /**
   * While a login is in doubt, a response to any request through it (not only one we answered:
   * the browser sends our answer unasked once it has it) shows the login works.
   */
  let looking = false;
  function lookForEvidence(requestId: string, url: string): void {
    if (looking || !deps.carrier || !doubts.any()) return;
    looking = true;
    deps
      .carrier({ requestId, url })
      .then((token) => token && worked(token))
      .catch(recordedAs("auth:carrier"))
      .finally(() => {
        looking = false;
      });
  }

  /** The browser's cached copies of these logins are dropped (connect, switch, refresh). */
  function forget(tokens: Login[]): void {
    for (const token of tokens) {
      const login = loginKey(token);
      working.delete(login);
      doubts.forget(login);
    }
    wantOutcomes();
  }

  /** The user connects (or checks) again: they may have mended the password at the provider. */
  function retry(): void {
    records.refused = new Set();
    void mirror().catch(recordedAs("auth:mirror"));
  }

  /** A login the proxy refused: Firefox's header listener must not send it either. */
  const isRefused = (token: Login) => records.refused.has(loginKey(token));

  async function answer(challenge: AuthChallenge): Promise<AuthResponse> {
    const [found] = await Promise.all([loginFor(challenge), loadMirror()]);
    const { requestId } = challenge;
    const asker = `${challenge.challenger.host}:${challenge.challenger.port}`;
    if (found === GONE_LOGIN && challenge.isProxy) {
      note(`${asker} cancelled: its token was removed`);
      return CANCEL;
    }
    const token = found === GONE_LOGIN ? null : found;
    const decision = decideAuth(challenge, token, records.answered[requestId] ? 1 : 0);
    if (decision.action === "ignore" || !token) {
      // A website's own 401 is none of ours; a proxy left unanswered may show a login dialog.
      const why = decision.action === "ignore" ? decision.reason : "no token";
      if (challenge.isProxy) note(`${asker} not answered: ${why}`);
      return {};
    }
    const login = loginKey(token);
    if (decision.action === "strike" && !records.refused.has(login)) {
      unsettled.delete(requestId);
      strike(token, requestId);
      await doubts.verdictFor(login, requestId);
      // Asked after every answer while the login works for others: answering again would loop.
      if ((answers.get(requestId) ?? 1) >= maxAnswers && !records.refused.has(login)) {
        note(`${asker} asked again after ${maxAnswers} answers: cancelled`);
        return CANCEL;
      }
    }
    if (records.refused.has(login)) {
      // The engine's own check must find the reason stored when its request fails (a failure
      // to tell was recorded where it was told: refuse's caller).
      if (challenge.fromTab === false) await told.catch(() => undefined);
      note(`${asker} refused: token #${token.id}'s sign-in was refused before`);
      return CANCEL;
    }
    working.delete(login);
    records.answered = recordAnswer(records.answered, requestId, Date.now());
    answers.set(requestId, (answers.get(requestId) ?? 0) + 1);
    struck.delete(requestId);
    unsettled.add(requestId, token);
    wantOutcomes();
    // Answered first, recorded after: the answer never waits on a write (a rule save of a
    // megabyte may hold the writer). A worker stop before the write lands loses only the
    // note that this request was answered: its next challenge is then a question again.
    void mirror().catch(recordedAs("auth:mirror"));
    // A page's requests only: a health check's thousands of probes would flush out the rest.
    if (challenge.fromTab !== false) note(`${asker} answered with token #${token.id}`);
    return { authCredentials: { username: token.username, password: token.password } };
  }

  return {
    answer,
    settled,
    retry,
    worked,
    forget,
    isRefused,
    /** The glue's listener for outcomes follows this (set once, at registration). */
    onOutcomesWanted: outcomes.follow,
  };
}

export type AuthResponder = ReturnType<typeof createAuthResponder>;

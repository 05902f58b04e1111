/**
 * The proxy engine: keeps the browser's proxy setting equal to the stored intent, switches
 * tokens so the next request really exits through the new one, checks the exit IP and turns
 * what the browser shows into a status. Fail closed: while the user has chosen a token,
 * traffic goes through it or nowhere; only the user's own disconnect goes direct (or the
 * user's "fall back to direct" setting). Browser specifics come in through ProxyPlatform.
 */
import type { ApiClient } from "../api";
import { recordedAs, recordFailure } from "../diagnostics/record";
import { compiledRouter } from "../routing/compiled-router";
import type { Settings } from "../state/settings";
import { withRecent } from "../state/status";
import type { StoredToken } from "../state/tokens";
import { unusableReason } from "../state/usable";
import { readState } from "../storage/read";
import { updateState, writesLanded } from "../storage/store";
import { noteApply } from "./apply-events";
import { createDeleteMarks } from "./delete-marks";
import type { EngineResult } from "./engine-result";
import { createStatusWriter } from "./engine-status";
import { createExitCheck } from "./exit-check";
import { createFailClosed } from "./fail-closed";
import { createIpRefresh } from "./ip-refresh";
import { createLeaving } from "./leave";
import { createNoToken } from "./no-token";
import type { ProxyPlatform } from "./platform";
import { createProblemReports } from "./problem-reports";
import { createReconciler, SWITCH_READS } from "./reconcile";
import { createRouteApplier, type MutationsHeld, type RouteApplyDeps } from "./route-apply";

export type { EngineResult } from "./engine-result";

/** Also what the route applier needs (route-apply.ts): mutations settled, logins dropped. */
export interface EngineDeps extends RouteApplyDeps {
  platform: ProxyPlatform;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
  /** The user connects: passwords the proxy refused may be tried again. */
  loginRetried?: () => void;
  /** A request through this token worked (the engine's own check). */
  loginWorked?: (token: StoredToken) => void;
  /** The global badge was drawn anew (a tab's own title follows it). */
  badgeChanged?: () => void;
}

export function createEngine(deps: EngineDeps) {
  const { platform } = deps;
  const now = deps.now ?? Date.now;
  const status = createStatusWriter(platform, now, deps.badgeChanged);
  const checkExitIp = createExitCheck({
    api: deps.api,
    platform,
    status,
    now,
    onWorkedThrough: deps.loginWorked,
    // Never called under the lock (a switch checks after it lets go): no wait on itself.
    switchesDone: () => lock.waitForUnlock(),
    switchCount: () => switches,
  });
  /** Switches and leaves applied (an exit check sent before one is evidence of neither). */
  let switches = 0;
  /** How this browser carries site rules (see lib/routing/plan.ts). */
  const planOptions = {
    supportsSocksAuth: platform.supportsSocksAuth,
    oneLoginPerEndpoint: platform.oneLoginPerEndpoint,
    now,
  };
  const held: MutationsHeld = deps.mutationsHeld ?? ((work) => work(false));
  const forgetCredentials = (tokens: StoredToken[]) =>
    held(async () => {
      deps.credentialsForgotten?.(tokens);
      await platform.forgetCredentials(tokens);
    });

  const { rulesPlan, applyToken, applyNoToken } = createRouteApplier(platform, planOptions, deps);
  const failClosed = createFailClosed(platform, status, now, () => rulesPlan(true));
  const noToken = createNoToken(platform, status, now, applyNoToken);

  const { lock, reconcile, reconcileNow } = createReconciler({
    supportsSocksAuth: platform.supportsSocksAuth,
    now,
    applyToken,
    noToken,
    failClosed,
    tokenApplied: status.tokenApplied,
    forgetLogins: (tokens) => forgetCredentials(tokens),
  });

  /**
   * The rules changed: re-apply. A gateway spelling that now stands for another token has its
   * cached login dropped by the reconcile (gateway-owners.ts); the rest keep theirs, so saving
   * the rules cuts no request on its way through a gateway whose login stays the same.
   */
  async function rulesChanged(): Promise<void> {
    await reconcile();
    // "Which route?" comes next (the popup, the route tester): the router is compiled now, off
    // the reply, not on the first question (a 50,000-line list: ~70 ms).
    setTimeout(() => {
      rulesPlan(false)
        .then((plan) => plan && compiledRouter(plan.rules))
        .catch(recordedAs("engine:router"));
    });
  }

  /**
   * The one-click switch. The new setting goes in first, in one browser call, as soon as the
   * choice is known; storage, status and the exit check follow. No cached login is dropped
   * unless a spelling comes to stand for another token (applyToken), so requests on their way
   * through the old token are neither cut nor left unanswered: a late challenge at its
   * spelling is answered with its own login (chromeLoginFor; Firefox keeps each request's
   * token).
   */
  async function connect(tokenId: number): Promise<EngineResult> {
    // A delete of this very token is out: its answer decides (in the trash: token-missing).
    await deletes.settled(tokenId);
    const applied = await lock.runExclusive(async () => {
      if (deletes.marked(tokenId)) return "again"; // a delete marked it meanwhile
      /** One read of everything the apply needs: every storage call here delays the setting. */
      const readTarget = async () => {
        const known = await readState(SWITCH_READS);
        const token = known.tokens.find((t) => t.id === tokenId);
        return { known, token, problem: unusableReason(token, platform.supportsSocksAuth, now()) };
      };
      const first = await readTarget();
      // Refused before anything changes: the user's current route stays as it is.
      if (first.problem || !first.token)
        return { ok: false, failure: first.problem ?? { code: "token-missing" } };
      deps.loginRetried?.();
      switches++;
      // A purchase, delete or restore on the wire first, and none starts until the setting is
      // in: Chromium can cut a request in flight when the proxy setting changes (seen: 2 paid
      // tokens lost among 50 overlapping commands, none once the switch waited for them), and
      // a create cut after the provider committed it is a token nobody stored.
      const applied = await held(async (waited) => {
        // What they changed counts (a delete moves this very token to the trash): read again
        // once their writes have landed, so a deleted token's gateway is never applied.
        if (waited) await writesLanded();
        const { known, token, problem } = waited ? await readTarget() : first;
        if (problem || !token) return { ok: false, failure: problem ?? { code: "token-missing" } };
        const { tokens, settings, connection } = known;
        // A setting the browser refuses is the reconcile's to handle (fail closed), below.
        return applyToken(token, tokens, settings, connection.activeTokenId, known).then(
          () => true,
          (error: unknown) => {
            recordFailure("connect:apply", error);
            return false;
          },
        );
      });
      if (typeof applied === "object") return applied;
      const stored = await updateState(["connection", "status", "tokens"], (s) =>
        // Deleted while the switch waited for the delete above (or while it applied): the
        // token is not connected, and the route it was given is put back below.
        s.tokens.some((t) => t.id === tokenId)
          ? {
              write: {
                connection: {
                  activeTokenId: tokenId,
                  lastTokenId: tokenId,
                  recentTokenIds: withRecent(s.connection.recentTokenIds, tokenId),
                },
                status: { ...s.status, state: "checking", tokenId, error: null, exitIp: null },
              },
              result: true,
            }
          : { result: false },
      );
      if (!stored) return "gone";
      return applied ? "applied" : "refused";
    });
    if (typeof applied === "object") return applied;
    if (applied === "again") return connect(tokenId);
    if (applied === "gone") {
      await reconcile();
      return { ok: false, failure: { code: "token-missing" } };
    }
    noteApply("connect", `token #${tokenId}`, applied); // after the switch, never before it
    if (applied === "applied") await status.tokenApplied(tokenId);
    else await reconcile();
    const checked = await checkExitIp();
    if (checked.ok) return checked;
    // Proxies added as lines work without a provider: the switch has worked, unverified.
    if (checked.failure.code === "no-base-url") return { ok: true };
    // Deleted once it had landed (a delete then left it): gone, whatever the check met.
    const listed = (await readState(["tokens"])).tokens.some((t) => t.id === tokenId);
    return listed ? checked : { ok: false, failure: { code: "token-missing" } };
  }

  const deletes = createDeleteMarks();
  const { off, disconnect, leaveForDelete, toggle } = createLeaving({
    deletes,
    storeAndApply: (change) =>
      lock.runExclusive(async () => {
        // Nothing to leave (a delete of tokens not connected): nothing to hold or apply.
        if (change((await readState(["connection"])).connection) === null) return;
        // As a switch holds them (connect): then what those calls stored counts.
        await held(async (waited) => {
          if (waited) await writesLanded();
          const stored = await updateState(["connection"], ({ connection }) => {
            const next = change(connection);
            return next ? { write: { connection: next }, result: true } : { result: false };
          });
          if (!stored) return;
          // Counted before the lock lets go: an exit check's answer is judged after (exit-check.ts).
          switches++;
          await reconcileNow();
        });
      }),
    checkExitIp,
    connect,
  });

  const refreshIp = createIpRefresh({
    api: deps.api,
    async reapply(before: StoredToken, after: StoredToken) {
      await forgetCredentials([before, after]);
      await reconcile();
      return checkExitIp();
    },
  });

  const problems = createProblemReports({
    status,
    checkExitIp,
    forgetCredentials,
    retryLogins: deps.loginRetried,
  });

  return {
    reconcile,
    rulesChanged,
    planOptions,
    connect,
    disconnect,
    off,
    leaveForDelete,
    toggle,
    checkExitIp: problems.checkNow,
    refreshIp,
    reportProxyProblem: problems.reportProxyProblem,
    reportRefusal: problems.reportRefusal,
    loginWorks: problems.loginWorks,
    /** Switches and leaves applied so far: a later one is the user's say (token-lifecycle.ts). */
    switchCount: () => switches,
    syncBadge: status.syncBadge,
  };
}

export type Engine = ReturnType<typeof createEngine>;

/**
 * The proxy engine: keeps the browser's proxy setting equal to the stored intent, switches
 * tokens so the next request really exits through the new one, checks the exit IP and turns
 * what the browser shows into a status. Fail closed: while the user has chosen a token,
 * traffic goes through it or nowhere; only the user's own disconnect goes direct (or the
 * user's "fall back to direct" setting). Browser specifics come in through ProxyPlatform.
 */
import { Mutex } from "async-mutex";
import type { ApiClient } from "../api";
import { compiledRouter } from "../routing/compiled-router";
import { readState } from "../state/read";
import type { Settings } from "../state/settings";
import { type ProxyStatus, withRecent } from "../state/status";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import { type EngineResult, notThroughToken } from "./engine-result";
import { createStatusWriter } from "./engine-status";
import { createExitCheck } from "./exit-check";
import { createFailClosed } from "./fail-closed";
import {
  cachedOwners,
  changeOwners,
  type Owners,
  ownersNow,
  ownersOf,
  spellingFor,
} from "./gateway-owners";
import { createIpRefresh } from "./ip-refresh";
import type { ProxyPlatform } from "./platform";
import { createProblemReports } from "./problem-reports";
import { currentPlan, type PlanState } from "./route-plan";
import { providerHost, unusableReason } from "./usable";

export type { EngineResult } from "./engine-result";

export interface EngineDeps {
  platform: ProxyPlatform;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
  /**
   * Resolves when no purchase, delete or restore is on the wire. Dropping the gateway's
   * credentials closes its connections, and a create cut after the provider committed it
   * would be a paid token nobody stored.
   */
  mutationsSettled?: () => Promise<void>;
  /** The user connects: passwords the proxy refused may be tried again. */
  loginRetried?: () => void;
  /** A request through this token worked (the engine's own check). */
  loginWorked?: (token: StoredToken) => void;
  /** The browser's cached copies of these tokens' logins are being dropped. */
  credentialsForgotten?: (tokens: StoredToken[]) => void;
  /** The global badge was drawn anew (a tab's own title follows it). */
  badgeChanged?: () => void;
}

/** What a switch reads, in one call, before it writes the setting. */
const SWITCH_READS = ["tokens", "settings", "connection", "siteRules", "gatewayOwners"] as const;

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
  });
  /** How this browser carries site rules (see lib/routing/plan.ts). */
  const planOptions = {
    supportsSocksAuth: platform.supportsSocksAuth,
    oneLoginPerEndpoint: platform.oneLoginPerEndpoint,
    now,
  };
  const forgetCredentials = async (tokens: StoredToken[]) => {
    await deps.mutationsSettled?.();
    deps.credentialsForgotten?.(tokens);
    await platform.forgetCredentials(tokens);
  };

  const rulesPlan = async (
    defaultDirect: boolean,
    activeTokenId?: number | null,
    known?: PlanState,
  ) => {
    const plan = await currentPlan({ ...planOptions, defaultDirect }, activeTokenId, known);
    return plan.rules.length > 0 ? plan : null;
  };
  /**
   * Chrome: records whose login each spelling of `next` holds from now on and drops the cached
   * logins of the spellings that change token (gateway-owners.ts), around `apply`.
   */
  const owned = async (
    next: Owners,
    tokens: StoredToken[],
    apply: () => Promise<void>,
    known?: Owners,
  ) => {
    if (!platform.oneLoginPerEndpoint) return apply();
    await changeOwners(
      next,
      tokens,
      async (moved, addresses) => {
        await deps.mutationsSettled?.();
        deps.credentialsForgotten?.(moved);
        await platform.probes.forgetAddresses(addresses);
      },
      apply,
      known,
    );
  };
  const failClosed = createFailClosed(platform, status, now, () => rulesPlan(true));

  /**
   * Routes traffic through this token (its site rules too). Chrome writes the gateway under a
   * spelling whose cached login is the token's own or none, so nothing is dropped on a switch
   * between tokens that each kept theirs; `leaving`, the token traffic leaves, keeps its
   * spelling where a drop cannot be avoided (its late challenges stay answered with its login).
   */
  async function applyToken(
    token: StoredToken,
    tokens: StoredToken[],
    settings: Settings,
    leaving: number | null,
    /** A switch's one read of everything the apply needs. */
    known?: PlanState,
  ): Promise<void> {
    const routed = platform.applyPlan ? await rulesPlan(false, token.id, known) : null;
    const owners = known?.gatewayOwners;
    if (routed) {
      const apply = async () => platform.applyPlan?.(routed, settings);
      await owned(routed.owners(), tokens, apply, owners);
      return;
    }
    const host = platform.oneLoginPerEndpoint
      ? spellingFor(token, owners ? ownersNow(owners) : await cachedOwners(), leaving)
      : token.host;
    const spelled = { ...token, host };
    await owned(ownersOf(spelled), tokens, () => platform.apply(spelled, settings), owners);
  }

  /**
   * One reconcile at a time, and none while a switch applies and stores its choice: a run that
   * read older state can never land after a newer one. Callers that come while one waits share
   * it (it has not read anything yet).
   */
  const lock = new Mutex();
  let waiting: Promise<ProxyStatus> | null = null;
  function reconcile(): Promise<ProxyStatus> {
    waiting ??= lock.runExclusive(() => {
      waiting = null;
      return reconcileNow();
    });
    return waiting;
  }

  /** Make the browser's setting match storage. Runs on every wake and every change. */
  async function reconcileNow(): Promise<ProxyStatus> {
    // One read, as a switch does: on a wake a challenge waits behind every storage call here.
    const known = await readState(SWITCH_READS);
    const { connection, tokens, settings } = known;
    const id = connection.activeTokenId;
    if (id === null) return noToken(connection.off === true, tokens, settings);
    const token = tokens.find((t) => t.id === id);
    let problem = unusableReason(token, platform.supportsSocksAuth, now());
    if (!problem && token) {
      // Applied before anything else: at browser start every millisecond here is a page load
      // that could go out direct.
      try {
        await applyToken(token, tokens, settings, null, known);
      } catch (error) {
        problem = { code: "config-failed", detail: String(error).slice(0, 200) };
      }
    }
    if (problem) return failClosed(id, problem, settings);
    return tokenStatus(id);
  }

  /** The status once this token's route is in force. */
  async function tokenStatus(id: number): Promise<ProxyStatus> {
    const controlledByOther = await platform.controlledByOther();
    return status.setStatus((s) => {
      // Evidence about this token survives a wake: a refused or unreachable proxy stays an
      // error until a request through it works, a working one stays connected. Anything
      // else (another token, a block now lifted) starts over at "checking".
      const same = s.tokenId === id && !notThroughToken(s);
      const state = same && (s.state === "error" || s.state === "connected") ? s.state : "checking";
      return {
        ...s,
        state,
        error: state === "error" ? s.error : null,
        // A check already made for this choice stays, also one labelled direct (a reconcile
        // that follows the apply must not erase the answer the user is waiting for).
        exitIp: s.tokenId === id || s.exitIp?.viaTokenId === id ? s.exitIp : null,
        tokenId: id,
        controlledByOther,
      };
    });
  }

  /**
   * No token chosen: the site rules route (the rest direct); under the user's Off only the
   * administrator's rules and a list fetched through a token (route-plan.ts) stay.
   */
  async function noToken(
    off: boolean,
    tokens: StoredToken[],
    settings: Settings,
  ): Promise<ProxyStatus> {
    const routed = platform.applyPlan ? await rulesPlan(false) : null;
    let refused: unknown = null;
    try {
      if (routed)
        await owned(routed.owners(), tokens, async () => platform.applyPlan?.(routed, settings));
      else await platform.clear(off);
    } catch (error) {
      // The browser refused the rules' config: nothing may pass unchecked (fail closed),
      // and the status says so rather than "direct".
      refused = error;
      await platform.block(settings, providerHost(settings.baseUrl));
    }
    const controlledByOther = await platform.controlledByOther();
    return status.setStatus((s) => ({
      ...s,
      state: refused ? "blocked" : "direct",
      tokenId: null,
      error: refused
        ? {
            failure: { code: "rules-config-failed", detail: String(refused).slice(0, 200) },
            at: now(),
          }
        : null,
      controlledByOther,
    }));
  }

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
        .catch(() => undefined);
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
    const applied = await lock.runExclusive(async () => {
      // One read of everything the apply needs: every storage call here delays the setting.
      const known = await readState(SWITCH_READS);
      const { tokens, settings, connection } = known;
      const token = tokens.find((t) => t.id === tokenId);
      const problem = unusableReason(token, platform.supportsSocksAuth, now());
      // Refused before anything changes: the user's current route stays as it is.
      if (problem || !token) return { ok: false, failure: problem ?? { code: "token-missing" } };
      deps.loginRetried?.();
      // A purchase, delete or restore on the wire first: Chromium can cut a request in flight
      // when the proxy setting changes (seen: 2 paid tokens lost among 50 overlapping commands,
      // none once the switch waited for them), and a create cut after the provider committed
      // it is a token nobody stored. Nothing to wait for on a plain switch.
      await deps.mutationsSettled?.();
      // A setting the browser refuses is the reconcile's to handle (fail closed), below.
      const applied = await applyToken(
        token,
        tokens,
        settings,
        connection.activeTokenId,
        known,
      ).then(
        () => true,
        () => false,
      );
      await updateState(["connection", "status"], (s) => ({
        write: {
          connection: {
            activeTokenId: tokenId,
            lastTokenId: tokenId,
            recentTokenIds: withRecent(s.connection.recentTokenIds, tokenId),
          },
          status: { ...s.status, state: "checking", tokenId, error: null, exitIp: null },
        },
        result: undefined,
      }));
      return applied ? "applied" : "refused";
    });
    if (typeof applied === "object") return applied;
    if (applied === "applied") await tokenStatus(tokenId);
    else await reconcile();
    const checked = await checkExitIp();
    // Proxies added as lines work without a provider: the switch has worked, unverified.
    return !checked.ok && checked.failure.code === "no-base-url" ? { ok: true } : checked;
  }

  /** No token: `off` sends everything direct; otherwise the site rules still route. */
  async function leave(off: boolean): Promise<EngineResult> {
    await updateState(["connection"], ({ connection }) => ({
      write: {
        connection: {
          ...connection,
          activeTokenId: null,
          lastTokenId: connection.activeTokenId ?? connection.lastTokenId,
          off,
        },
      },
      result: undefined,
    }));
    await reconcile();
    // Leaving has worked; the direct exit IP is informational.
    await checkExitIp();
    return { ok: true };
  }
  /** The user's Off: everything direct, site rules and lists included. */
  const off = () => leave(true);
  /** No connected token; site rules (if any) still route their sites, the rest goes direct. */
  const disconnect = () => leave(false);

  async function toggle(): Promise<EngineResult> {
    const { connection, tokens } = await readState(["connection", "tokens"]);
    if (connection.activeTokenId !== null) return off();
    // The last token may have been deleted since: fall back to the newest stored one.
    const target = tokens.find((t) => t.id === connection.lastTokenId)?.id ?? tokens[0]?.id;
    if (target === undefined) return { ok: false, failure: { code: "no-tokens" } };
    return connect(target);
  }

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
    toggle,
    checkExitIp: problems.checkNow,
    refreshIp,
    reportProxyProblem: problems.reportProxyProblem,
    reportRefusal: problems.reportRefusal,
    loginWorks: problems.loginWorks,
    syncBadge: status.syncBadge,
  };
}

export type Engine = ReturnType<typeof createEngine>;

/**
 * Asks the provider which address our traffic leaves from, and records it: the status's exit
 * IP, and a new static token's IP when the answer is its first. The answer counts for the
 * token only when the request went through it: when the provider's host bypasses the proxy
 * (a bypass rule, the browser's loopback rule) or traffic is blocked, the check is labelled
 * direct and proves nothing about the token — the user's own IP is never stored as its IP.
 */
import type { ApiClient } from "../api";
import { ApiError } from "../api/errors";
import { asFailure, because } from "../base/failure";
import { failureOf } from "../protocol/api-failure";
import type { Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import { read, readState } from "../storage/read";
import { updateState } from "../storage/store";
import { type EngineResult, notThroughToken } from "./engine-result";
import type { StatusWriter } from "./engine-status";
import type { ProxyPlatform } from "./platform";

/**
 * The provider's own answer (a status of its own, a body it could not be read from, its rate
 * limit) came back through the proxy: the way through the token works, whatever the provider
 * said. A gateway's own answers say otherwise: 407 asks for a login, 502–504 say it could not
 * reach the provider.
 */
function providerAnswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (["schema", "rate-limited", "too-large"].includes(error.kind)) return true;
  return error.kind === "http" && ![undefined, 407, 502, 503, 504].includes(error.status);
}

export function createExitCheck(deps: {
  api: (settings: Settings) => ApiClient;
  platform: ProxyPlatform;
  status: StatusWriter;
  now: () => number;
  /** Told when a check went through a token and worked. */
  onWorkedThrough?: (token: StoredToken) => void;
  /** Resolves once no switch is applying (the engine's lock is free). */
  switchesDone?: () => Promise<void>;
  /** How many switches (and leaves) have applied so far. */
  switchCount?: () => number;
}) {
  /**
   * Another token was chosen while the check was on its way: a request sent before a switch can
   * leave after it (Chromium), so its answer is evidence about neither token (the new token's
   * own check comes). Read once the switch has stored its choice, not while it applies.
   */
  async function switchedSince(activeTokenId: number | null, switches = 0): Promise<boolean> {
    await deps.switchesDone?.();
    // The count also catches A → B → A while the answer was out.
    if ((deps.switchCount?.() ?? 0) !== switches) return true;
    return (await read("connection")).activeTokenId !== activeTokenId;
  }

  return async function checkExitIp(): Promise<EngineResult> {
    const switches = deps.switchCount?.() ?? 0;
    const { settings, connection, status } = await readState(["settings", "connection", "status"]);
    const { activeTokenId } = connection;
    if (!settings.baseUrl) return { ok: false, failure: { code: "no-base-url" } };
    const viaTokenId =
      activeTokenId !== null &&
      !notThroughToken(status) &&
      !deps.platform.bypasses(settings.baseUrl, settings)
        ? activeTokenId
        : null;
    let info: Awaited<ReturnType<ApiClient["getIpInfo"]>>;
    try {
      info = await deps.api(settings).getIpInfo();
    } catch (error) {
      const failure = because("exit-check-failed", failureOf(error));
      if (await switchedSince(activeTokenId, switches)) return { ok: false, failure };
      const now = await read("status");
      // The auth listener may already have said why (refused credentials): keep that reason.
      if (now.state === "error" && now.error && viaTokenId !== null && now.tokenId === viaTokenId) {
        return { ok: false, failure: asFailure(now.error.failure) };
      }
      // A direct check that fails says nothing about the token, nor does the provider's own
      // answer: it came back through the token.
      if (viaTokenId !== null && !providerAnswered(error)) {
        await deps.status.fail(viaTokenId, failure);
      }
      return { ok: false, failure };
    }
    if (await switchedSince(activeTokenId, switches)) return { ok: true };
    const exitIp = {
      ip: info.ip,
      country: info.country,
      countryCode: info.country_code,
      city: info.city,
      checkedAt: deps.now(),
      viaTokenId,
    };
    if (viaTokenId !== null) {
      // A new static IP token comes back with ip "": the exit address is its IP.
      const through = await updateState(["tokens"], ({ tokens }) => ({
        write: {
          tokens: tokens.map((t) => (t.id === viaTokenId && !t.ip ? { ...t, ip: info.ip } : t)),
        },
        result: tokens.find((t) => t.id === viaTokenId),
      }));
      if (through) deps.onWorkedThrough?.(through);
    }
    await deps.status.setStatus((s) => ({
      ...s,
      exitIp,
      // A request through the token worked: that is the evidence "connected" needs.
      ...(viaTokenId !== null && s.tokenId === viaTokenId && !notThroughToken(s)
        ? { state: "connected", error: null }
        : {}),
    }));
    return { ok: true };
  };
}

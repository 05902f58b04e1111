/**
 * Asks the provider which address our traffic leaves from, through whatever proxy is set, and
 * records it: the status's exit IP, and a new static token's IP when the answer is its first.
 */
import type { ApiClient } from "../api";
import { failureOf } from "../protocol/api-failure";
import { asFailure, because } from "../protocol/failure";
import { read, readState } from "../state/read";
import type { Settings } from "../state/settings";
import { updateState } from "../state/store";
import { type EngineResult, proxyCleared } from "./engine-result";
import type { StatusWriter } from "./engine-status";

export function createExitCheck(deps: {
  api: (settings: Settings) => ApiClient;
  status: StatusWriter;
  now: () => number;
}) {
  return async function checkExitIp(): Promise<EngineResult> {
    const { settings, connection } = await readState(["settings", "connection"]);
    const { activeTokenId } = connection;
    if (!settings.baseUrl) return { ok: false, failure: { code: "no-base-url" } };
    let info: Awaited<ReturnType<ApiClient["getIpInfo"]>>;
    try {
      info = await deps.api(settings).getIpInfo();
    } catch (error) {
      const status = await read("status");
      // The auth listener may already have said why (refused credentials): keep that reason.
      if (
        status.state === "error" &&
        status.error &&
        activeTokenId !== null &&
        status.tokenId === activeTokenId
      ) {
        return { ok: false, failure: asFailure(status.error.failure) };
      }
      const failure = because("exit-check-failed", failureOf(error));
      if (activeTokenId !== null) await deps.status.fail(activeTokenId, failure);
      return { ok: false, failure };
    }
    const exitIp = {
      ip: info.ip,
      country: info.country,
      countryCode: info.country_code,
      city: info.city,
      checkedAt: deps.now(),
      viaTokenId: activeTokenId,
    };
    if (activeTokenId !== null) {
      // A new static IP token comes back with ip "": the exit address is its IP.
      await updateState(["tokens"], ({ tokens }) => ({
        write: {
          tokens: tokens.map((t) => (t.id === activeTokenId && !t.ip ? { ...t, ip: info.ip } : t)),
        },
        result: undefined,
      }));
    }
    await deps.status.setStatus((s) => ({
      ...s,
      exitIp,
      // A passing check proves the proxy works, unless reconcile cleared it (token gone,
      // SOCKS5 without auth): then the check went out direct and the error must stay.
      ...(s.tokenId === activeTokenId && activeTokenId !== null && !proxyCleared(s)
        ? { state: "connected", error: null }
        : {}),
    }));
    return { ok: true };
  };
}

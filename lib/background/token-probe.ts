/**
 * The requests of one token's probe, in order, and what they show (lib/health/): the login
 * request (in Firefox the provider's exit-IP check, which takes its turn under the plan's rate
 * limit and waits out a 429 as the provider asks), then, where the browser needs it, a second
 * request timed with the login in place.
 */
import type { HealthOutcome } from "../health/health";
import { loginOutcome } from "../health/probe-outcome";
import type { ProbeTargets } from "../proxy/platform";
import { exitIpOf, type ProbeAnswer } from "./probe-request";

/** A provider's 429: waits before the exit-IP request is asked again, then it is left out. */
const RATE_LIMIT_RETRIES = 2;

export async function probeToken(
  targets: ProbeTargets,
  deps: {
    send: (url: string) => Promise<ProbeAnswer>;
    /** Waits the provider's rate limit before a request to it. */
    apiTurn: () => Promise<void>;
    /** Waits, saying so in the progress. */
    wait: (ms: number) => Promise<void>;
    /** The auth responder refused the token's login meanwhile. */
    refused: () => boolean;
  },
): Promise<HealthOutcome> {
  const loginRequest = async () => {
    if (targets.learnsExitIp) await deps.apiTurn();
    return deps.send(targets.login);
  };
  let login = await loginRequest();
  for (let retry = 0; targets.learnsExitIp && retry < RATE_LIMIT_RETRIES; retry++) {
    if (login.response.kind !== "status" || login.response.status !== 429) break;
    await deps.wait((login.retryAfterS ?? 2 ** retry * 5) * 1_000);
    login = await loginRequest();
  }
  const refusedAtLogin = loginOutcome(login.response, deps.refused());
  if (refusedAtLogin) return refusedAtLogin;
  const exitIp = targets.learnsExitIp ? exitIpOf(login.body) : null;
  if (targets.timed === null) return { kind: "ok", latencyMs: login.ms, exitIp };
  const timed = await deps.send(targets.timed);
  return (
    loginOutcome(timed.response, deps.refused()) ?? { kind: "ok", latencyMs: timed.ms, exitIp }
  );
}

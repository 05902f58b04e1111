/**
 * The proxy's questions and errors, answered in this browser: the auth responder (which login a
 * challenge gets, and who hears of a refusal: Check all for its own probe addresses, the
 * engine otherwise) and the proxy's error reports, registered in the worker's first turn.
 */
import type { Browser } from "@wxt-dev/browser";
import { recordedAs } from "../diagnostics/record";
import { activeLogin } from "../proxy/active-login";
import { createAuthResponder } from "../proxy/auth-responder";
import { registerChromeAuth } from "../proxy/chrome";
import type { Engine } from "../proxy/engine";
import type { createFirefoxRouting } from "../proxy/firefox";
import type { ProxyPlatform } from "../proxy/platform";
import { chromeLoginFor, currentPlan } from "../proxy/route-plan";
import type { StoredToken } from "../state/tokens";
import type { HealthCheck } from "./health-check";
import { proxyErrorReporter } from "./proxy-errors";
import { chromeRequestCarrier } from "./request-carrier";

interface ProxyAuthDeps {
  /** Chrome only: callback-style webRequest (asyncBlocking) and proxy.onProxyError. */
  chrome: typeof Browser | null;
  firefox: ReturnType<typeof createFirefoxRouting> | null;
  platform: ProxyPlatform;
  engine: Engine;
  health: HealthCheck;
}

export function startProxyAuth({ chrome, firefox, platform, engine, health }: ProxyAuthDeps) {
  const responder = createAuthResponder({
    // A refusal where a probe of the token is out is the probe's to report, unless the user's
    // pages sign in there with that token too (it is connected, or a rule's): then they hear
    // of it, and its logins are dropped.
    onRefused: async (token) =>
      health.probedAt(token) && !(await userTrafficSignsInAt(token, engine))
        ? undefined
        : engine.reportRefusal(token),
    onWorked: (token) => void engine.loginWorks(token).catch(recordedAs("engine:login-works")),
    // The token whose proxy asks: Firefox remembers per request which token it was sent through.
    loginFor: firefox
      ? async (challenge) => firefox.tokenOfRequest(challenge.requestId) ?? activeLogin()
      : async (challenge) =>
          (await health.loginAt(challenge.challenger.host, challenge.challenger.port)) ??
          chromeLoginFor(challenge),
    carrier: firefox
      ? async ({ requestId }) => firefox.tokenOfRequest(requestId)
      : chromeRequestCarrier(platform, engine.planOptions),
  });

  const onProxyError = proxyErrorReporter({
    probing: () => health.probing(),
    report: (problem) => engine.reportProxyProblem(problem),
  });
  if (firefox) firefox.register(onProxyError, responder);
  else if (chrome) {
    registerChromeAuth(chrome, responder);
    chrome.proxy.onProxyError.addListener((details) => onProxyError(details.error));
  }
  return responder;
}

/** The user's routing writes this token at this gateway spelling (Chrome). */
async function userTrafficSignsInAt(token: StoredToken, engine: Engine): Promise<boolean> {
  const plan = await currentPlan(engine.planOptions);
  return plan.tokenAt(token.host, token.port)?.id === token.id;
}

/**
 * Fail closed: the chosen token cannot be used, so the browser blocks traffic (the provider's
 * own host excepted, so the user can still buy a token) rather than let it go out direct,
 * unless the user prefers falling back to direct. The status says why.
 */
import type { Failure } from "../base/failure";
import type { RoutingPlan } from "../routing/plan";
import type { Settings } from "../state/settings";
import { providerHost } from "../state/usable";
import type { StatusWriter } from "./engine-status";
import type { ProxyPlatform } from "./platform";

export function createFailClosed(
  platform: ProxyPlatform,
  status: StatusWriter,
  now: () => number,
  /** The site rules with the default route direct, or null when no rule is on. */
  directPlan: () => Promise<RoutingPlan | null>,
) {
  return async function failClosed(id: number, failure: Failure, settings: Settings) {
    if (settings.fallbackDirect) {
      // Direct instead of blocked for the default route only: the rules still hold.
      const plan = platform.applyPlan ? await directPlan() : null;
      if (plan) await platform.applyPlan?.(plan, settings);
      else await platform.clear();
      return status.fail(id, failure);
    }
    await platform.block(settings, providerHost(settings.baseUrl));
    return status.setStatus((s) => ({
      ...s,
      state: "blocked",
      tokenId: id,
      error: { failure, at: now() },
      exitIp: null,
    }));
  };
}

/**
 * Fail closed: the chosen token cannot be used, so the browser blocks traffic (the provider's
 * own host excepted, so the user can still buy a token) rather than let it go out direct,
 * unless the user prefers falling back to direct. The status says why.
 */
import type { Failure } from "../protocol/failure";
import type { Settings } from "../state/settings";
import type { StatusWriter } from "./engine-status";
import type { ProxyPlatform } from "./platform";
import { providerHost } from "./usable";

export function createFailClosed(platform: ProxyPlatform, status: StatusWriter, now: () => number) {
  return async function failClosed(id: number, failure: Failure, settings: Settings) {
    if (settings.fallbackDirect) {
      await platform.clear();
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

/**
 * No token chosen: the site rules route (the rest direct); under the user's Off only the
 * administrator's rules and a list fetched through a token (route-plan.ts) stay. A config the
 * browser refuses blocks everything (fail closed) and the status says so rather than "direct".
 */
import type { Settings } from "../state/settings";
import type { ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import { providerHost } from "../state/usable";
import { noteApply } from "./apply-events";
import type { StatusWriter } from "./engine-status";
import type { ProxyPlatform } from "./platform";

export function createNoToken(
  platform: ProxyPlatform,
  status: StatusWriter,
  now: () => number,
  applyNoToken: (off: boolean, tokens: StoredToken[], settings: Settings) => Promise<void>,
) {
  return async function noToken(
    off: boolean,
    tokens: StoredToken[],
    settings: Settings,
  ): Promise<ProxyStatus> {
    let refused: unknown = null;
    try {
      await applyNoToken(off, tokens, settings);
    } catch (error) {
      // The browser refused the rules' config: nothing may pass unchecked (fail closed),
      // and the status says so rather than "direct".
      refused = error;
      await platform.block(settings, providerHost(settings.baseUrl));
    }
    const route = off ? "off" : "no token chosen";
    if (refused) noteApply("reconcile", route, "rules refused, blocking", refused);
    else noteApply("reconcile", route, "applied");
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
  };
}

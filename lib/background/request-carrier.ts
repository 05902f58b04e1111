/**
 * Which token carried a request that got its response, as this browser routes it: the auth
 * responder's evidence that a login in doubt still works (lib/proxy/login-doubts.ts). Firefox
 * remembers per request which token it was sent through; Chrome is asked the way the popup's
 * "this site" asks, with the user's bypass rules first.
 */

import type { ProxyPlatform } from "../proxy/platform";
import type { PlanOptions } from "../proxy/route-plan";
import type { StoredToken } from "../state/tokens";
import { readState } from "../storage/read";
import { siteRouteNow } from "./site-route-now";

export function chromeRequestCarrier(platform: ProxyPlatform, planOptions: PlanOptions) {
  return async ({ url }: { url: string }): Promise<StoredToken | null> => {
    const { settings, tokens } = await readState(["settings", "tokens"]);
    if (platform.bypasses(url, settings)) return null;
    const { target } = await siteRouteNow(url, undefined, planOptions);
    return target.kind === "proxy" ? (tokens.find((t) => t.id === target.tokenId) ?? null) : null;
  };
}

/**
 * Chrome's side of the engine: `proxy.settings` with fixed_servers, proxy auth through
 * `webRequest.onAuthRequired` (asyncBlocking: Chrome ignores a returned Promise), and the
 * credential-cache flush that makes a switch between tokens on one gateway take effect.
 */

import type { Browser } from "@wxt-dev/browser";
import { dequal } from "dequal";
import { isLoopbackHost } from "../base/base-url";
import { CHROME_ABILITIES } from "../base/browser-abilities";
import { recordFailure } from "../diagnostics/record";
import { chromeProbeHost, newNonce } from "../health/probe-target";
import { gatewaySpellings } from "../routing/plan";
import { providerHostname } from "../state/usable";
import type { AuthResponder } from "./auth-responder";
import { writeBadge } from "./badge-writer";
import { chromePacConfig } from "./chrome-pac";
import { withProbeGateways } from "./chrome-probes";
import {
  type ChromeProxyConfig,
  chromeBlockingConfig,
  chromeBypasses,
  chromeProxyConfig,
  gatewayOrigin,
} from "./config";
import { listenerSwitch } from "./listener-switch";
import type { GatewayAddress, ProxyPlatform } from "./platform";

export type ChromeApi = typeof Browser;

export function createChromePlatform(chrome: ChromeApi): ProxyPlatform {
  /** What the engine decided (null: cleared), and a health check's gateways, if one runs. */
  let decided: ChromeProxyConfig | null = null;
  let probeGateways: GatewayAddress[] = [];

  /** What this worker last wrote (undefined: nothing yet in this worker's life). */
  let written: ChromeProxyConfig | null | undefined;

  // Reconcile runs on every wake and on proxy.settings.onChange: setting an equal value again
  // would only feed that event. A value other than the one this worker last wrote is set at
  // once, in one call (a switch: the setting comes first); only an equal one, or the first of
  // a worker's life, is compared with the browser's (another extension may hold it).
  async function write(): Promise<void> {
    const value = probeGateways.length > 0 ? withProbeGateways(decided, probeGateways) : decided;
    if (value === null) {
      written = null;
      await chrome.proxy.settings.clear({ scope: "regular" });
      return;
    }
    if (written === undefined || dequal(written, value)) {
      const current = await chrome.proxy.settings.get({ incognito: false });
      if (
        current.levelOfControl === "controlled_by_this_extension" &&
        dequal(current.value, value)
      ) {
        written = value;
        return;
      }
    }
    written = value;
    await chrome.proxy.settings.set({ value, scope: "regular" }).catch((error: unknown) => {
      written = undefined; // not in force: the next write compares with the browser's again
      throw error;
    });
  }
  function setConfig(value: ChromeProxyConfig | null): Promise<void> {
    decided = value;
    return write();
  }
  /** Drops the cached logins (and proxy sockets) of these gateway origins. */
  async function forgetOrigins(origins: string[]): Promise<void> {
    const [first, ...rest] = new Set(origins);
    if (first === undefined) return;
    await chrome.browsingData.remove({ since: 0, origins: [first, ...rest] }, { cookies: true });
  }

  return {
    ...CHROME_ABILITIES,
    apply: (token, settings) => setConfig(chromeProxyConfig(token, settings.bypassList)),
    applyPlan: (plan, settings) =>
      setConfig(chromePacConfig(plan, settings.bypassList, providerHostname(settings.baseUrl))),
    block: (settings, providerHost) =>
      setConfig(chromeBlockingConfig(settings.bypassList, providerHost)),
    // A PAC script (site rules, a health check's probes, a list fetched through a token) never
    // sees loopback: Chrome sends it direct whatever `<-loopback>` says, so a check of a
    // provider on loopback proves nothing about the token then.
    bypasses: (url, settings) =>
      chromeBypasses(url, settings.bypassList) ||
      (isLoopbackHost(providerHostname(url)) &&
        (probeGateways.length > 0 || decided?.mode === "pac_script")),
    clear: () => setConfig(null),
    async forgetCredentials(tokens) {
      // Chromium caches proxy credentials per host:port, sends them unasked and keeps tunnels
      // open, so re-setting proxy.settings keeps the old exit (tokens of one provider share a
      // gateway and differ only in username). Removing the gateway origin's "cookies" also
      // drops its HTTP auth cache entry and closes its proxy sockets; the next request is
      // challenged and answered with the token now stored. Cost: requests still being
      // connected, through any gateway, may be cut (Chromium closes every connection to drop a
      // login), and cookies of the gateway's own origin (it serves no site).
      // Site rules may write a gateway under a second spelling (lib/routing/plan.ts).
      await forgetOrigins(
        tokens.flatMap((t) =>
          gatewaySpellings(t.host).map((host) => gatewayOrigin({ host, port: t.port })),
        ),
      );
    },
    async controlledByOther() {
      const setting = await chrome.proxy.settings.get({ incognito: false });
      return setting.levelOfControl === "controlled_by_other_extensions";
    },
    setBadge: (badge) => writeBadge(chrome.action, badge),
    probes: {
      async open(gateways) {
        probeGateways = [...gateways];
        await write();
      },
      // Chrome's PAC script sees the probe's name: each name leads to its gateway.
      targets: (_token, index) => ({
        login: `http://${chromeProbeHost(newNonce(), index)}/`,
        timed: `http://${chromeProbeHost(newNonce(), index)}/`,
        learnsExitIp: false,
      }),
      finished: () => undefined,
      async close() {
        probeGateways = [];
        await write();
      },
      // One spelling's login only: the other spellings' logins stay. But Chromium drops it by
      // closing every connection (NetworkContext::ClearHttpAuthCache): a request still being
      // connected, anywhere, can fail with ERR_ABORTED, and HTTP/2 sessions close; a slow
      // HTTP/1.1 request through the other spelling, already answering, finished (measured).
      forgetAddresses: (addresses) => forgetOrigins(addresses.map(gatewayOrigin)),
    },
  };
}

/**
 * Answers the active token's proxy challenges. Must be called synchronously at the top level
 * of the service worker so a challenge can wake it. Credentials are read from storage on each
 * challenge: a woken worker has no module state.
 */
export function registerChromeAuth(chrome: ChromeApi, responder: AuthResponder): void {
  chrome.webRequest.onAuthRequired.addListener(
    (details, callback) => {
      const { requestId, isProxy, challenger, tabId } = details;
      responder.answer({ requestId, isProxy, challenger, fromTab: tabId >= 0 }).then(
        (response) => callback?.(response),
        (error: unknown) => {
          // Unanswered rather than hung: the browser shows its own login prompt.
          recordFailure("auth:answer", error);
          callback?.({});
        },
      );
      return undefined;
    },
    { urls: ["<all_urls>"] },
    ["asyncBlocking"],
  );
  // An answered request that gets its response, or fails otherwise, tells how the answer went:
  // heard only while an answer is out or a login in doubt (auth-responder.ts).
  const settled = (details: { requestId: string; statusCode?: number; url: string }) => {
    responder.settled(details.requestId, details.statusCode, details.url);
    return undefined;
  };
  const outcomes = listenerSwitch<typeof settled>(
    [chrome.webRequest.onHeadersReceived, chrome.webRequest.onErrorOccurred],
    settled,
    false,
  );
  responder.onOutcomesWanted(outcomes.set);
}

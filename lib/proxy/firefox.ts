/**
 * Firefox's side of the engine: `proxy.onRequest` returns a ProxyInfo for the token. SOCKS5
 * credentials travel inside it (username/password with proxyDNS). For an HTTP proxy Firefox
 * sends no Proxy-Authorization from proxyAuthorizationHeader (only for "https" proxies, see
 * https://bugzilla.mozilla.org/show_bug.cgi?id=1636751; seen on Firefox ESR 153), so the
 * gateway's 407 is answered by `webRequest.onAuthRequired`, as on Chrome.
 */
import { readConnection, readSettings, readTokens } from "../storage";
import { type AuthResponse, answerChallenge } from "./auth-responder";
import { type FirefoxProxyInfo, firefoxProxyInfo, isBypassed } from "./config";
import type { ProxyPlatform } from "./platform";

const DIRECT = { type: "direct" } as const;

/** Firefox's onAuthRequired: for a proxy challenge `challenger` is the site, proxyInfo the proxy. */
interface FirefoxAuthDetails {
  requestId: string;
  isProxy: boolean;
  challenger: { host: string; port: number };
  proxyInfo?: { host: string; port: number } | null;
}

/** The Firefox APIs used here (Chrome's typings lack proxy.onRequest). */
export interface FirefoxApi {
  webRequest: {
    onAuthRequired: {
      addListener(
        listener: (details: FirefoxAuthDetails) => Promise<AuthResponse>,
        filter: { urls: string[] },
        extraInfoSpec: ["blocking"],
      ): void;
    };
  };
  proxy: {
    onRequest: {
      addListener(
        listener: (details: { url: string }) => Promise<FirefoxProxyInfo | typeof DIRECT>,
        filter: { urls: string[] },
      ): void;
    };
    onError: { addListener(listener: (error: { message: string }) => void): void };
    settings: { get(details: object): Promise<{ levelOfControl: string }> };
  };
  action: {
    setBadgeText(details: { text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    setTitle(details: { title: string }): Promise<void>;
  };
}

/** What onRequest answers with; loaded from storage at wake and on every apply/clear. */
interface Route {
  proxy: FirefoxProxyInfo | null;
  bypassList: string[];
}

export function createFirefoxRouting(browser: FirefoxApi) {
  let route: Promise<Route> = loadRoute();

  async function loadRoute(): Promise<Route> {
    const [{ activeTokenId }, tokens, settings] = await Promise.all([
      readConnection(),
      readTokens(),
      readSettings(),
    ]);
    const token = tokens.find((t) => t.id === activeTokenId);
    return { proxy: token ? firefoxProxyInfo(token) : null, bypassList: settings.bypassList };
  }

  /** Registered synchronously at the top level of the background. */
  function register(
    onProxyError: (message: string) => void,
    onRefused: (message: string) => Promise<void>,
  ): void {
    browser.proxy.onError.addListener((error) => onProxyError(error.message));
    browser.webRequest.onAuthRequired.addListener(
      (details) =>
        answerChallenge(
          {
            requestId: details.requestId,
            isProxy: details.isProxy,
            challenger: details.proxyInfo ?? details.challenger,
          },
          onRefused,
        ).catch(() => ({})),
      { urls: ["<all_urls>"] },
      ["blocking"],
    );
    browser.proxy.onRequest.addListener(
      async (details: { url: string }) => {
        const { proxy, bypassList } = await route;
        if (!proxy) return DIRECT;
        const host = new URL(details.url).hostname;
        return isBypassed(host, bypassList) ? DIRECT : proxy;
      },
      { urls: ["<all_urls>"] },
    );
  }

  const platform: ProxyPlatform = {
    supportsSocksAuth: true,
    async apply() {
      route = loadRoute();
      await route;
    },
    async clear() {
      route = Promise.resolve({ proxy: null, bypassList: [] });
    },
    // Each request carries its own credentials; nothing is cached across tokens.
    async forgetCredentials() {},
    async controlledByOther() {
      const setting = await browser.proxy.settings.get({});
      return setting.levelOfControl === "controlled_by_other_extensions";
    },
    async setBadge(badge) {
      await Promise.all([
        browser.action.setBadgeText({ text: badge.text }),
        browser.action.setBadgeBackgroundColor({ color: badge.color }),
        browser.action.setTitle({ title: badge.title }),
      ]);
    },
  };

  return { register, platform };
}

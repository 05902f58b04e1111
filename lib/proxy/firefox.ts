/**
 * Firefox's side of the engine: `proxy.onRequest` returns a ProxyInfo carrying the token's
 * credentials with each request (HTTP via proxyAuthorizationHeader, SOCKS5 via
 * username/password with proxyDNS), so Firefox never raises a proxy login dialog and SOCKS5
 * authentication works.
 */
import { readConnection, readSettings, readTokens } from "../storage";
import { type FirefoxProxyInfo, firefoxProxyInfo, isBypassed } from "./config";
import type { ProxyPlatform } from "./platform";

const DIRECT = { type: "direct" } as const;

/** The Firefox APIs used here (Chrome's typings lack proxy.onRequest). */
export interface FirefoxApi {
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
  function register(onProxyError: (message: string) => void): void {
    browser.proxy.onError.addListener((error) => onProxyError(error.message));
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

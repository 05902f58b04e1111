/**
 * Firefox's side of the engine: `proxy.onRequest` returns a ProxyInfo for the token. SOCKS5
 * credentials travel inside it (username/password with proxyDNS). For an HTTP proxy Firefox
 * sends no Proxy-Authorization from proxyAuthorizationHeader (only for "https" proxies, see
 * https://bugzilla.mozilla.org/show_bug.cgi?id=1636751; seen on Firefox ESR 153), so the
 * gateway's 407 is answered by `webRequest.onAuthRequired`, as on Chrome.
 *
 * Firefox caches that login per gateway host:port (and realm) and sends it unasked from then on,
 * so after switching between two tokens on one gateway no new 407 comes and traffic kept exiting
 * through the old token. Nothing an extension can call clears that cache: browsingData's
 * `cookies` and `cache` never reach it (only the user's "active logins" clearing does), and a
 * per-token connectionIsolationKey alone gives new connections but the same cached login (all
 * tried on Firefox ESR 153). So `onBeforeSendHeaders` writes the active token's
 * Proxy-Authorization on every request going through its gateway, replacing the cached one;
 * Firefox copies it onto the CONNECT of an HTTPS request and never sends it to the site. The
 * isolation key (config.ts) is still needed so HTTPS requests do not reuse the old token's
 * tunnels. Requests the extension cannot see (Firefox's own) still use the cached login.
 */
import { compileRules } from "../routing/router";
import { readState } from "../state/read";
import type { StoredToken } from "../state/tokens";
import type { AuthResponder } from "./auth-responder";
import {
  DEAD_END,
  type FirefoxProxyInfo,
  firefoxProxyInfo,
  isBypassed,
  withProxyAuthorization,
} from "./config";
import type { FirefoxApi, HeadersAnswer } from "./firefox-api";
import { createFirefoxRuleRouting, type FirefoxRules } from "./firefox-rules";
import type { ProxyPlatform } from "./platform";
import { currentPlan } from "./route-plan";
import { providerHost, unusableReason } from "./usable";

const DIRECT = { type: "direct" } as const;

export type { FirefoxApi } from "./firefox-api";

/**
 * What onRequest answers with; loaded from storage at wake and on every apply/clear/block.
 * `blocked`: the chosen token cannot be used, so requests go to the dead end (the provider's
 * host excepted) — also at wake, before the engine has run.
 */
interface Route {
  /** The connected token, which carries what no rule takes (null: direct). */
  token: StoredToken | null;
  bypassList: string[];
  blocked: { providerHost: string } | null;
  /** Site rules on: each request is routed by them, the rest by `token` (or direct). */
  rules: FirefoxRules | null;
}

const DEAD_END_INFO: FirefoxProxyInfo = { type: "http", ...DEAD_END };
const DIRECT_ROUTE: Route = { token: null, bypassList: [], blocked: null, rules: null };

/** Firefox's browser object, checked for the proxy API that Chrome (and its typings) lack. */
export function asFirefoxApi(api: object): FirefoxApi | null {
  const proxy = (api as { proxy?: { onRequest?: unknown } }).proxy;
  return proxy?.onRequest ? (api as FirefoxApi) : null;
}

export function createFirefoxRouting(browser: FirefoxApi) {
  let route: Promise<Route> = loadRoute();
  // The settled route, so the per-request header listener answers without waiting.
  let loaded: Route | null = null;

  async function loadRoute(): Promise<Route> {
    const { connection, tokens, settings } = await readState(["connection", "tokens", "settings"]);
    const plan = await currentPlan({ supportsSocksAuth: true, oneLoginPerEndpoint: false });
    const rules = plan.rules.length > 0 ? { router: compileRules(plan.rules), plan } : null;
    const { bypassList } = settings;
    if (connection.activeTokenId === null) return { ...DIRECT_ROUTE, bypassList, rules };
    const token = tokens.find((t) => t.id === connection.activeTokenId);
    if (!token || unusableReason(token, true, Date.now())) {
      if (settings.fallbackDirect) return { ...DIRECT_ROUTE, bypassList, rules };
      const blocked = { providerHost: providerHost(settings.baseUrl) };
      return { token: null, bypassList, blocked, rules: null };
    }
    return { token, bypassList, blocked: null, rules };
  }

  const byRules = createFirefoxRuleRouting(DEAD_END_INFO);
  const tokenOfRequest = byRules.tokenOfRequest;

  function setRoute(next: Promise<Route>): Promise<Route> {
    route = next;
    loaded = null;
    next.then(
      (r) => {
        if (route === next) loaded = r;
      },
      () => undefined,
    );
    return next;
  }

  /** Registered synchronously at the top level of the background. */
  function register(onProxyError: (message: string) => void, responder: AuthResponder): void {
    browser.proxy.onError.addListener((error) => onProxyError(error.message));
    browser.webRequest.onAuthRequired.addListener(
      (details) =>
        responder
          .answer({
            requestId: details.requestId,
            isProxy: details.isProxy,
            challenger: details.proxyInfo ?? details.challenger,
            fromTab: (details.tabId ?? -1) >= 0,
          })
          .catch(() => ({})),
      { urls: ["<all_urls>"] },
      ["blocking"],
    );
    const settled = (details: { requestId: string; statusCode?: number; url?: string }) =>
      responder.settled(details.requestId, details.statusCode, details.url);
    browser.webRequest.onHeadersReceived.addListener(settled, { urls: ["<all_urls>"] });
    browser.webRequest.onErrorOccurred.addListener(
      (details) => {
        settled(details);
        // A request through our proxy that failed at the proxy (refused, reset, unknown host):
        // proxy.onError alone misses a gateway that stops answering.
        if (details.proxyInfo && /PROXY|NET_RESET|CONNECTION_REFUSED/i.test(details.error ?? "")) {
          onProxyError(details.error ?? "");
        }
      },
      { urls: ["<all_urls>"] },
    );
    browser.webRequest.onBeforeSendHeaders.addListener(
      (details) => {
        const answer = ({ token }: Route): HeadersAnswer => {
          // The token the request was sent through (a switch may have come since), else the
          // connected one for requests onRequest never saw.
          const routed = (details.requestId ? tokenOfRequest(details.requestId) : null) ?? token;
          // A login the proxy refused is not sent again, not even from Firefox's own cache.
          const refused = routed !== null && responder.isRefused(routed);
          const requestHeaders = withProxyAuthorization(
            details.requestHeaders ?? [],
            details.proxyInfo,
            routed ? firefoxProxyInfo(routed) : null,
            refused,
          );
          return requestHeaders ? { requestHeaders } : {};
        };
        return loaded ? answer(loaded) : route.then(answer, () => ({}));
      },
      { urls: ["<all_urls>"] },
      ["blocking", "requestHeaders"],
    );
    browser.proxy.onRequest.addListener(
      async (details) => {
        try {
          const { token, bypassList, blocked, rules } = await route;
          const url = new URL(details.url);
          if (blocked) return url.host === blocked.providerHost ? DIRECT : DEAD_END_INFO;
          if (isBypassed(url.hostname, bypassList)) return DIRECT;
          return byRules.route(rules, details, token, responder.isRefused);
        } catch {
          // Firefox sends a request whose listener failed out direct: fail closed instead.
          return DEAD_END_INFO;
        }
      },
      { urls: ["<all_urls>"] },
    );
  }

  const platform: ProxyPlatform = {
    supportsSocksAuth: true,
    oneLoginPerEndpoint: false,
    async apply() {
      await setRoute(loadRoute());
    },
    async applyPlan() {
      await setRoute(loadRoute());
    },
    async clear() {
      await setRoute(Promise.resolve(DIRECT_ROUTE));
    },
    async block(settings, host) {
      await setRoute(
        Promise.resolve({
          token: null,
          bypassList: settings.bypassList,
          blocked: { providerHost: host },
          rules: null,
        }),
      );
    },
    bypasses: (hostname, settings) => isBypassed(hostname, settings.bypassList),
    // Firefox's proxy login cache cannot be cleared from here; the header listener overrides it.
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

  return { register, platform, tokenOfRequest };
}

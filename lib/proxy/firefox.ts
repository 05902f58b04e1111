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

import { FIREFOX_ABILITIES } from "../base/browser-abilities";
import { recordFailure } from "../diagnostics/record";
import { compiledRouter } from "../routing/compiled-router";
import { isProviderUrl } from "../routing/provider-route";
import { providerHost } from "../state/usable";
import type { AuthResponder } from "./auth-responder";
import { writeBadge } from "./badge-writer";
import {
  DEAD_END,
  type FirefoxProxyInfo,
  firefoxProxyInfo,
  isBypassed,
  withProxyAuthorization,
} from "./config";
import type { FirefoxApi, HeadersAnswer } from "./firefox-api";
import { createFirefoxListFetches } from "./firefox-list-fetches";
import { createFirefoxProbes } from "./firefox-probes";
import { createFirefoxRoute, DIRECT_ROUTE, type Route } from "./firefox-route";
import { createFirefoxRuleRouting } from "./firefox-rules";
import { createFirefoxTabRoutes } from "./firefox-tab-routes";
import { listenerSwitch } from "./listener-switch";
import type { ProxyPlatform } from "./platform";

const DIRECT = { type: "direct" } as const;

export type { FirefoxApi } from "./firefox-api";

const DEAD_END_INFO: FirefoxProxyInfo = { type: "http", ...DEAD_END };

/** Firefox's browser object, checked for the proxy API that Chrome (and its typings) lack. */
export function asFirefoxApi(api: object): FirefoxApi | null {
  const proxy = (api as { proxy?: { onRequest?: unknown } }).proxy;
  return proxy?.onRequest ? (api as FirefoxApi) : null;
}

export function createFirefoxRouting(browser: FirefoxApi) {
  const current = createFirefoxRoute();
  const setRoute = current.set;

  const byRules = createFirefoxRuleRouting(DEAD_END_INFO);
  const probes = createFirefoxProbes();
  const listFetches = createFirefoxListFetches();
  const tokenOfRequest = (requestId: string) =>
    probes.tokenOfRequest(requestId) ??
    listFetches.tokenOfRequest(requestId) ??
    byRules.tokenOfRequest(requestId);
  // "This tab only" comes before the rules and the default route (bypass list excepted).
  const byTab = createFirefoxTabRoutes();

  /** Registered synchronously at the top level of the background. */
  function register(onProxyError: (message: string) => void, responder: AuthResponder): void {
    // First: without it Firefox sends every request direct, so no listener added below (and
    // failing) may come before it.
    browser.proxy.onRequest.addListener(
      async (details) => {
        try {
          const probe = probes.route(details);
          if (probe) return probe;
          const list = listFetches.route(details);
          if (list !== undefined) {
            return list ? byRules.through(details, list, responder.isRefused) : DIRECT;
          }
          const { token, bypassList, blocked, rules, off } = await current.decided();
          const url = new URL(details.url);
          const tab = off ? null : await byTab.of(details.tabId);
          if (tab && !isBypassed(details.url, bypassList)) {
            if (tab.kind === "block") return DEAD_END_INFO;
            return byRules.through(details, tab.token, responder.isRefused);
          }
          // The user's own "never through a proxy" hosts go direct while blocked too, as in
          // Chrome (its blocking config keeps the bypass list).
          if (isBypassed(details.url, bypassList)) return DIRECT;
          if (blocked) return url.host === blocked.providerHost ? DIRECT : DEAD_END_INFO;
          // The provider's host goes as the rest does (routing/provider-route.ts).
          const byRulesHere = rules && !isProviderUrl(url, rules.provider) ? rules : null;
          return byRules.route(byRulesHere, details, token, responder.isRefused);
        } catch (error) {
          // Firefox sends a request whose listener failed out direct: fail closed instead.
          recordFailure("firefox:route", error);
          return DEAD_END_INFO;
        }
      },
      { urls: ["<all_urls>"] },
    );
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
          // Unanswered rather than hung: the browser shows its own login prompt.
          .catch((error: unknown) => {
            recordFailure("auth:answer", error);
            return {};
          }),
      { urls: ["<all_urls>"] },
      ["blocking"],
    );
    const settled = (details: { requestId: string; statusCode?: number; url?: string }) =>
      responder.settled(details.requestId, details.statusCode, details.url);
    // Response headers are heard only while an answer is out or a login in doubt.
    const outcomes = listenerSwitch([browser.webRequest.onHeadersReceived], settled, false);
    responder.onOutcomesWanted(outcomes.set);
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
        const settled = current.settled();
        // Unread: no header added; onRequest, awaiting the same read, fails closed and records it.
        return settled ? answer(settled) : current.decided().then(answer, () => ({}));
      },
      { urls: ["<all_urls>"] },
      ["blocking", "requestHeaders"],
    );
  }

  const platform: ProxyPlatform = {
    ...FIREFOX_ABILITIES,
    async apply(token, settings) {
      setRoute({ token, bypassList: settings.bypassList, blocked: null, rules: null });
    },
    async applyPlan(plan, settings, off) {
      const { fallback } = plan;
      const { bypassList } = settings;
      if (fallback.kind === "block") {
        const blocked = { providerHost: providerHost(settings.baseUrl) };
        setRoute({ ...DIRECT_ROUTE, bypassList, blocked });
        return;
      }
      setRoute({
        // The user's Off keeps only the administrator's rules: a tab's own route rests too.
        ...(off ? { off } : {}),
        token: fallback.kind === "proxy" ? fallback.token : null,
        bypassList: settings.bypassList,
        blocked: null,
        rules:
          plan.rules.length > 0
            ? { router: compiledRouter(plan.rules), plan, provider: providerHost(settings.baseUrl) }
            : null,
      });
    },
    async clear(off) {
      setRoute(off ? { ...DIRECT_ROUTE, off } : DIRECT_ROUTE);
    },
    async block(settings, host) {
      setRoute({
        ...DIRECT_ROUTE,
        bypassList: settings.bypassList,
        blocked: { providerHost: host },
      });
    },
    bypasses: (url, settings) => isBypassed(url, settings.bypassList),
    // Firefox's proxy login cache cannot be cleared from here; the header listener overrides it.
    async forgetCredentials() {},
    async controlledByOther() {
      const setting = await browser.proxy.settings.get({});
      return setting.levelOfControl === "controlled_by_other_extensions";
    },
    setBadge: (badge) => writeBadge(browser.action, badge),
    probes: probes.routing,
  };

  return {
    register,
    platform,
    tokenOfRequest,
    tabRoutesChanged: byTab.changed,
    /** A rule list's request from the background, sent direct or through a token. */
    fetchListVia: listFetches.around,
  };
}

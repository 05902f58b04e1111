/**
 * Token → the browser's proxy configuration (pure). Chrome takes a `fixed_servers` setting and
 * answers 407s separately; Firefox takes a ProxyInfo per request with the credentials inside.
 */
import { basicAuthorization } from "../api/authorization";
import { bypassesUrl } from "../routing/bypass-match";
import type { StoredToken } from "../state/tokens";

export type ProxyTarget = Pick<
  StoredToken,
  "id" | "host" | "port" | "networkType" | "username" | "password"
>;

export interface FixedServersConfig {
  mode: "fixed_servers";
  rules: {
    singleProxy: { scheme: "http" | "socks5"; host: string; port: number };
    bypassList: string[];
  };
}
export type ChromeProxyConfig =
  | FixedServersConfig
  | { mode: "pac_script"; pacScript: { data: string; mandatory: boolean } };

export function chromeProxyConfig(token: ProxyTarget, bypassList: string[]): FixedServersConfig {
  return {
    mode: "fixed_servers",
    rules: {
      singleProxy: {
        scheme: token.networkType === "SOCKS5" ? "socks5" : "http",
        host: token.host,
        port: token.port,
      },
      bypassList: normalizeBypassList(bypassList),
    },
  };
}

/** Trimmed, de-duplicated, empty entries dropped; order kept (Chrome reads it in order). */
export function normalizeBypassList(list: string[]): string[] {
  return [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];
}

export interface FirefoxProxyInfo {
  type: "http" | "socks";
  host: string;
  port: number;
  username?: string;
  password?: string;
  proxyDNS?: boolean;
  proxyAuthorizationHeader?: string;
  connectionIsolationKey?: string;
}

export function firefoxProxyInfo(token: ProxyTarget): FirefoxProxyInfo {
  const { host, port } = token;
  // Firefox keeps proxy connections (and HTTPS tunnels, which exit where their CONNECT signed
  // in) alive and reuses them for the same proxy; keyed per token, a switch opens new ones.
  const connectionIsolationKey = `token-${token.id}`;
  if (token.networkType === "SOCKS5") {
    // Names resolve at the proxy, so DNS does not leak the user's real resolver.
    return {
      type: "socks",
      host,
      port,
      username: token.username,
      password: token.password,
      proxyDNS: true,
      connectionIsolationKey,
    };
  }
  return {
    type: "http",
    host,
    port,
    proxyAuthorizationHeader: basicAuthorization(token.username, token.password),
    connectionIsolationKey,
  };
}

export interface RequestHeader {
  name: string;
  value?: string;
}

/** The proxy a Firefox request is going through, as webRequest reports it. */
export interface RequestProxy {
  type: string;
  host: string;
  port: number;
}

/**
 * A Firefox request's headers with the active HTTP token's Proxy-Authorization, or undefined
 * to leave the request alone (no HTTP token, or the request does not go through its gateway).
 */
export function withProxyAuthorization(
  headers: RequestHeader[],
  via: RequestProxy | null | undefined,
  proxy: FirefoxProxyInfo | null,
  refused = false,
): RequestHeader[] | undefined {
  const value = proxy?.type === "http" ? proxy.proxyAuthorizationHeader : undefined;
  if (!proxy || !value || !via || via.type !== "http") return undefined;
  if (via.host.toLowerCase() !== proxy.host.toLowerCase() || via.port !== proxy.port) {
    return undefined;
  }
  const others = headers.filter((h) => h.name.toLowerCase() !== "proxy-authorization");
  // A refused login goes nowhere: the proxy asks, and the auth responder says no.
  return refused ? others : [...others, { name: "Proxy-Authorization", value }];
}

/** The origin Chromium keys its proxy credential cache and proxy sockets by (IPv6 bracketed). */
export const gatewayOrigin = (token: Pick<StoredToken, "host" | "port">) =>
  `http://${token.host.includes(":") ? `[${token.host}]` : token.host}:${token.port}`;

/**
 * Where blocked traffic is sent: a proxy nobody listens on, so every request fails instead of
 * going out direct. (A PAC script is no dead end: Chrome falls back to DIRECT when a
 * non-mandatory PAC's proxies fail; fixed_servers never does. Measured in Chromium 156.)
 */
export const DEAD_END = { host: "127.0.0.1", port: 9 } as const;

/**
 * Chrome's config while the chosen token cannot be used: everything to the dead end, except
 * the user's bypass rules and the provider's own host, so the user can still buy a token.
 */
export function chromeBlockingConfig(
  bypassList: string[],
  providerHost: string,
): FixedServersConfig {
  return {
    mode: "fixed_servers",
    rules: {
      singleProxy: { scheme: "http", ...DEAD_END },
      bypassList: normalizeBypassList([...bypassList, providerHost]),
    },
  };
}

/**
 * Does Chrome send this URL direct rather than through the proxy? Its bypass rules, plus its
 * implicit rule for loopback, which only `<-loopback>` lifts.
 */
export const chromeBypasses = (url: string, bypassList: string[]): boolean =>
  bypassesUrl(url, bypassList, true);

/** Does Firefox's routing send this URL direct by the bypass list (read as Chrome reads it)? */
export const isBypassed = (url: string, bypassList: string[]): boolean =>
  bypassesUrl(url, bypassList);

/**
 * Where each route of the site rules leads in this browser, now (pure): a token's proxy as
 * written in the browser's config, direct, or the dead end. Fail closed: a rule whose token
 * is gone, expired or unusable here blocks its sites; it never falls through to direct.
 *
 * Chrome keeps one cached login per proxy host:port as written in its config, so two tokens
 * on one gateway cannot both be routed under one spelling. A second spelling of the same
 * gateway gives a second, independent key (measured in Chromium 156, side by side and in
 * parallel: 127.0.0.1:P and localhost:P; a DNS name and the same name with its root dot). So
 * two tokens per gateway: a third token on it, or a gateway written as an address other than
 * loopback (no second spelling), blocks the later rule's sites and says why ("gateway-shared").
 */
import type { Failure } from "../base/failure";
import type { StoredToken } from "../state/tokens";
import type { Route, SiteRule } from "./rules";

export type RouteTarget =
  | { kind: "proxy"; token: StoredToken; host: string; port: number }
  | { kind: "direct" }
  | { kind: "block"; failure: Failure | null };

export interface RoutingPlan {
  /** The enabled rules, in order. */
  rules: SiteRule[];
  /** Where traffic no rule matches goes. */
  fallback: RouteTarget;
  targetOf(route: Route): RouteTarget;
  /** The token whose proxy is written as this host:port, for its challenge. */
  tokenAt(host: string, port: number): StoredToken | null;
  /** Every spelled "host:port" (lowercase) and the token written there. */
  owners(): Record<string, number>;
}

export interface PlanInput {
  rules: SiteRule[];
  tokens: StoredToken[];
  /** The default route: the connected token, or null for direct. */
  defaultTokenId: number | null;
  /** Why a token cannot carry traffic here (expired, SOCKS5 on Chrome…), or null. */
  unusable: (token: StoredToken | undefined) => Failure | null;
  /** Chrome: one login per spelled host:port. Firefox sends credentials per request. */
  oneLoginPerEndpoint: boolean;
  /**
   * Chrome: whose login the browser may hold at each spelling ("host:port" → token id). A token
   * takes a spelling that holds its own login, then one that holds none, so a change of the
   * rules or of the connected token drops no cached login it need not drop.
   */
  cachedLogins?: Readonly<Record<string, number>>;
}

/** An IPv4 or IPv6 literal: no other spelling of it reaches the same listener. */
const isAddress = (host: string) => /^[0-9.]+$/.test(host) || host.includes(":");

/**
 * The other spelling of a gateway host that reaches the same listener under another key of
 * Chrome's login cache: loopback by name and by address, and a DNS name with and without its
 * root dot ("gw.example.com." is the same name to DNS, another host:port to the cache).
 */
function secondSpelling(host: string): string | null {
  const name = host.toLowerCase();
  if (name === "127.0.0.1") return "localhost";
  if (name === "localhost") return "127.0.0.1";
  if (isAddress(name) || name === "") return null;
  return name.endsWith(".") ? name.slice(0, -1) : `${name}.`;
}

/** Every spelling of a gateway host the plan may write (for dropping their cached logins). */
export const gatewaySpellings = (host: string): string[] => {
  const second = secondSpelling(host);
  return second ? [host, second] : [host];
};

export const endpointKey = (host: string, port: number) => `${host.toLowerCase()}:${port}`;

/**
 * The rules that route, as one array per stored list (the background keeps the decoded list,
 * decoded-memo.ts): the router compiled for them is then reused (compiledRouter).
 */
const routingRules = {
  withContainers: new WeakMap<readonly SiteRule[], SiteRule[]>(),
  withoutContainers: new WeakMap<readonly SiteRule[], SiteRule[]>(),
};

/** Spellings holding this token's login first, then those holding none, then the rest. */
function byCachedLogin(
  spellings: string[],
  token: StoredToken,
  cached: Readonly<Record<string, number>>,
): string[] {
  const rank = (host: string) => {
    const owner = cached[endpointKey(host, token.port)];
    return owner === token.id ? 0 : owner === undefined ? 1 : 2;
  };
  return [...spellings].sort((a, b) => rank(a) - rank(b));
}

export function planRouting(input: PlanInput): RoutingPlan {
  const byId = new Map(input.tokens.map((t) => [t.id, t]));
  // Chrome has no containers: a container rule neither routes nor takes a gateway spelling.
  const cache = input.oneLoginPerEndpoint
    ? routingRules.withoutContainers
    : routingRules.withContainers;
  const rules =
    cache.get(input.rules) ??
    input.rules.filter((rule) => rule.enabled && !(input.oneLoginPerEndpoint && rule.container));
  cache.set(input.rules, rules);
  /** Spelled endpoint → token id. */
  const taken = new Map<string, number>();
  const targets = new Map<number, RouteTarget>();

  function tokenTarget(id: number): RouteTarget {
    const known = targets.get(id);
    if (known) return known;
    const token = byId.get(id);
    const problem = input.unusable(token);
    let target: RouteTarget;
    if (problem || !token)
      target = { kind: "block", failure: problem ?? { code: "token-missing" } };
    else target = spell(token);
    targets.set(id, target);
    return target;
  }

  function spell(token: StoredToken): RouteTarget {
    const spellings = input.oneLoginPerEndpoint
      ? byCachedLogin(gatewaySpellings(token.host), token, input.cachedLogins ?? {})
      : [token.host];
    for (const host of spellings) {
      const owner = taken.get(endpointKey(host, token.port));
      if (owner === undefined || !input.oneLoginPerEndpoint) {
        taken.set(endpointKey(host, token.port), token.id);
        return { kind: "proxy", token, host, port: token.port };
      }
    }
    return {
      kind: "block",
      failure: { code: "gateway-shared", endpoint: endpointKey(token.host, token.port) },
    };
  }

  const targetOf = (route: Route): RouteTarget => {
    if (route.kind === "direct") return { kind: "direct" };
    if (route.kind === "block") return { kind: "block", failure: null };
    return tokenTarget(route.tokenId);
  };

  // The default route spells its gateway first: it carries most traffic.
  const fallback: RouteTarget =
    input.defaultTokenId === null ? { kind: "direct" } : tokenTarget(input.defaultTokenId);
  for (const rule of rules) targetOf(rule.route);

  return {
    rules,
    fallback,
    targetOf,
    owners: () => Object.fromEntries(taken),
    tokenAt(host, port) {
      const id = taken.get(endpointKey(host.replace(/^\[|\]$/g, ""), port));
      return id === undefined ? null : (byId.get(id) ?? null);
    },
  };
}

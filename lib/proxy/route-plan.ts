/**
 * The routing plan for the stored rules, tokens and connection, as this browser can carry it
 * (see lib/routing/plan.ts). Shared by the engine, which writes it into the proxy setting, and
 * by the challenge answer, which must send the login of the token the config wrote there.
 */

import { recordedAs } from "../diagnostics/record";
import { planRouting, type RoutingPlan } from "../routing/plan";
import { isManagedRule } from "../routing/rule-caps";
import type { SiteRule } from "../routing/rules";
import type { StoredToken } from "../state/tokens";
import { unusableReason } from "../state/usable";
import type { State } from "../storage/items";
import { readStateWithNamedTokens } from "../storage/read";
import { type AuthChallenge, GONE_LOGIN, type LoginLookup } from "./auth";
import { appliedOwner, cachedOwners, ownersNow } from "./gateway-owners";

export interface PlanOptions {
  supportsSocksAuth: boolean;
  oneLoginPerEndpoint: boolean;
  now?: () => number;
  /** The user prefers direct over blocking when the connected token cannot be used. */
  defaultDirect?: boolean;
}

/**
 * Chrome: rules in force for a moment, before the user's. Chrome routes no single request of
 * its own, so a rule list fetched through a token has its host routed there while the fetch
 * runs (lib/background/list-sender.ts). Held in memory: a stopped worker drops them.
 */
const momentary: SiteRule[] = [];

export async function withMomentaryRule<T>(
  rule: SiteRule,
  apply: () => Promise<void>,
  run: () => Promise<T>,
): Promise<T> {
  momentary.push(rule);
  try {
    await apply();
    return await run();
  } finally {
    momentary.splice(momentary.indexOf(rule), 1);
    // The fetch's own outcome stands; a restore that failed is the next reconcile's to mend.
    await apply().catch(recordedAs("route-plan:restore"));
  }
}

/** The moment's rules after the administrator's (which still win), before the user's. */
function withMomentary(rules: readonly SiteRule[]): SiteRule[] {
  const managed = rules.filter(isManagedRule);
  return [...managed, ...momentary, ...rules.filter((rule) => !isManagedRule(rule))];
}

/** The state a plan is made from, when the caller has read it. */
export type PlanState = Pick<State, "connection" | "siteRules" | "tokens" | "gatewayOwners">;

/** The tokens a plan can send traffic through: the connected one and every rule's. */
const tokenIdsOfPlan = ({ connection, siteRules }: Pick<State, "connection" | "siteRules">) =>
  new Set([
    ...(connection.activeTokenId === null ? [] : [connection.activeTokenId]),
    ...[...momentary, ...siteRules].flatMap((r) =>
      r.route.kind === "token" ? [r.route.tokenId] : [],
    ),
  ]);

/**
 * The plan for the stored state; `activeTokenId`, when given, stands for the stored connection's
 * (a switch applies the new token before it stores it).
 */
export async function currentPlan(
  options: PlanOptions,
  activeTokenId?: number | null,
  /** What the caller read already (a switch reads once): nothing is read again. */
  known?: PlanState,
): Promise<RoutingPlan> {
  const [{ connection, tokens, siteRules }, cachedLogins] = known
    ? [known, options.oneLoginPerEndpoint ? ownersNow(known.gatewayOwners) : undefined]
    : await Promise.all([
        readStateWithNamedTokens(["connection", "siteRules"], (state) =>
          tokenIdsOfPlan(
            activeTokenId === undefined
              ? state
              : { ...state, connection: { ...state.connection, activeTokenId } },
          ),
        ),
        options.oneLoginPerEndpoint ? cachedOwners() : undefined,
      ]);
  const active = activeTokenId === undefined ? connection.activeTokenId : activeTokenId;
  // The user's Off: their rules and lists rest; the administrator's still hold, and a list
  // fetched through a token still goes through it (momentary).
  const off = connection.off === true && active === null;
  const inForce = off ? siteRules.filter(isManagedRule) : siteRules;
  const now = (options.now ?? Date.now)();
  return planRouting({
    // The stored list itself when nothing is added: its compiled router is kept by identity.
    rules: momentary.length > 0 ? withMomentary(inForce) : inForce,
    tokens,
    cachedLogins,
    defaultTokenId: options.defaultDirect ? null : active,
    unusable: (token) => unusableReason(token, options.supportsSocksAuth, now),
    oneLoginPerEndpoint: options.oneLoginPerEndpoint,
  });
}

/**
 * Chrome: the token whose proxy the config wrote as the challenger's host:port, spelled as
 * written (the answer is matched against that spelling), or null when it is not ours, or
 * GONE_LOGIN when it was and that token is no longer listed.
 */
export async function chromeLoginFor(challenge: AuthChallenge): Promise<LoginLookup> {
  const { host, port } = challenge.challenger;
  const spelled = host.replace(/^\[|\]$/g, "");
  // As the applied config was written; before anything was recorded, as it would be now.
  const applied = await appliedOwner(host, port);
  if (applied !== undefined) {
    const { tokens } = await readStateWithNamedTokens([], () => new Set([applied]));
    const token = tokens.find((t) => t.id === applied);
    // Deleted (or removed by sync) since the config wrote it: a request sent through it just
    // before cannot sign in with a login the provider no longer takes.
    return token ? { ...token, host: spelled } : GONE_LOGIN;
  }
  const plan = await currentPlan({ supportsSocksAuth: false, oneLoginPerEndpoint: true });
  const token = plan.tokenAt(host, port);
  return token ? { ...token, host: spelled } : null;
}

/** The stored tokens the enabled site rules send traffic through. */
export function tokensOfRules(rules: readonly SiteRule[], tokens: readonly StoredToken[]) {
  const ids = new Set(
    rules.flatMap((r) => (r.enabled && r.route.kind === "token" ? [r.route.tokenId] : [])),
  );
  return tokens.filter((t) => ids.has(t.id));
}

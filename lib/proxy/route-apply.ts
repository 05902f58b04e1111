/**
 * Writing a route into the browser: the connected token (its site rules too) or, with no token,
 * the rules alone (or nothing). Chrome writes each gateway under a spelling whose cached login is
 * the token's own or none, and drops a cached login only where a spelling comes to stand for
 * another token (gateway-owners.ts), so a switch cuts no request on its way.
 */
import type { Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import {
  cachedOwners,
  changeOwners,
  type Owners,
  ownersNow,
  ownersOf,
  spellingFor,
} from "./gateway-owners";
import type { ProxyPlatform } from "./platform";
import { currentPlan, type PlanOptions, type PlanState } from "./route-plan";

/** Runs `work` with no mutation on the wire; `waited` says one was (what it changed counts). */
export type MutationsHeld = <T>(work: (waited: boolean) => Promise<T>) => Promise<T>;

export interface RouteApplyDeps {
  /**
   * Runs its work with no purchase, delete or restore on the wire, and none starting
   * (background/mutations.ts). Dropping the gateway's credentials closes its connections, and
   * a create cut after the provider committed it would be a paid token nobody stored.
   */
  mutationsHeld?: MutationsHeld;
  /** The browser's cached copies of these tokens' logins are being dropped. */
  credentialsForgotten?: (tokens: StoredToken[]) => void;
}

export function createRouteApplier(
  platform: ProxyPlatform,
  planOptions: PlanOptions,
  deps: RouteApplyDeps,
) {
  const held: MutationsHeld = deps.mutationsHeld ?? ((work) => work(false));
  /** The site rules' plan with this default, or null when no rule is on. */
  const rulesPlan = async (
    defaultDirect: boolean,
    activeTokenId?: number | null,
    known?: PlanState,
  ) => {
    const plan = await currentPlan({ ...planOptions, defaultDirect }, activeTokenId, known);
    return plan.rules.length > 0 ? plan : null;
  };

  /**
   * Chrome: records whose login each spelling of `next` holds from now on and drops the cached
   * logins of the spellings that change token (gateway-owners.ts), around `apply`.
   */
  const owned = async (
    next: Owners,
    tokens: StoredToken[],
    apply: () => Promise<void>,
    known?: Owners | null,
  ) => {
    if (!platform.oneLoginPerEndpoint) return apply();
    await changeOwners(
      next,
      tokens,
      (moved, addresses) =>
        held(async () => {
          deps.credentialsForgotten?.(moved);
          await platform.probes.forgetAddresses(addresses);
        }),
      apply,
      known,
    );
  };

  /**
   * Routes traffic through this token (its site rules too). `leaving`, the token traffic
   * leaves, keeps its spelling where a drop cannot be avoided (its late challenges stay
   * answered with its login).
   */
  async function applyToken(
    token: StoredToken,
    tokens: StoredToken[],
    settings: Settings,
    leaving: number | null,
    /** A switch's one read of everything the apply needs. */
    known?: PlanState,
  ): Promise<void> {
    const routed = platform.applyPlan ? await rulesPlan(false, token.id, known) : null;
    const owners = known?.gatewayOwners;
    if (routed) {
      const apply = async () => platform.applyPlan?.(routed, settings);
      await owned(routed.owners(), tokens, apply, owners);
      return;
    }
    const host = platform.oneLoginPerEndpoint
      ? spellingFor(token, owners ? ownersNow(owners) : await cachedOwners(), leaving)
      : token.host;
    const spelled = { ...token, host };
    await owned(ownersOf(spelled), tokens, () => platform.apply(spelled, settings), owners);
  }

  /**
   * No token: the site rules route (the rest direct), or nothing is set. `off`: the user's
   * Off (route-plan.ts keeps only the administrator's rules and a list fetched through a token).
   */
  async function applyNoToken(off: boolean, tokens: StoredToken[], settings: Settings) {
    const routed = platform.applyPlan ? await rulesPlan(false) : null;
    if (routed)
      await owned(routed.owners(), tokens, async () => platform.applyPlan?.(routed, settings, off));
    else await platform.clear(off);
  }

  return { rulesPlan, applyToken, applyNoToken };
}

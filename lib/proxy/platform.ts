/** What the engine needs from a browser; Chrome and Firefox each implement it at the edge. */
import type { BrowserAbilities } from "../base/browser-abilities";
import type { RoutingPlan } from "../routing/plan";
import type { Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";

/** What the engine needs from a browser, beyond what it can do (BrowserAbilities). */
export interface ProxyPlatform extends BrowserAbilities {
  /** Route browser traffic through this token. */
  apply(token: StoredToken, settings: Settings): Promise<void>;
  /**
   * Route by the site rules (several tokens, direct, blocked sites). Absent where the browser
   * side is not built yet: there the rules are not applied.
   */
  applyPlan?(plan: RoutingPlan, settings: Settings, off?: boolean): Promise<void>;
  /** Back to direct; `off`: the user's Off, which also sets aside Firefox's per-tab routes. */
  clear(off?: boolean): Promise<void>;
  /**
   * Fail closed: every request fails (the provider's own host excepted, so a token can still
   * be bought), until the user chooses.
   */
  block(settings: Settings, providerHost: string): Promise<void>;
  /** Would a request to this URL skip the proxy (the user's bypass rules, the browser's own)? */
  bypasses(url: string, settings: Settings): boolean;
  /**
   * Forget credentials the network stack cached for these tokens' endpoints and close their
   * proxy connections, so the next request is challenged and answered with the new token.
   */
  forgetCredentials(tokens: StoredToken[]): Promise<void>;
  /** Another extension holds the proxy setting, so ours cannot take effect. */
  controlledByOther(): Promise<boolean>;
  setBadge(badge: Badge): Promise<void>;
  /** Sends a health check's probes to the gateways they check, moving no other traffic. */
  readonly probes: ProbeRouting;
}

export interface GatewayAddress {
  host: string;
  port: number;
}

/** Where one probe sends its requests (lib/health/probe-target.ts). */
export interface ProbeTargets {
  /** The first request: it signs in (and, where `learnsExitIp`, asks the exit address). */
  login: string;
  /**
   * The second, timed: the login is in place by then. Null: the login request is timed (Firefox
   * sends the login up front, with the request, so it costs no extra round trip).
   */
  timed: string | null;
  learnsExitIp: boolean;
}

export interface ProbeRouting {
  /** The run's gateway addresses become reachable for probes (Chrome: one config per run). */
  open(gateways: GatewayAddress[]): Promise<void>;
  /** The requests of a probe of this token (its host as the address to use), at gateway `index`. */
  targets(token: StoredToken, index: number, baseUrl: string | null): ProbeTargets;
  /** The probe is over: its requests are routed no more. */
  finished(targets: ProbeTargets): void;
  /** The run is over: the config is the decided one again. */
  close(): Promise<void>;
  /** Drops the browser's cached logins for these addresses only (Chrome); nothing elsewhere. */
  forgetAddresses(addresses: GatewayAddress[]): Promise<void>;
}

export interface Badge {
  text: string;
  color: string;
  title: string;
}

/** What the API handlers share: the state, the clock, the gateways and the switches. */
import type { Clock } from "./clock";
import type { Faults } from "./faults";
import type { GatewayBehaviour } from "./gateway-behaviour";
import type { GatewayLog } from "./gateway-log";
import type { PlanName, RateLimiter } from "./rate-limit";
import type { RuleLists } from "./rule-lists";
import type { Store, Token } from "./state";

export interface GatewayControl {
  /** Opens the gateway listener on a dynamic token's own address (token.ip). */
  openDynamic(token: Token): Promise<void>;
  /** Closes the listener a dynamic token had on `ip`, cutting its connections. */
  closeDynamic(ip: string, token: Token): Promise<void>;
  /** Cuts the open connections of a token (deleted tokens stop working at once). */
  dropToken(tokenId: number): void;
  /** Names every open connection of the HTTP gateway (for "end every login session"). */
  openHttpConnections(): Iterable<string>;
  /**
   * Opens the shared HTTP and SOCKS5 gateways on the IPv6 loopback too (same ports), once;
   * false when this machine has no IPv6 loopback (or the ports are taken there).
   */
  openIpv6(): Promise<boolean>;
}

/** One-shot answer quirks a real provider may show (see README, "Answer quirks"). */
export interface Quirks {
  /** The next N dynamic creates answer their tokens with `ip: ""`. */
  emptyDynamicIp: number;
  /** The next N static creates answer `host: "::1"` and serve their tokens only there. */
  ipv6Host: number;
  /** The next N creates answer their first token with `password: ""` (the gateway keeps the real one). */
  emptyPassword: number;
  /** The next N single restores of a dynamic token bring it back at a fresh address. */
  restoreMoves: number;
  /** The next N single deletes answer `can_restore: false`; those tokens cannot be restored. */
  noRestore: number;
  /** While set, the refresh call answers GET with 405 (Allow: POST), as a POST-only provider. */
  refreshPostOnly: boolean;
  /**
   * While set, the operations the spec lists with Bearer (token operations, regions, plans, IP
   * quality) refuse Basic credentials (401); the account endpoints still take both.
   */
  strictAuth: boolean;
}

export interface Credentials {
  accessToken: string;
  username: string;
  password: string;
}

export interface Context {
  clock: Clock;
  store: Store;
  limiter: RateLimiter;
  faults: Faults;
  gatewayLog: GatewayLog;
  /** What the HTTP gateway does to valid logins: ask again, cut, stall (gateway-behaviour.ts). */
  gatewayBehaviour: GatewayBehaviour;
  quirks: Quirks;
  gateways: GatewayControl;
  /** Rule lists served by URL (GET /lists/<name>), for subscriptions. */
  ruleLists: RuleLists;
  credentials: Credentials;
  initialPlan: PlanName;
  baseUrl: string;
  proxyPort: number;
  socksPort: number;
  /** Authenticated requests this month (the account quota's request counter). */
  requestCount: number;
}

export const GATEWAY_HOST = "127.0.0.1";
/** Where static tokens created under the ipv6Host quirk are served. */
export const GATEWAY_HOST_V6 = "::1";

/** What the API handlers share: the state, the clock, the gateways and the switches. */
import type { Clock } from "./clock";
import type { Faults } from "./faults";
import type { GatewayLog } from "./gateway-log";
import type { PlanName, RateLimiter } from "./rate-limit";
import type { Store, Token } from "./state";

export interface GatewayControl {
  /** Opens the gateway listener on a dynamic token's own address (token.ip). */
  openDynamic(token: Token): Promise<void>;
  /** Closes the listener a dynamic token had on `ip`, cutting its connections. */
  closeDynamic(ip: string, token: Token): Promise<void>;
  /** Cuts the open connections of a token (deleted tokens stop working at once). */
  dropToken(tokenId: number): void;
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
  /** The next `remaining` valid gateway logins are challenged again (407). */
  rechallenge: { remaining: number };
  gateways: GatewayControl;
  credentials: Credentials;
  initialPlan: PlanName;
  baseUrl: string;
  proxyPort: number;
  socksPort: number;
  /** Authenticated requests this month (the account quota's request counter). */
  requestCount: number;
}

export const GATEWAY_HOST = "127.0.0.1";

/**
 * Who may use a gateway listener. Static tokens are served only on their shared address
 * (127.0.0.1, or ::1 under the ipv6Host quirk), dynamic tokens only on their own address, and each only by the gateway of its
 * network type. Deleted, expired, exhausted or unknown credentials are refused.
 */
import type { Clock } from "./clock";
import { type GatewayEvent, type GatewayLog, type GatewayName, hostPort } from "./gateway-log";
import { isStaticKind } from "./kinds";
import type { Store, Token } from "./state";

export type Decision =
  | { ok: true; token: Token }
  | { ok: false; result: "auth-required" | "refused"; reason: string };

export function decide(
  store: Store,
  gateway: GatewayName,
  listenerIp: string,
  username: string,
  password: string,
): Decision {
  if (!username)
    return { ok: false, result: "auth-required", reason: "Proxy credentials required." };
  const token = store.byUser(username);
  // A refused password answers like a wrong one: the provider changed it behind our back.
  if (!token || token.password !== password || token.passwordRefused) {
    return { ok: false, result: "refused", reason: "Invalid proxy username or password." };
  }
  const wantedGateway: GatewayName = token.networkType === "HTTP" ? "http" : "socks5";
  if (gateway !== wantedGateway) {
    return { ok: false, result: "refused", reason: `This token is a ${token.networkType} proxy.` };
  }
  const home = isStaticKind(token.kind) ? token.gatewayHost : token.ip;
  if (listenerIp !== home) {
    return { ok: false, result: "refused", reason: "This token is not served on this address." };
  }
  if (token.kind === "dynamic_traffic" && token.trafficUsed >= token.trafficQuota) {
    return { ok: false, result: "refused", reason: "Traffic quota exhausted." };
  }
  const status = store.status(token);
  if (status !== "active") {
    return { ok: false, result: "refused", reason: `This token is ${status}.` };
  }
  return { ok: true, token };
}

export interface LogDeps {
  store: Store;
  clock: Clock;
  log: GatewayLog;
  /** Control switch: the next `remaining` valid logins get a fresh 407 (see README). */
  rechallenge: { remaining: number };
}

/** Writes a decision to the gateway log. */
export function logDecision(
  deps: LogDeps,
  gateway: GatewayName,
  listener: { ip: string; port: number },
  username: string,
  target: string,
  d: Decision,
): void {
  const event: GatewayEvent = {
    at: deps.clock.iso(),
    gateway,
    listener: hostPort(listener.ip, listener.port),
    username: username || null,
    target,
    result: d.ok ? "ok" : d.result,
  };
  if (d.ok) event.token_id = d.token.id;
  else event.reason = d.reason;
  deps.log.add(event);
}

/** Decides and writes the decision to the gateway log. */
export function decideAndLog(
  deps: LogDeps,
  gateway: GatewayName,
  listener: { ip: string; port: number },
  username: string,
  password: string,
  target: string,
): Decision {
  let d = decide(deps.store, gateway, listener.ip, username, password);
  // A gateway whose login session ended challenges again although the credentials are good,
  // as a real provider does; browser tests use it to force a challenge at a chosen moment.
  if (d.ok && deps.rechallenge.remaining > 0) {
    deps.rechallenge.remaining -= 1;
    d = { ok: false, result: "auth-required", reason: "Proxy session expired; sign in again." };
  }
  logDecision(deps, gateway, listener, username, target, d);
  return d;
}

/**
 * Who may use a gateway listener. Static tokens are served only on their shared address
 * (127.0.0.1, or ::1 under the ipv6Host quirk), dynamic tokens only on their own address, and each only by the gateway of its
 * network type. Deleted, expired, exhausted or unknown credentials are refused.
 */
import type { Clock } from "./clock";
import type { GatewayBehaviour } from "./gateway-behaviour";
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
  /** Control switches: valid logins asked again, connections cut, stalls (gateway-behaviour.ts). */
  behaviour: GatewayBehaviour;
}

/** Writes a decision to the gateway log. */
export function logDecision(
  deps: LogDeps,
  gateway: GatewayName,
  listener: { ip: string; port: number },
  username: string,
  target: string,
  d: Decision | { ok: false; result: "cut"; reason: string },
  extra: { stalledMs?: number; connection?: string } = {},
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
  if (extra.stalledMs) event.stalled_ms = extra.stalledMs;
  if (extra.connection) event.connection = extra.connection;
  deps.log.add(event);
}

/** What the HTTP gateway does with one request. */
export type HttpDecision =
  | { ok: true; token: Token; stallMs: number }
  /** `askedAgain`: a valid login asked again (a real gateway keeps the connection open). */
  | { ok: false; result: "auth-required" | "refused"; reason: string; askedAgain: boolean }
  | { ok: false; result: "cut"; reason: string };

/**
 * Decides, lets the gateway's behaviour switches have their say over a valid login, and writes
 * the outcome to the gateway log. `connection` names the client connection; `open` lists all.
 */
export function decideAndLog(
  deps: LogDeps,
  gateway: GatewayName,
  listener: { ip: string; port: number },
  request: { username: string; password: string; target: string; connection: string },
  open: () => Iterable<string>,
): HttpDecision {
  const { username, target, connection } = request;
  const d = decide(deps.store, gateway, listener.ip, username, request.password);
  if (!d.ok) {
    logDecision(deps, gateway, listener, username, target, d, { connection });
    return { ...d, askedAgain: false };
  }
  const act = deps.behaviour.act(request, Date.now(), open);
  if (act.kind === "ask-again") {
    const reason =
      act.why === "session-ended"
        ? "Proxy session ended (gateway restart); sign in again."
        : "Proxy session expired; sign in again.";
    const asked = { ok: false, result: "auth-required", reason, askedAgain: true } as const;
    logDecision(deps, gateway, listener, username, target, asked, { connection });
    return asked;
  }
  if (act.kind === "cut") {
    const cut = { ok: false, result: "cut", reason: "The gateway cut every connection." } as const;
    logDecision(deps, gateway, listener, username, target, cut, { connection });
    return cut;
  }
  const stallMs = Math.max(act.kind === "stall" ? act.ms : 0, d.token.slowMs);
  logDecision(deps, gateway, listener, username, target, d, { stalledMs: stallMs, connection });
  return { ...d, stallMs };
}

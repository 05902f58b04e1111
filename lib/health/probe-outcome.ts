/**
 * What one probe request showed about a token (pure): its answer's status, or the browser's
 * error text (Chrome's `net::ERR_…`, Firefox's `NS_ERROR_…`), or nothing in time.
 */
import type { HealthOutcome } from "./health";

export type ProbeResponse =
  | { kind: "status"; status: number }
  | { kind: "error"; error: string }
  | { kind: "timeout"; afterMs: number };

/** The gateway itself could not be reached: its address, its port, or its connection. */
const UNREACHABLE =
  /PROXY_CONNECTION|CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_CLOSED|ADDRESS_UNREACHABLE|NAME_NOT_RESOLVED|UNKNOWN_PROXY_HOST|NET_RESET|NET_INTERRUPT|EMPTY_RESPONSE|NS_ERROR_PROXY/i;
/** The browser gave up on the login (Chrome after a cancelled challenge, Firefox alike). */
const LOGIN = /AUTH/i;

/**
 * A 407 that reaches the end of the request is one no login answered: ours was refused.
 * Any other answer came from a gateway that took the login (it asks before anything else).
 * `refused`: the auth responder refused the login meanwhile (its challenges are cancelled,
 * which the browser reports in its own words).
 */
export function loginOutcome(response: ProbeResponse, refused: boolean): HealthOutcome | null {
  if (refused) return { kind: "login-refused" };
  if (response.kind === "timeout") return { kind: "timeout", afterMs: response.afterMs };
  if (response.kind === "status") {
    return response.status === 407 ? { kind: "login-refused" } : null;
  }
  if (LOGIN.test(response.error)) return { kind: "login-refused" };
  const error = response.error.slice(0, 200);
  return UNREACHABLE.test(response.error)
    ? { kind: "unreachable", error }
    : { kind: "failed", error };
}

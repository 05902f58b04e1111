/**
 * How a request ended, in the log's words (pure), from what the browser reports: a status, or
 * its error text (Chrome's `net::ERR_…`, Firefox's `NS_ERROR_…`).
 */
import type { TrafficOutcome, TrafficRoute } from "./entry";

// Stopped by the page, the user or the browser's own checks (ORB, CSP, an extension): the
// route played no part.
const CANCELLED = /ERR_ABORTED|NS_BINDING_ABORTED|ERR_BLOCKED_BY_/i;
const AT_THE_PROXY = /PROXY|TUNNEL/i;

export function outcomeOfStatus(status: number, route: TrafficRoute | null): TrafficOutcome {
  // A 407 that reaches the end of a request is one no login answered: ours was refused.
  if (status === 407 && route?.kind === "proxy") return { kind: "login-refused" };
  return status >= 400 ? { kind: "http-error", status } : { kind: "ok", status };
}

export function outcomeOfError(
  error: string,
  route: TrafficRoute | null,
  loginRefused: boolean,
): TrafficOutcome {
  if (CANCELLED.test(error) && !(route?.kind === "proxy" && loginRefused)) {
    return { kind: "cancelled" };
  }
  // Sent to the dead end on purpose: that is the block working, whatever the browser calls it.
  if (route?.kind === "block") return { kind: "blocked" };
  if (route?.kind === "proxy" && loginRefused) return { kind: "login-refused" };
  if (route?.kind === "proxy" && AT_THE_PROXY.test(error)) {
    return { kind: "proxy-unreachable", error };
  }
  return { kind: "failed", error };
}

/**
 * A browser proxy error → the failure the status shows (pure). An error about proxy auth is not
 * a refusal: the browser also gives one when a login question went unanswered (a worker that
 * died mid-challenge). Only the auth responder, which sees a 407 to our own answer, says
 * "refused"; this is weighed like any other proxy error (problem-reports.ts).
 */
import type { Failure } from "../base/failure";

const UNREACHABLE = [
  "ERR_PROXY_CONNECTION_FAILED",
  "ERR_TUNNEL_CONNECTION_FAILED",
  "ERR_PROXY_CONNECTION_REFUSED",
  "ERR_SOCKS_CONNECTION_FAILED",
  "ERR_NAME_NOT_RESOLVED",
  "ERR_CONNECTION_REFUSED",
  // Firefox's names for the same.
  "NS_ERROR_PROXY_CONNECTION_REFUSED",
];

export function proxyProblem(error: string, host: string): Failure {
  if (UNREACHABLE.some((name) => error.includes(name))) return { code: "proxy-unreachable", host };
  return { code: "proxy-error", error: error.slice(0, 200) };
}

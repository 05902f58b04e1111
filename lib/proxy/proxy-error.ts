/** A browser proxy error → the failure the status shows (pure). */
import type { Failure } from "../protocol/failure";

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
  if (error.includes("AUTH")) return { code: "credentials-refused" };
  return { code: "proxy-error", error: error.slice(0, 200) };
}

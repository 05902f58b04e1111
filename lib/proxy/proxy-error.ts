/** A browser proxy error → the status code and sentence the popup shows (pure). */
import type { ProxyErrorCode } from "../state/storage";

const UNREACHABLE = [
  "ERR_PROXY_CONNECTION_FAILED",
  "ERR_TUNNEL_CONNECTION_FAILED",
  "ERR_PROXY_CONNECTION_REFUSED",
  "ERR_SOCKS_CONNECTION_FAILED",
  "ERR_NAME_NOT_RESOLVED",
  "ERR_CONNECTION_REFUSED",
];

export function proxyProblem(error: string): { code: ProxyErrorCode; message: string } {
  if (UNREACHABLE.some((name) => error.includes(name))) {
    return {
      code: "proxy-unreachable",
      message:
        "The proxy server cannot be reached. Check your connection, or refresh or replace the token.",
    };
  }
  if (error.includes("AUTH")) {
    return {
      code: "credentials-refused",
      message:
        "The proxy refused this token's username or password. Check the token or choose another one.",
    };
  }
  return {
    code: "proxy-error",
    message: `The proxy failed (${error}). Try again or choose another token.`,
  };
}

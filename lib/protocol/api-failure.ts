/** The API client's errors as failure codes for the pages (pure). */
import { type ApiError, effectiveStatus, isApiError, reasonOf, statusLabel } from "../api/errors";
import type { Failure } from "../base/failure";

const seconds = (ms: number | undefined, fallback: number) =>
  ms === undefined ? fallback : Math.max(1, Math.ceil(ms / 1000));

export function apiFailure(error: ApiError): Failure {
  switch (error.kind) {
    case "network":
      return { code: "api-network", origin: error.origin ?? "" };
    case "timeout":
      return { code: "api-timeout", seconds: seconds(error.timeoutMs, 15) };
    case "schema":
      return { code: "api-schema" };
    case "invalid-request":
      return { code: "api-invalid-request", detail: error.detail ?? "" };
    case "rate-limited":
      return { code: "api-rate-limited", seconds: seconds(error.retryAfterMs, 60) };
    case "http":
      return httpFailure(error);
    case "redirect":
      return { code: "api-redirect", origin: error.origin ?? "" };
    case "too-large":
      return { code: "api-too-large" };
    default: {
      // Every kind has its failure: a new kind fails to compile here until it is mapped.
      const unmapped: never = error.kind;
      return unmapped;
    }
  }
}

function httpFailure(error: ApiError): Failure {
  const status = effectiveStatus(error);
  const reason = reasonOf(error.serverMessage, error.errorText) ?? "";
  if (status === 400) return { code: "api-bad-request", reason };
  if (status === 401) {
    // The sentence names what was refused: a Basic username and password or a Bearer token.
    if (error.authScheme === "basic") return { code: "api-unauthorized-basic" };
    if (error.authScheme === "bearer") return { code: "api-unauthorized-bearer" };
    return { code: "api-unauthorized" };
  }
  if (status === 403) return { code: "api-forbidden" };
  if (status === 404) return { code: "api-not-found" };
  if (status === 429) return { code: "api-rate-limited", seconds: 60 };
  // The provider never saw it: a proxy asked for a login the browser did not send.
  if (status === 407) return { code: "api-proxy-asked" };
  const label = statusLabel(error) ?? "";
  if (status !== undefined && status >= 500) return { code: "api-server-error", status: label };
  return reason
    ? { code: "api-refused-because", status: label, reason }
    : { code: "api-refused", status: label };
}

/** Anything thrown in the background, as a failure the page can word. */
export function failureOf(error: unknown): Failure {
  return isApiError(error) ? apiFailure(error) : { code: "internal" };
}

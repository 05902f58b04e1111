/**
 * Pure retry decisions: which failures are retried and how long to wait. Randomness and the
 * clock are parameters so the policy is testable with tables.
 */
import type { ApiError } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RetryPolicy {
  /** Total attempts including the first one. */
  maxAttempts: number;
  /** Backoff base; the n-th retry waits up to base * 2^n. */
  baseDelayMs: number;
  /** Ceiling of the exponential part. */
  capDelayMs: number;
  /** Ceiling applied to a server's Retry-After, so a hostile or buggy value cannot park us. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 500,
  capDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Methods that may be repeated without a second effect. POST is absent on purpose: a create
 * whose answer was lost may already have bought a token, and a second POST would buy another
 * (ky leaves POST out of its retry methods for the same reason). PUT here is the restore call,
 * which puts a token back to active however often it is sent.
 */
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE"]);

export function isIdempotent(method: HttpMethod): boolean {
  return IDEMPOTENT_METHODS.has(method);
}

/** Failures worth another try: the server may answer differently a moment later. */
export function isTransient(error: Pick<ApiError, "kind" | "status">): boolean {
  switch (error.kind) {
    case "network":
    case "timeout":
    case "rate-limited":
      return true;
    case "http":
      return error.status !== undefined && (error.status >= 500 || error.status === 408);
    default:
      return false;
  }
}

/**
 * Whether a failed attempt may still have done its work: the request went out and no answer
 * came back (a dropped connection, a timeout) or the server failed after it (a 5xx). A 429 or
 * a 408 says the request was not taken.
 */
export function mayHaveLanded(error: Pick<ApiError, "kind" | "status">): boolean {
  if (error.kind === "network" || error.kind === "timeout") return true;
  return error.kind === "http" && error.status !== undefined && error.status >= 500;
}

/** `attempt` is 1-based: the attempt that just failed. */
export function shouldRetry(
  method: HttpMethod,
  error: Pick<ApiError, "kind" | "status">,
  attempt: number,
  policy: Pick<RetryPolicy, "maxAttempts">,
): boolean {
  return attempt < policy.maxAttempts && isIdempotent(method) && isTransient(error);
}

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Returns undefined for a missing or unreadable value; a date in the past gives 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only date-looking values: Date.parse accepts odd input such as "1" or "-5".
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * Capped full jitter (AWS architecture blog, "Exponential Backoff And Jitter"):
 * `random() * min(cap, base * 2^retryIndex)`, but never shorter than the server's
 * Retry-After, which is itself capped at maxRetryAfterMs.
 *
 * @param retryIndex 0 for the first retry, 1 for the second, ...
 * @param random returns a number in [0, 1)
 */
export function backoffDelay(
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
): number {
  const exponential = Math.min(policy.capDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  const r = Math.min(1, Math.max(0, random()));
  const jittered = r * exponential;
  if (retryAfterMs === undefined) return Math.round(jittered);
  const floor = Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  return Math.round(Math.max(jittered, floor));
}

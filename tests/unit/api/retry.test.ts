import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorKind } from "../../../lib/api/errors";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  type HttpMethod,
  isIdempotent,
  parseRetryAfter,
  type RetryPolicy,
  shouldRetry,
} from "../../../lib/api/retry";

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 100,
  capDelayMs: 1000,
  maxRetryAfterMs: 60_000,
};
const err = (kind: ApiErrorKind, status?: number) => new ApiError({ kind, operation: "t", status });

describe("which requests retry", () => {
  it.each<[HttpMethod, boolean]>([
    ["GET", true],
    ["DELETE", true],
    ["PUT", true],
    ["POST", false],
  ])("%s idempotent: %s", (method, expected) => {
    expect(isIdempotent(method)).toBe(expected);
  });

  it.each<[string, ApiError, boolean]>([
    ["429", err("rate-limited", 429), true],
    ["500", err("http", 500), true],
    ["502", err("http", 502), true],
    ["503", err("http", 503), true],
    ["network", err("network"), true],
    ["timeout", err("timeout"), true],
    ["400", err("http", 400), false],
    ["401", err("http", 401), false],
    ["403", err("http", 403), false],
    ["404", err("http", 404), false],
    ["schema", err("schema", 200), false],
    ["invalid request", err("invalid-request"), false],
  ])("GET after %s retries: %s", (_name, error, expected) => {
    expect(shouldRetry("GET", error, 1, policy)).toBe(expected);
  });

  it.each(["rate-limited", "network", "timeout"] as const)(
    "POST is never retried, not even after %s (a second create could buy a second token)",
    (kind) => {
      expect(
        shouldRetry("POST", err(kind, kind === "rate-limited" ? 429 : undefined), 1, policy),
      ).toBe(false);
      expect(shouldRetry("POST", err("http", 503), 1, policy)).toBe(false);
    },
  );

  it("stops at maxAttempts", () => {
    expect(shouldRetry("GET", err("http", 500), 3, policy)).toBe(true);
    expect(shouldRetry("GET", err("http", 500), 4, policy)).toBe(false);
    expect(shouldRetry("GET", err("http", 500), 1, { maxAttempts: 1 })).toBe(false);
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");

  it.each<[string | null | undefined, number | undefined]>([
    [null, undefined],
    [undefined, undefined],
    ["", undefined],
    ["0", 0],
    ["3", 3000],
    [" 120 ", 120_000],
    ["1.5", 1500],
    ["-1", undefined],
    ["soon", undefined],
    ["Wed, 01 Jan 2025 00:00:10 GMT", 10_000],
    ["Tue, 31 Dec 2024 23:59:00 GMT", 0],
  ])("%j -> %j ms", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("capped full-jitter backoff", () => {
  it.each<[number, number, number]>([
    // retryIndex, random, expected = random * min(cap, base * 2^retryIndex)
    [0, 0.5, 50],
    [1, 0.5, 100],
    [2, 0.5, 200],
    [3, 1, 800],
    [4, 1, 1000], // 1600 capped at 1000
    [10, 0.25, 250],
    [2, 0, 0],
  ])("retry %i with random %d waits %i ms", (retryIndex, r, expected) => {
    expect(backoffDelay(retryIndex, policy, () => r)).toBe(expected);
  });

  it("never waits less than Retry-After", () => {
    expect(backoffDelay(0, policy, () => 0.5, 3000)).toBe(3000);
    expect(backoffDelay(4, policy, () => 1, 10)).toBe(1000);
  });

  it("caps Retry-After at maxRetryAfterMs", () => {
    expect(backoffDelay(0, policy, () => 0, 3_600_000)).toBe(60_000);
    expect(backoffDelay(0, DEFAULT_RETRY_POLICY, () => 0, 3_600_000)).toBe(
      DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    );
  });

  it("clamps a misbehaving random source into [0, 1]", () => {
    expect(backoffDelay(0, policy, () => 7)).toBe(100);
    expect(backoffDelay(0, policy, () => -1)).toBe(0);
  });
});

/**
 * The provider API client: one function per operation of the spec. Every function checks its
 * parameters locally, returns the parsed payload (envelopes removed) and fails only with an
 * ApiError. Dependencies are injectable so tests control time, randomness and transport.
 */
import type { AuthConfig } from "./authorization";
import { createHttp, DEFAULT_TIMEOUT_MS, type FetchLike } from "./http";
import { createLookupOperations } from "./lookup-operations";
import { createRateLimiter, DEFAULT_REQUESTS_PER_MINUTE } from "./rate-limiter";
import type { RefreshMethodMemory } from "./refresh";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry";
import { createTokenOperations } from "./token-operations";

export interface ApiClientConfig {
  baseUrl: string;
  auth: AuthConfig;
  /** The plan's limit; default the free plan's 100. Infinity for enterprise. */
  requestsPerMinute?: number;
  /** Per attempt. Default 15 s. */
  timeoutMs?: number;
  /** Attempts per idempotent request, first one included. Default 3. */
  maxAttempts?: number;
  /** The refresh call's method as learned for this provider, and where to report a change. */
  refresh?: RefreshMethodMemory;
}

export interface ApiClientDeps {
  fetch?: FetchLike;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Returns [0, 1); drives the backoff jitter. */
  random?: () => number;
  /** Backoff tuning (tests shorten it). maxAttempts comes from the config. */
  retry?: Partial<Omit<RetryPolicy, "maxAttempts">>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(config: ApiClientConfig, deps: ApiClientDeps = {}) {
  const now = deps.now ?? (() => Date.now());
  const sleep = deps.sleep ?? defaultSleep;
  const limiter = createRateLimiter({
    requestsPerMinute: config.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    now,
    sleep,
  });
  const http = createHttp({
    baseUrl: config.baseUrl,
    auth: config.auth,
    // Called through a wrapper: an unbound window.fetch throws "Illegal invocation".
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now,
    sleep,
    random: deps.random ?? Math.random,
    limiter,
    timeoutMs: atLeastOne(config.timeoutMs, DEFAULT_TIMEOUT_MS),
    retry: {
      ...DEFAULT_RETRY_POLICY,
      ...deps.retry,
      maxAttempts: Math.floor(atLeastOne(config.maxAttempts, DEFAULT_RETRY_POLICY.maxAttempts)),
    },
  });

  return {
    ...createTokenOperations(http, config.baseUrl, config.refresh),
    ...createLookupOperations(http),
    /**
     * A request to the provider made outside this client (a health probe's exit-IP check)
     * takes its place under the plan's rate limit too: how long it must wait first (ms).
     */
    reserveRequest: () => limiter.reserve(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function atLeastOne(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? value : fallback;
}

/**
 * Client-side limiter that keeps us under the plan's requests per minute, so the provider's
 * 429s stay the exception. A sliding-window log: each granted request occupies a slot for one
 * window; when all slots are taken the next request is scheduled when the oldest one frees.
 * Pure apart from the injected clock and sleep.
 */

export const PLAN_REQUESTS_PER_MINUTE = {
  free: 100,
  basic: 1000,
  professional: 5000,
  enterprise: Number.POSITIVE_INFINITY,
} as const;

export type Plan = keyof typeof PLAN_REQUESTS_PER_MINUTE;

export const DEFAULT_REQUESTS_PER_MINUTE = PLAN_REQUESTS_PER_MINUTE.free;

const WINDOW_MS = 60_000;

export interface RateLimiterOptions {
  /** Requests allowed per window; Infinity disables limiting. Default: the free plan's 100. */
  requestsPerMinute?: number;
  windowMs?: number;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RateLimiter {
  /** Reserves a slot and returns how long the caller must wait before sending (0 = now). */
  reserve(): number;
  /** Reserves a slot and waits for it with the injected sleep. */
  acquire(): Promise<void>;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = normaliseLimit(options.requestsPerMinute);
  const windowMs = options.windowMs ?? WINDOW_MS;
  // Start times of granted requests, ascending; may include future (scheduled) slots.
  const slots: number[] = [];

  function reserve(): number {
    if (limit === Number.POSITIVE_INFINITY) return 0;
    const now = options.now();
    while (slots.length > 0 && (slots[0] as number) <= now - windowMs) slots.shift();
    if (slots.length < limit) {
      const at = Math.max(now, slots[slots.length - 1] ?? now);
      slots.push(at);
      return at - now;
    }
    // The request `limit` places back must have left the window before this one may start.
    const at = Math.max(now, (slots[slots.length - limit] as number) + windowMs);
    slots.push(at);
    return at - now;
  }

  async function acquire(): Promise<void> {
    const wait = reserve();
    if (wait > 0) {
      if (!options.sleep) throw new Error("rate limiter: acquire() needs a sleep function");
      await options.sleep(wait);
    }
  }

  return { reserve, acquire };
}

function normaliseLimit(value: number | undefined): number {
  if (value === undefined) return DEFAULT_REQUESTS_PER_MINUTE;
  if (value === Number.POSITIVE_INFINITY) return value;
  // A zero, negative or fractional limit would block forever or misbehave: clamp to >= 1.
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.floor(value);
}

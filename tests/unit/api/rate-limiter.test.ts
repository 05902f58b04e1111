import { describe, expect, it } from "vitest";
import { createRateLimiter, PLAN_REQUESTS_PER_MINUTE } from "../../../lib/api/rate-limiter";

function clock(start = 0) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("rate limiter", () => {
  it("plan limits follow the spec", () => {
    expect(PLAN_REQUESTS_PER_MINUTE).toEqual({
      free: 100,
      basic: 1000,
      professional: 5000,
      enterprise: Number.POSITIVE_INFINITY,
    });
  });

  it("defaults to the free plan's 100 per minute", () => {
    const c = clock();
    const limiter = createRateLimiter({ now: c.now });
    const waits = Array.from({ length: 101 }, () => limiter.reserve());
    expect(waits.slice(0, 100).every((w) => w === 0)).toBe(true);
    expect(waits[100]).toBe(60_000);
  });

  it.each<[string, number, number[], number[]]>([
    // name, limit, advance before each reserve, expected waits
    ["under the limit", 3, [0, 10, 10], [0, 0, 0]],
    ["fourth waits for the first to leave the window", 3, [0, 10, 10, 10], [0, 0, 0, 59_970]],
    ["fifth queues behind the fourth", 3, [0, 0, 0, 0, 0], [0, 0, 0, 60_000, 60_000]],
    ["the window slides", 2, [0, 30_000, 30_000, 1], [0, 0, 0, 29_999]],
    ["a full minute later all slots are free", 2, [0, 0, 60_000, 0], [0, 0, 0, 0]],
  ])("%s", (_name, limit, advances, expected) => {
    const c = clock(1_000_000);
    const limiter = createRateLimiter({ requestsPerMinute: limit, now: c.now });
    const waits = advances.map((a) => {
      c.advance(a);
      return limiter.reserve();
    });
    expect(waits).toEqual(expected);
  });

  it("never lets more than the limit start within any minute", () => {
    const c = clock();
    const limit = 5;
    const limiter = createRateLimiter({ requestsPerMinute: limit, now: c.now });
    const starts: number[] = [];
    for (let i = 0; i < 40; i++) {
      c.advance((i * 7919) % 9000);
      starts.push(c.now() + limiter.reserve());
    }
    for (const start of starts) {
      expect(starts.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(
        limit,
      );
    }
  });

  it("enterprise (Infinity) never waits", () => {
    const c = clock();
    const limiter = createRateLimiter({
      requestsPerMinute: PLAN_REQUESTS_PER_MINUTE.enterprise,
      now: c.now,
    });
    for (let i = 0; i < 10_000; i++) expect(limiter.reserve()).toBe(0);
  });

  it("clamps nonsense limits to at least one request", () => {
    const c = clock();
    const limiter = createRateLimiter({ requestsPerMinute: 0, now: c.now });
    expect([limiter.reserve(), limiter.reserve()]).toEqual([0, 60_000]);
  });

  it("acquire() waits with the injected sleep", async () => {
    const c = clock();
    const slept: number[] = [];
    const limiter = createRateLimiter({
      requestsPerMinute: 1,
      now: c.now,
      sleep: async (ms) => {
        slept.push(ms);
        c.advance(ms);
      },
    });
    await limiter.acquire();
    await limiter.acquire();
    await limiter.acquire();
    expect(slept).toEqual([60_000, 60_000]);
  });
});

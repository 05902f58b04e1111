/** Per-plan request limits (requests per minute), a sliding window on the sandbox clock. */
import { type Clock, MINUTE } from "./clock";

export type PlanName = "free" | "basic" | "professional" | "enterprise";
export const PLAN_NAMES: readonly PlanName[] = ["free", "basic", "professional", "enterprise"];

export const REQUESTS_PER_MINUTE: Readonly<Record<PlanName, number>> = {
  free: 100,
  basic: 1000,
  professional: 5000,
  enterprise: Number.POSITIVE_INFINITY,
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === "string" && (PLAN_NAMES as readonly string[]).includes(value);
}

export class RateLimiter {
  private hits: number[] = [];

  constructor(
    private readonly clock: Clock,
    public plan: PlanName,
  ) {}

  /** Counts one request; returns null when allowed, else the Retry-After in whole seconds. */
  hit(): number | null {
    const limit = REQUESTS_PER_MINUTE[this.plan];
    if (!Number.isFinite(limit)) return null;
    const now = this.clock.now();
    const windowStart = now - MINUTE;
    let drop = 0;
    while (drop < this.hits.length && (this.hits[drop] ?? 0) <= windowStart) drop++;
    if (drop > 0) this.hits.splice(0, drop);
    if (this.hits.length >= limit) {
      const oldest = this.hits[this.hits.length - limit] ?? now;
      return Math.max(1, Math.ceil((oldest + MINUTE - now) / 1000));
    }
    this.hits.push(now);
    return null;
  }

  reset(): void {
    this.hits = [];
  }
}

/** Injected faults: each spec API answer takes the next one from a FIFO queue. */
export type Fault =
  | { kind: "status"; status: number; retryAfter: number }
  | { kind: "delay"; delayMs: number }
  | { kind: "malformed" }
  | { kind: "drop_after_commit" };

interface Queued {
  fault: Fault;
  remaining: number;
}

const MAX_DELAY_MS = 120_000;
const MAX_COUNT = 10_000;

/** Parses a POST /__sandbox/faults body; returns an error text when it is not understood. */
export function parseFault(body: unknown): { fault: Fault; count: number } | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return "body must be a JSON object";
  }
  const b = body as Record<string, unknown>;
  const count = b.count ?? 1;
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_COUNT) {
    return `count must be an integer between 1 and ${MAX_COUNT}`;
  }
  const n = count as number;
  if (b.status !== undefined) {
    const status = b.status;
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) {
      return "status must be an HTTP error status (400-599), e.g. 429 or 500";
    }
    const retryAfter = b.retry_after ?? 1;
    if (!Number.isInteger(retryAfter) || (retryAfter as number) < 0) {
      return "retry_after must be a non-negative integer (seconds)";
    }
    return {
      fault: { kind: "status", status: status as number, retryAfter: retryAfter as number },
      count: n,
    };
  }
  if (b.delay_ms !== undefined) {
    const ms = b.delay_ms;
    if (!Number.isInteger(ms) || (ms as number) < 0 || (ms as number) > MAX_DELAY_MS) {
      return `delay_ms must be an integer between 0 and ${MAX_DELAY_MS}`;
    }
    return { fault: { kind: "delay", delayMs: ms as number }, count: n };
  }
  if (b.malformed === true) return { fault: { kind: "malformed" }, count: n };
  if (b.drop_after_commit === true) return { fault: { kind: "drop_after_commit" }, count: n };
  return 'expected one of "status", "delay_ms", "malformed": true, "drop_after_commit": true';
}

export class Faults {
  private queue: Queued[] = [];

  add(fault: Fault, count: number): void {
    this.queue.push({ fault, remaining: count });
  }

  /** Takes the fault for the next answer, if any. */
  next(): Fault | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.remaining--;
    if (head.remaining <= 0) this.queue.shift();
    return head.fault;
  }

  pending(): { fault: Fault; remaining: number }[] {
    return this.queue.map((q) => ({ fault: q.fault, remaining: q.remaining }));
  }

  clear(): void {
    this.queue = [];
  }
}

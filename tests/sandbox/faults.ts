/** Injected faults: each spec API answer takes the next one from a FIFO queue. */
export type Fault =
  | { kind: "status"; status: number; retryAfter: number }
  | { kind: "delay"; delayMs: number }
  | { kind: "malformed" }
  | { kind: "drop_after_commit" }
  /** Wait, unanswered, until POST /__sandbox/faults/release (or 120 s), then answer normally. */
  | { kind: "hold" }
  /** Answer `status` with `Location: <origin><the request's path and query>`; nothing runs. */
  | { kind: "redirect"; status: number; origin: string }
  /**
   * Run the operation, then stream its answer followed by `padBytes` of JSON whitespace,
   * waiting `chunkDelayMs` before each 64 KiB of it (a body that trickles in).
   */
  | { kind: "oversize"; padBytes: number; chunkDelayMs: number };

/** How far the last oversize answer got, so a test can see whether the client hung up early. */
export interface OversizeProgress {
  bytes_total: number;
  bytes_sent: number;
  /** The whole body was handed to the socket. */
  finished: boolean;
  /** The client closed the connection before the end. */
  client_closed: boolean;
}

interface Queued {
  fault: Fault;
  remaining: number;
  /** Only answers to requests of this method take it; others pass it by. */
  method?: string;
}

const MAX_DELAY_MS = 120_000;
const MAX_COUNT = 10_000;
const MAX_PAD_BYTES = 1024 ** 3;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

const METHODS = ["GET", "POST", "PUT", "DELETE"];

/** Parses a POST /__sandbox/faults body; returns an error text when it is not understood. */
export function parseFault(
  body: unknown,
): { fault: Fault; count: number; method?: string } | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return "body must be a JSON object";
  }
  const method = (body as Record<string, unknown>).method;
  if (method !== undefined && !METHODS.includes(method as string)) {
    return `method must be one of ${METHODS.join(", ")}`;
  }
  const parsed = parseFaultKind(body as Record<string, unknown>);
  return typeof parsed === "string" || method === undefined
    ? parsed
    : { ...parsed, method: method as string };
}

function parseFaultKind(b: Record<string, unknown>): { fault: Fault; count: number } | string {
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
  if (b.hold === true) return { fault: { kind: "hold" }, count: n };
  if (b.redirect_to !== undefined) return parseRedirect(b, n);
  if (b.oversize_bytes !== undefined) {
    const pad = b.oversize_bytes;
    if (!Number.isInteger(pad) || (pad as number) < 1 || (pad as number) > MAX_PAD_BYTES) {
      return `oversize_bytes must be an integer between 1 and ${MAX_PAD_BYTES}`;
    }
    const delay = b.chunk_delay_ms ?? 0;
    if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY_MS) {
      return `chunk_delay_ms must be an integer between 0 and ${MAX_DELAY_MS}`;
    }
    const fault = {
      kind: "oversize" as const,
      padBytes: pad as number,
      chunkDelayMs: delay as number,
    };
    return { fault, count: n };
  }
  return 'expected one of "status", "delay_ms", "malformed": true, "drop_after_commit": true, "hold": true, "redirect_to", "oversize_bytes"';
}

function parseRedirect(b: Record<string, unknown>, count: number) {
  let origin: string;
  try {
    const url = new URL(String(b.redirect_to));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    origin = url.origin;
  } catch {
    return "redirect_to must be an absolute http:// or https:// URL (its origin is used)";
  }
  const status = b.redirect_status ?? 302;
  if (!REDIRECT_STATUSES.includes(status as number)) {
    return `redirect_status must be one of ${REDIRECT_STATUSES.join(", ")}`;
  }
  return { fault: { kind: "redirect" as const, status: status as number, origin }, count };
}

export class Faults {
  private queue: Queued[] = [];
  /** Answers held by a `hold` fault: each one's release. */
  private holding: (() => void)[] = [];
  lastOversize: OversizeProgress | null = null;

  /** Resolves when released (a test's "now answer"), or after 120 s so nothing waits forever. */
  hold(): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.holding = this.holding.filter((r) => r !== release);
        resolve();
      };
      const timer = setTimeout(release, MAX_DELAY_MS);
      this.holding.push(release);
    });
  }

  /** How many answers are held now: a test waits for its request to have arrived. */
  held(): number {
    return this.holding.length;
  }

  /** Lets every held answer go; returns how many there were. */
  release(): number {
    const released = [...this.holding];
    for (const release of released) release();
    return released.length;
  }

  add(fault: Fault, count: number, method?: string): void {
    this.queue.push({ fault, remaining: count, ...(method ? { method } : {}) });
  }

  /** Takes the fault for the next answer to a request of `method`, if any. */
  next(method: string): Fault | undefined {
    const index = this.queue.findIndex((q) => q.method === undefined || q.method === method);
    const head = this.queue[index];
    if (!head) return undefined;
    head.remaining--;
    if (head.remaining <= 0) this.queue.splice(index, 1);
    return head.fault;
  }

  pending(): { fault: Fault; remaining: number }[] {
    return this.queue.map((q) => ({ fault: q.fault, remaining: q.remaining }));
  }

  clear(): void {
    this.queue = [];
    this.lastOversize = null;
    this.release();
  }
}

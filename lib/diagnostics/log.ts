/**
 * The diagnostics log: the ring (ring.ts) kept in a storage area the caller gives (the
 * background gives storage.session: it outlives a stopped worker, not a browser restart), or
 * in memory where there is none. Recording is synchronous and cheap, and never throws: events
 * wait in memory and go to storage in one write a moment later, never more than one write on
 * its way, so the switch and the proxy's auth answers never wait on diagnostics. The
 * background is the log's only writer (the pages send their events to it).
 */
import { appendEvents, type DiagEvent, type EventKind, RING_CAP, readRing } from "./ring";
import { scrubText, scrubWhere } from "./scrub";

/** Where the ring is stored (storage.session; a fake in tests). */
export interface RingArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export const RING_KEY = "diagnostics";
/** Events recorded within this long go to storage in one write. */
export const FLUSH_DELAY_MS = 250;

export interface DiagnosticsLogOptions {
  /** Null: kept in memory only (no storage.session in this browser). */
  area: RingArea | null;
  now?: () => number;
  delayMs?: number;
  cap?: number;
}

/** An event as it is recorded: its time is taken by the caller when it happened. */
export interface NewEvent {
  kind: EventKind;
  where: string;
  text: string;
  at?: number;
}

export function createDiagnosticsLog({
  area,
  now = Date.now,
  delayMs = FLUSH_DELAY_MS,
  cap = RING_CAP,
}: DiagnosticsLogOptions) {
  /** Recorded, not yet written. */
  let pending: DiagEvent[] = [];
  /** The ring itself when there is no area, or the last ring written or read when there is. */
  let memory: DiagEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The write on its way (one at a time: the next waits for it). */
  let writing: Promise<void> = Promise.resolve();

  async function stored(): Promise<DiagEvent[]> {
    if (!area) return memory;
    return readRing((await area.get(RING_KEY))[RING_KEY], cap);
  }

  /** Appends what is pending to the stored ring, in one read and one write. */
  async function writePending(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    try {
      const next = appendEvents(await stored(), batch, cap);
      if (area) await area.set({ [RING_KEY]: next });
      memory = next;
    } catch {
      // Storage refused (quota, a browser shutting down): the events wait for the next write
      // rather than going missing; the log cannot record its own failure into itself.
      pending = appendEvents(batch, pending, cap);
    }
  }

  /** Writes what is pending now (after the write on its way); never rejects. */
  function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    writing = writing.then(writePending);
    return writing;
  }

  function record(event: NewEvent): void {
    try {
      pending.push({
        at: typeof event.at === "number" && Number.isFinite(event.at) ? event.at : now(),
        kind: event.kind,
        where: scrubWhere(event.where),
        text: scrubText(event.text),
      });
      // A burst beyond the ring's size keeps only what the ring would.
      if (pending.length > cap) pending = pending.slice(-cap);
      timer ??= setTimeout(() => void flush(), delayMs);
    } catch {
      // Diagnostics never fail their caller (a clock or timer gone at shutdown).
    }
  }

  /** Every event kept, oldest first, what is pending included; never rejects. */
  async function read(): Promise<DiagEvent[]> {
    await flush();
    try {
      return appendEvents(await stored(), pending, cap);
    } catch {
      // The area cannot be read: what this worker saw is still worth showing.
      return appendEvents(memory, pending, cap);
    }
  }

  /** Empties the ring (the user's "Clear"); resolves false when storage refused. */
  async function clear(): Promise<boolean> {
    await writing;
    pending = [];
    memory = [];
    if (!area) return true;
    try {
      await area.set({ [RING_KEY]: [] });
      return true;
    } catch {
      // Said to the user by the caller ("not cleared"): nothing else to do here.
      return false;
    }
  }

  return { record, read, clear, flush };
}

export type DiagnosticsLog = ReturnType<typeof createDiagnosticsLog>;

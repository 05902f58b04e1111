import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDiagnosticsLog, RING_KEY, type RingArea } from "../../../lib/diagnostics/log";

/** A storage area in memory that counts its calls, can be slow, and can refuse. */
function fakeArea(initial: Record<string, unknown> = {}) {
  const data = new Map(Object.entries(initial));
  const calls = { get: 0, set: 0, inFlight: 0, maxInFlight: 0 };
  const faults = { get: false, set: false, setDelayMs: 0 };
  const area: RingArea = {
    async get(key) {
      calls.get++;
      if (faults.get) throw new Error("storage unavailable");
      return data.has(key) ? { [key]: structuredClone(data.get(key)) } : {};
    },
    async set(items) {
      calls.set++;
      calls.inFlight++;
      calls.maxInFlight = Math.max(calls.maxInFlight, calls.inFlight);
      try {
        if (faults.setDelayMs) await new Promise((r) => setTimeout(r, faults.setDelayMs));
        if (faults.set) throw new Error("QUOTA_BYTES quota exceeded");
        for (const [key, value] of Object.entries(items)) data.set(key, structuredClone(value));
      } finally {
        calls.inFlight--;
      }
    },
  };
  return { area, data, calls, faults };
}

const error = (where: string, text: string) => ({ kind: "error" as const, where, text });

describe("the diagnostics log", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("records without touching storage, then writes a moment's events in one write", async () => {
    const { area, data, calls } = fakeArea();
    const log = createDiagnosticsLog({ area, now: () => 5, delayMs: 250 });
    for (let n = 0; n < 25; n++) log.record(error("test", `failure ${n}`));
    expect(calls).toMatchObject({ get: 0, set: 0 });
    // Events a moment apart wait for the same write.
    await vi.advanceTimersByTimeAsync(100);
    for (let n = 25; n < 50; n++) log.record(error("test", `failure ${n}`));
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toMatchObject({ get: 0, set: 0 });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.set).toBe(1);
    const stored = data.get(RING_KEY) as { text: string; at: number }[];
    expect(stored.map((e) => e.text)).toEqual(Array.from({ length: 50 }, (_, n) => `failure ${n}`));
    expect(stored[0]?.at).toBe(5);
  });

  it("keeps the last `cap` events, oldest first, across writes", async () => {
    const { area } = fakeArea();
    const log = createDiagnosticsLog({ area, cap: 10 });
    for (let n = 0; n < 8; n++) log.record(error("a", `first ${n}`));
    await log.flush();
    for (let n = 0; n < 8; n++) log.record(error("b", `second ${n}`));
    const events = await log.read();
    expect(events.map((e) => e.text)).toEqual([
      "first 6",
      "first 7",
      ...Array.from({ length: 8 }, (_, n) => `second ${n}`),
    ]);
  });

  it("survives a reload: a new log (a woken worker) reads the stored ring and appends to it", async () => {
    const { area } = fakeArea();
    const before = createDiagnosticsLog({ area });
    before.record({ kind: "wake", where: "background", text: "worker started" });
    before.record(error("sync:run", "failed"));
    await before.flush();
    const after = createDiagnosticsLog({ area });
    after.record({ kind: "wake", where: "background", text: "worker started again" });
    expect((await after.read()).map((e) => e.text)).toEqual([
      "worker started",
      "failed",
      "worker started again",
    ]);
  });

  it.each([
    ["a string", "not a ring"],
    ["an object", { events: [] }],
    ["entries of the wrong shape", [{ at: "x" }, null, 7]],
  ])(
    "a corrupt stored value (%s) reads as empty and is written over, never thrown",
    async (_n, raw) => {
      const { area, data } = fakeArea({ [RING_KEY]: raw });
      const log = createDiagnosticsLog({ area });
      expect(await log.read()).toEqual([]);
      log.record(error("x", "after the corruption"));
      await log.flush();
      expect((data.get(RING_KEY) as { text: string }[]).map((e) => e.text)).toEqual([
        "after the corruption",
      ]);
    },
  );

  it("never throws into its caller, and loses nothing while storage refuses", async () => {
    const { area, faults, data } = fakeArea();
    const log = createDiagnosticsLog({ area });
    faults.set = true;
    expect(() => log.record(error("x", "one"))).not.toThrow();
    await expect(log.flush()).resolves.toBeUndefined();
    faults.get = true;
    log.record(error("x", "two"));
    // Unreadable storage: what this worker saw is still shown.
    expect((await log.read()).map((e) => e.text)).toEqual(["one", "two"]);
    faults.get = false;
    faults.set = false;
    await log.flush();
    expect((data.get(RING_KEY) as { text: string }[]).map((e) => e.text)).toEqual(["one", "two"]);
  });

  it("a clock gone at shutdown does not reach the caller either", () => {
    const log = createDiagnosticsLog({
      area: null,
      now: () => {
        throw new Error("clock gone");
      },
    });
    expect(() => log.record(error("x", "y"))).not.toThrow();
  });

  it("never has more than one write on its way", async () => {
    const { area, calls, faults } = fakeArea();
    faults.setDelayMs = 100;
    const log = createDiagnosticsLog({ area, delayMs: 10 });
    for (let n = 0; n < 5; n++) {
      log.record(error("x", `burst ${n}`));
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.maxInFlight).toBe(1);
    expect((await log.read()).map((e) => e.text)).toEqual(
      Array.from({ length: 5 }, (_, n) => `burst ${n}`),
    );
  });

  it("scrubs and bounds what it keeps", async () => {
    const log = createDiagnosticsLog({ area: null });
    log.record(
      error("https://gw.test/where?x=1", `https://alice:hunter2@gw.test/a?b=c ${"y ".repeat(400)}`),
    );
    const [event] = await log.read();
    expect(event?.where).toBe("gw.test");
    expect(event?.text.startsWith("gw.test y y")).toBe(true);
    expect(event?.text).not.toContain("hunter2");
    expect(event?.text.length).toBeLessThanOrEqual(300);
  });

  it("keeps the ring in memory where there is no storage area", async () => {
    const log = createDiagnosticsLog({ area: null });
    log.record(error("x", "kept in memory"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await log.read()).map((e) => e.text)).toEqual(["kept in memory"]);
  });

  it("clears, what is pending included", async () => {
    const { area, data } = fakeArea();
    const log = createDiagnosticsLog({ area });
    log.record(error("x", "stored"));
    await log.flush();
    log.record(error("x", "pending"));
    expect(await log.clear()).toBe(true);
    expect(await log.read()).toEqual([]);
    expect(data.get(RING_KEY)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { appendEvents, type DiagEvent, RING_CAP, readRing } from "../../../lib/diagnostics/ring";

const event = (n: number, text = `event ${n}`): DiagEvent => ({
  at: 1_000 + n,
  kind: "error",
  where: "test",
  text,
});

describe("the diagnostics ring", () => {
  it("keeps events oldest first and drops the oldest past its cap", () => {
    let ring: DiagEvent[] = [];
    for (let n = 0; n < RING_CAP + 25; n++) ring = appendEvents(ring, [event(n)]);
    expect(ring).toHaveLength(RING_CAP);
    expect(ring[0]?.text).toBe("event 25");
    expect(ring.at(-1)?.text).toBe(`event ${RING_CAP + 24}`);
    expect(ring.map((e) => e.at)).toEqual([...ring.map((e) => e.at)].sort((a, b) => a - b));
  });

  it("a batch larger than the cap keeps its newest", () => {
    const batch = Array.from({ length: 10 }, (_, n) => event(n));
    expect(appendEvents([], batch, 4).map((e) => e.text)).toEqual([
      "event 6",
      "event 7",
      "event 8",
      "event 9",
    ]);
  });

  it("counts an event repeated in a row once, at its latest time", () => {
    const same = (at: number): DiagEvent => ({ ...event(0, "refused"), at });
    const ring = appendEvents([event(1)], [same(5), same(6), same(7), event(2)]);
    expect(ring).toEqual([event(1), { ...same(7), repeat: 3 }, event(2)]);
    // Not in a row: two lines.
    expect(appendEvents(ring, [same(9)])).toHaveLength(4);
  });

  it("reads a stored ring back, and leaves the input as it was", () => {
    const stored = [event(1), { ...event(2), repeat: 4 }];
    const copy = structuredClone(stored);
    expect(readRing(stored)).toEqual(stored);
    appendEvents(stored, [event(3)]);
    expect(stored).toEqual(copy);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "[]"],
    ["an object", { 0: event(1) }],
    ["a number", 42],
  ])("reads %s as an empty ring, never throwing", (_name, raw) => {
    expect(readRing(raw)).toEqual([]);
  });

  it("drops entries of the wrong shape and keeps the rest", () => {
    const raw = [
      event(1),
      null,
      "text",
      { ...event(2), kind: "nonsense" },
      { ...event(3), at: "yesterday" },
      { ...event(4), at: Number.NaN },
      { ...event(5), text: 12 },
      { ...event(6), where: undefined },
      { ...event(7), repeat: -3 },
      event(8),
    ];
    expect(readRing(raw)).toEqual([event(1), event(7), event(8)]);
  });

  it("reads at most the cap's newest entries of an oversized store", () => {
    const raw = Array.from({ length: RING_CAP * 3 }, (_, n) => event(n));
    const ring = readRing(raw);
    expect(ring).toHaveLength(RING_CAP);
    expect(ring[0]).toEqual(event(RING_CAP * 2));
  });
});

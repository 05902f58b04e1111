/** The traffic log (lib/traffic/log.ts): capped, oldest dropped first, changes taken once. */
import { describe, expect, it } from "vitest";
import type { TrafficEntry } from "../../../lib/traffic/entry";
import { createTrafficLog } from "../../../lib/traffic/log";

const request = (id: string): Omit<TrafficEntry, "seq"> => ({
  requestId: id,
  at: 0,
  tabId: 1,
  host: `${id}.example`,
  url: null,
  method: "GET",
  type: "image",
  route: null,
  reason: null,
  outcome: { kind: "pending" },
  ms: null,
});

describe("the traffic log", () => {
  it("keeps the last `cap` requests, oldest dropped first", () => {
    const log = createTrafficLog(3);
    for (const id of ["a", "b", "c", "d", "e"]) log.add(request(id));
    expect(log.entries().map((e) => e.requestId)).toEqual(["c", "d", "e"]);
    expect(log.get("a")).toBeUndefined();
  });

  it("hands each changed entry over once per batch, in arrival order, and not a dropped one", () => {
    const log = createTrafficLog(2);
    const a = log.add(request("a"));
    log.add(request("b"));
    log.touch(a);
    expect(log.takeChanged().map((e) => e.requestId)).toEqual(["a", "b"]);
    expect(log.takeChanged()).toEqual([]);
    log.touch(a);
    log.add(request("c")); // drops a
    expect(log.takeChanged().map((e) => e.requestId)).toEqual(["c"]);
    // A dropped entry touched later (its end came after) is not brought back.
    log.touch(a);
    expect(log.takeChanged()).toEqual([]);
  });

  it("clear empties it", () => {
    const log = createTrafficLog();
    log.add(request("a"));
    log.clear();
    expect(log.entries()).toEqual([]);
    expect(log.takeChanged()).toEqual([]);
  });
});

/** The order of a check's probes (lib/health/probe-lanes.ts): one at a time per key. */
import { describe, expect, it } from "vitest";
import { groupByKey, runInLanes } from "../../../lib/health/probe-lanes";
import type { ProbeSlot } from "../../../lib/health/probe-plan";
import { makeToken } from "../stored-token";

const slot = (id: number, key: string): ProbeSlot => ({
  token: makeToken({ id }),
  host: key,
  port: 1,
  key,
  claims: key === "b",
});

describe("runInLanes", () => {
  it("never runs two probes of one key at once, and at most `concurrency` in all", async () => {
    const slots = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => slot(id, ["a", "b", "c"][id % 3] ?? ""));
    const running = new Set<string>();
    let most = 0;
    const order: number[] = [];
    const keysDone: string[] = [];
    await runInLanes(groupByKey(slots), 2, {
      cancelled: () => false,
      probe: async (s) => {
        expect(running.has(s.key)).toBe(false);
        running.add(s.key);
        most = Math.max(most, running.size);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(s.token.id);
        running.delete(s.key);
      },
      keyDone: async (first) => void keysDone.push(first.key),
    });
    expect(most).toBe(2);
    expect(order.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(keysDone.sort()).toEqual(["a", "b", "c"]);
  });

  it("stops taking probes once cancelled", async () => {
    let cancelled = false;
    const probed: number[] = [];
    await runInLanes(groupByKey([1, 2, 3, 4].map((id) => slot(id, "a"))), 4, {
      cancelled: () => cancelled,
      probe: async (s) => {
        probed.push(s.token.id);
        if (s.token.id === 2) cancelled = true;
      },
      keyDone: async () => undefined,
    });
    expect(probed).toEqual([1, 2]);
  });
});

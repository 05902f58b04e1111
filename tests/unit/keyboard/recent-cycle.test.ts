/** The keyboard's next/previous recent token: one order per run of presses, unusable skipped. */
import { describe, expect, it } from "vitest";
import {
  type CycleInput,
  cycleTarget,
  type KeyboardCycle,
} from "../../../lib/keyboard/recent-cycle";

const all = () => true;
const target = (input: Partial<CycleInput>) =>
  cycleTarget({
    activeTokenId: null,
    recent: [],
    cycle: null,
    usable: all,
    step: 1,
    ...input,
  })?.tokenId ?? null;

describe("cycleTarget", () => {
  it.each([
    // [connected, recent (most recent first), step, expected]
    ["next from the connected one is the one used before it", 3, [3, 2, 1], 1, 2],
    ["previous from the connected one wraps to the oldest", 3, [3, 2, 1], -1, 1],
    ["next from the oldest wraps to the newest", 1, [3, 2, 1], 1, 3],
    ["nothing connected: next is the most recent", null, [3, 2, 1], 1, 3],
    ["nothing connected: previous is the oldest", null, [3, 2, 1], -1, 1],
    ["connected but not in the list (older data): next is the list's first", 9, [3, 2], 1, 3],
    ["connected but not in the list: previous is the list's last", 9, [3, 2], -1, 2],
  ] as const)("%s", (_name, activeTokenId, recent, step, expected) => {
    expect(target({ activeTokenId, recent: [...recent], step })).toBe(expected);
  });

  it("skips tokens that are gone or cannot be used, either way", () => {
    const usable = (id: number) => id !== 2 && id !== 1;
    expect(target({ activeTokenId: 4, recent: [4, 2, 1, 5], usable, step: 1 })).toBe(5);
    expect(target({ activeTokenId: 4, recent: [4, 2, 1, 5], usable, step: -1 })).toBe(5);
    expect(target({ activeTokenId: 5, recent: [4, 2, 1, 5], usable, step: 1 })).toBe(4);
  });

  it("nothing to switch to: an empty list, only the connected token, none usable", () => {
    expect(target({ activeTokenId: null, recent: [] })).toBeNull();
    expect(target({ activeTokenId: 3, recent: [] })).toBeNull();
    expect(target({ activeTokenId: 3, recent: [3] })).toBeNull();
    expect(target({ activeTokenId: 3, recent: [3, 2, 1], usable: (id) => id === 3 })).toBeNull();
    expect(target({ activeTokenId: null, recent: [2, 1], usable: () => false })).toBeNull();
  });

  it("a run of presses walks the whole list, though each connect moves its token first", () => {
    // What engine.connect does to the recent list (withRecent).
    const connect = (recent: number[], id: number) => [id, ...recent.filter((x) => x !== id)];
    let recent = [4, 3, 2, 1];
    let active = 4;
    let cycle: KeyboardCycle | null = null;
    const visited: number[] = [];
    for (let press = 0; press < 5; press++) {
      const choice = cycleTarget({ activeTokenId: active, recent, cycle, usable: all, step: 1 });
      if (!choice) throw new Error("no choice");
      cycle = choice.cycle;
      active = choice.tokenId;
      recent = connect(recent, active);
      visited.push(active);
    }
    expect(visited).toEqual([3, 2, 1, 4, 3]);
    // And back the way it came.
    const back = cycleTarget({ activeTokenId: active, recent, cycle, usable: all, step: -1 });
    expect(back?.tokenId).toBe(4);
  });

  it("a second press before the first switch landed steps on from the first one's choice", () => {
    const first = cycleTarget({
      activeTokenId: 4,
      recent: [4, 3, 2],
      cycle: null,
      usable: all,
      step: 1,
    });
    expect(first?.tokenId).toBe(3);
    // Still connected to 4: the switch to 3 is on its way.
    const second = cycleTarget({
      activeTokenId: 4,
      recent: [4, 3, 2],
      cycle: first?.cycle ?? null,
      usable: all,
      step: 1,
    });
    expect(second?.tokenId).toBe(2);
  });

  it("a switch made elsewhere starts a new run from the token connected now", () => {
    const run: KeyboardCycle = { order: [4, 3, 2, 1], from: 4, at: 3 };
    // The user connected 1 from the popup meanwhile.
    expect(target({ activeTokenId: 1, recent: [1, 3, 4, 2], cycle: run, step: 1 })).toBe(3);
    // The user turned the proxy off: next is the most recent again.
    expect(target({ activeTokenId: null, recent: [3, 4, 2, 1], cycle: run, step: 1 })).toBe(3);
  });
});

/**
 * Position keys and placing: a key fits between any two, placing keeps the keys of rules that
 * did not move (a move changes one key), and a change's stamp decides by count before clock,
 * with a clock ahead of the receiver's taken as now.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPositionKey, keyBetween, keysBetween } from "../../../lib/sync/fraction-key";
import { byPosition, placeRules } from "../../../lib/sync/placement";
import { clampedTime, later } from "../../../lib/sync/precedence";

const positionKey = fc.stringMatching(/^[0-9a-z]{0,6}[1-9a-z]$/);

describe("position keys", () => {
  it("a key between any two (or an open end) lies strictly between and is a key", () => {
    fc.assert(
      fc.property(fc.option(positionKey), fc.option(positionKey), (x, y) => {
        const [low, high] = x !== null && y !== null && x > y ? [y, x] : [x, y];
        fc.pre(low === null || high === null || low < high);
        const key = keyBetween(low, high);
        expect(isPositionKey(key)).toBe(true);
        if (low !== null) expect(key > low).toBe(true);
        if (high !== null) expect(key < high).toBe(true);
      }),
    );
  });

  it("a run of keys rises; 500 added one by one at either end grow one character per ~35", () => {
    const run = keysBetween("a", "b", 300);
    expect([...run].sort()).toEqual(run);
    expect(new Set(run).size).toBe(300);
    let last: string | null = null;
    let first: string | null = null;
    for (let i = 0; i < 500; i++) {
      last = keyBetween(last, null);
      first = keyBetween(null, first);
    }
    expect((last as string).length).toBeLessThanOrEqual(16);
    expect((first as string).length).toBeLessThanOrEqual(16);
  });
});

describe("placing the rules", () => {
  it("any order: the keys sort it back, and a single move changes one key", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(40), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (nums, i, j) => {
          const order = nums.map((n) => `r${n}`);
          const first = placeRules(order, new Map());
          expect(byPosition([...order].reverse(), first)).toEqual(order);
          const moved = [...order];
          const [id] = moved.splice(i % order.length, 1);
          moved.splice(j % order.length, 0, id as string);
          const second = placeRules(moved, first);
          expect(byPosition(order, second)).toEqual(moved);
          const changed = moved.filter((r) => second.get(r) !== first.get(r));
          expect(changed.length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("new rules at the end go after the floor (a joining browser's after the synced ones)", () => {
    const keys = placeRules(["mine1", "mine2"], new Map(), "m");
    expect((keys.get("mine1") as string) > "m").toBe(true);
    expect((keys.get("mine2") as string) > (keys.get("mine1") as string)).toBe(true);
  });
});

describe("which change wins", () => {
  const NOW = 1_000_000;
  it("the change count decides before any clock", () => {
    expect(later({ t: 1, b: "a", n: 3 }, { t: NOW + 3_600_000, b: "z", n: 2 }, NOW)).toBe(true);
  });

  it("a time ahead of the receiver's clock counts as now: it wins no tie by being ahead", () => {
    expect(clampedTime({ t: NOW + 3_600_000, b: "a" }, NOW)).toBe(NOW);
    // Same count, one an hour ahead, the other made now: equal times, the browser id decides.
    expect(later({ t: NOW + 3_600_000, b: "a", n: 1 }, { t: NOW, b: "b", n: 1 }, NOW)).toBe(false);
    expect(later({ t: NOW, b: "b", n: 1 }, { t: NOW + 3_600_000, b: "a", n: 1 }, NOW)).toBe(true);
    // In the past, the later time still wins.
    expect(later({ t: NOW - 10, b: "a", n: 1 }, { t: NOW - 20, b: "b", n: 1 }, NOW)).toBe(true);
  });

  it("any two different stamps: exactly one is later (every browser decides the same)", () => {
    const stamp = fc.record({ t: fc.integer(), b: fc.constantFrom("a", "b", "c"), n: fc.nat(3) });
    fc.assert(
      fc.property(stamp, stamp, fc.integer(), (x, y, now) => {
        const same = x.n === y.n && x.b === y.b && Math.min(x.t, now) === Math.min(y.t, now);
        fc.pre(!same);
        expect(later(x, y, now)).toBe(!later(y, x, now));
      }),
    );
  });
});

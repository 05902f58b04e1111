/**
 * Sync keeps the rules' order exactly (the first match wins, so order is routing): a fresh
 * browser lists them as the writer does, and edits on both sides (rules added on both, a rule
 * moved on one while another is added on the other) end in one order that keeps each side's
 * placements. Checked on examples and on random edits (fast-check).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../lib/base/hash";
import type { SiteRule } from "../../../lib/routing/rules";
import { writeRemote } from "../../../lib/sync/area";
import { ruleKey, type SyncDoc } from "../../../lib/sync/doc";
import { fakeArea } from "./fake-area";
import { browserOn, rule } from "./two-browsers";

type Browser = ReturnType<typeof browserOn>;

/** Each browser runs on the other's write (the change event) until neither writes. */
async function settle(clock: { now: number }, ...browsers: Browser[]) {
  for (let round = 0; round < 8; round++) {
    let wrote = false;
    for (const browser of browsers) {
      clock.now += 10;
      const outcome = await browser.run();
      if (outcome.kind === "done" && outcome.wrote) wrote = true;
    }
    if (!wrote) return;
  }
  throw new Error("sync did not settle");
}

/** The issue's list: a narrow Direct rule above a wide Block one; ids sort the other way. */
const issueRules = (): SiteRule[] => [
  rule("z-narrow", "a.example.test"),
  rule("a-wide", "*.example.test", { kind: "block" }),
  rule("m-three", "three.test"),
  rule("c-four", "four.test", { kind: "block" }),
  rule("k-five", "five.test"),
];
const ids = (rules: readonly SiteRule[]) => rules.map((r) => r.id);
const moved = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id as string);
  return next;
};
const byIds = (browser: Browser, order: string[], extra: SiteRule[] = []) => {
  const all = new Map([...browser.state.siteRules, ...extra].map((r) => [r.id, r]));
  return order.map((id) => all.get(id) as SiteRule);
};

describe("sync keeps the rules' order", () => {
  it("a fresh browser lists the rules in the writer's order, and sends no order back", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, issueRules());
    const b = browserOn(area, "bbbbbb", clock);
    await a.run();
    clock.now += 1000;
    expect(await b.run()).toEqual({ kind: "done", wrote: false });
    expect(b.ids()).toEqual(ids(issueRules()));
    await settle(clock, a, b);
    expect(a.ids()).toEqual(ids(issueRules()));
  });

  it("the other direction: a rule put first in the second browser is first in the first", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, issueRules());
    const b = browserOn(area, "bbbbbb", clock);
    await settle(clock, a, b);
    b.state.siteRules = [
      rule("b-top", "top.example.test", { kind: "block" }),
      ...b.state.siteRules,
    ];
    await settle(clock, b, a);
    expect(a.ids()).toEqual(["b-top", ...ids(issueRules())]);
    expect(b.ids()).toEqual(a.ids());
  });

  it("rules added on both sides at once keep their places; both end in one order", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, issueRules());
    const b = browserOn(area, "bbbbbb", clock);
    await settle(clock, a, b);
    const start = ids(issueRules());
    a.state.siteRules = byIds(a, ["a-new", ...start], [rule("a-new", "anew.test")]);
    b.state.siteRules = byIds(
      b,
      [...start.slice(0, 3), "b-new", ...start.slice(3)],
      [rule("b-new", "bnew.test")],
    );
    // Both run on the same document before either write lands.
    await a.run();
    await b.run();
    await settle(clock, a, b);
    expect(a.ids()).toEqual(["a-new", ...start.slice(0, 3), "b-new", ...start.slice(3)]);
    expect(b.ids()).toEqual(a.ids());
  });

  it("a rule moved on one side while another is added on the other: both kept", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, issueRules());
    const b = browserOn(area, "bbbbbb", clock);
    await settle(clock, a, b);
    const start = ids(issueRules());
    // A moves the wide Block rule to the end; B adds a rule at the top, a little later.
    a.state.siteRules = byIds(a, moved(start, 1, 4));
    await a.run();
    clock.now += 1000;
    b.state.siteRules = byIds(b, ["b-new", ...start], [rule("b-new", "bnew.test")]);
    await b.run();
    await settle(clock, a, b);
    expect(a.ids()).toEqual(["b-new", ...moved(start, 1, 4)]);
    expect(b.ids()).toEqual(a.ids());
  });

  it("random moves and additions on both sides: one order, each side's own edit kept", async () => {
    const edit = fc.record({
      from: fc.nat(4),
      to: fc.nat(4),
      addAt: fc.nat(5),
    });
    await fc.assert(
      fc.asyncProperty(edit, edit, fc.boolean(), async (editA, editB, aFirst) => {
        const area = fakeArea();
        const clock = { now: 1_000_000 };
        const a = browserOn(area, "aaaaaa", clock, issueRules());
        const b = browserOn(area, "bbbbbb", clock);
        await settle(clock, a, b);
        const start = ids(issueRules());
        // A moves one rule; B adds one. Then each adds one more after seeing the other.
        const aOrder = moved(start, editA.from, editA.to);
        a.state.siteRules = byIds(a, aOrder);
        const bOrder = [...start];
        bOrder.splice(editB.addAt, 0, "b-new");
        b.state.siteRules = byIds(b, bOrder, [rule("b-new", "bnew.test")]);
        const [first, second] = aFirst ? [a, b] : [b, a];
        await first.run();
        clock.now += 500;
        await second.run();
        await settle(clock, a, b);
        expect(b.ids()).toEqual(a.ids());
        // A's move holds among the rules both had: B moved none of them.
        expect(a.ids().filter((id) => id !== "b-new")).toEqual(aOrder);
        // B's rule keeps its neighbours in B's order, where A did not move them.
        const final = a.ids();
        const before = bOrder[editB.addAt - 1];
        const after = bOrder[editB.addAt + 1];
        // The moved rule is A's to place; two neighbours swapped are one move of either.
        const moves = new Set([start[editA.from]]);
        if (Math.abs(editA.from - editA.to) === 1) moves.add(start[editA.to]);
        const at = final.indexOf("b-new");
        if (before !== undefined && !moves.has(before))
          expect(final.indexOf(before)).toBeLessThan(at);
        if (after !== undefined && !moves.has(after))
          expect(final.indexOf(after)).toBeGreaterThan(at);
      }),
      { numRuns: 60 },
    );
  });
});

describe("both sides adding, anywhere (the same place included)", () => {
  it("one order; each added rule between the neighbours it was given", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(5), fc.nat(5), fc.boolean(), async (atA, atB, aFirst) => {
        const area = fakeArea();
        const clock = { now: 1_000_000 };
        const a = browserOn(area, "aaaaaa", clock, issueRules());
        const b = browserOn(area, "bbbbbb", clock);
        await settle(clock, a, b);
        const start = ids(issueRules());
        const aOrder = [...start];
        aOrder.splice(atA, 0, "a-new");
        const bOrder = [...start];
        bOrder.splice(atB, 0, "b-new");
        a.state.siteRules = byIds(a, aOrder, [rule("a-new", "anew.test")]);
        b.state.siteRules = byIds(b, bOrder, [rule("b-new", "bnew.test")]);
        const [first, second] = aFirst ? [a, b] : [b, a];
        await first.run();
        await second.run();
        await settle(clock, a, b);
        const final = a.ids();
        expect(b.ids()).toEqual(final);
        expect(final.filter((id) => !id.endsWith("-new"))).toEqual(start);
        for (const [id, order] of [
          ["a-new", aOrder],
          ["b-new", bOrder],
        ] as const) {
          const at = order.indexOf(id);
          const before = order[at - 1];
          const after = order[at + 1];
          if (before) expect(final.indexOf(before)).toBeLessThan(final.indexOf(id));
          if (after) expect(final.indexOf(after)).toBeGreaterThan(final.indexOf(id));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("a document of the earlier format (one order item)", () => {
  it("a fresh browser lists its rules in that order", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const rules = issueRules();
    const doc: SyncDoc = {};
    for (const r of rules) doc[ruleKey(r.id)] = { v: r, t: 5, b: "oldold" };
    const legacy = { ...doc, o: { v: ids(rules), t: 5, b: "oldold" } };
    await writeRemote(area, canonicalJson(legacy), "oldold", 10, []);
    const b = browserOn(area, "bbbbbb", clock);
    await b.run();
    expect(b.ids()).toEqual(ids(rules));
  });
});

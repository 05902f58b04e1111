/**
 * A browser whose clock runs an hour ahead does not win every item: a change made elsewhere
 * after its change arrived wins, in both browsers, and the two end the same.
 */
import { describe, expect, it } from "vitest";
import { fakeArea } from "./fake-area";
import { browserOn, rule } from "./two-browsers";

const HOUR = 3_600_000;

describe("sync under clock skew", () => {
  it("an edit made after a change from a browser an hour ahead wins everywhere", async () => {
    const area = fakeArea();
    const real = { now: 1_000_000_000 };
    const ahead = {
      get now() {
        return real.now + HOUR;
      },
    };
    const a = browserOn(area, "aaaaaa", ahead, [rule("r1", "one.test"), rule("r2", "two.test")], {
      warnDays: 3,
    });
    const b = browserOn(area, "bbbbbb", real);
    await a.run();
    real.now += 1000;
    await b.run();
    expect(b.ids()).toEqual(["r1", "r2"]);

    // A (an hour ahead) blocks r1; B takes it, then ten minutes later sends r1 direct again
    // and changes a setting A set.
    a.state.siteRules = [rule("r1", "one.test", { kind: "block" }), rule("r2", "two.test")];
    real.now += 1000;
    await a.run();
    real.now += 1000;
    await b.run();
    expect(b.state.siteRules[0]?.route).toEqual({ kind: "block" });
    real.now += 10 * 60_000;
    b.state.siteRules = [rule("r1", "one.test", { kind: "direct" }), rule("r2", "two.test")];
    b.state.settings = { ...b.state.settings, warnDays: 9 };
    for (let round = 0; round < 4; round++) {
      real.now += 1000;
      await b.run();
      await a.run();
    }
    expect(b.state.siteRules[0]?.route).toEqual({ kind: "direct" });
    expect(a.state.siteRules[0]?.route).toEqual({ kind: "direct" });
    expect(a.state.settings.warnDays).toBe(9);
    expect(b.state.settings.warnDays).toBe(9);
  });

  it("a browser an hour ahead that never saw this browser's later edit does not revert it", async () => {
    const area = fakeArea();
    const real = { now: 1_000_000_000 };
    const ahead = {
      get now() {
        return real.now + HOUR;
      },
    };
    const a = browserOn(area, "aaaaaa", ahead, [rule("r1", "one.test")]);
    const b = browserOn(area, "bbbbbb", real);
    await a.run();
    await b.run();
    await a.run();
    // B edits the rule; A, which has seen B's document, writes an unrelated change right after.
    real.now += 60_000;
    b.state.siteRules = [rule("r1", "one.test", { kind: "block" })];
    await b.run();
    real.now += 1000;
    a.state.settings = { ...a.state.settings, warnDays: 4 };
    await a.run();
    await b.run();
    await a.run();
    expect(a.state.siteRules[0]?.route).toEqual({ kind: "block" });
    expect(b.state.siteRules[0]?.route).toEqual({ kind: "block" });
    expect(b.state.settings.warnDays).toBe(4);
  });
});

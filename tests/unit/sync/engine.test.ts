/**
 * Two browsers over one sync area (the fake enforces the quotas): changes arrive, different
 * items edited at once both survive, the same item ends with the later change and the other
 * browser is told, nothing is echoed back, secrets are never steered, turning sync on merges.
 */
import { describe, expect, it } from "vitest";
import type { SiteRule } from "../../../lib/routing/rules";
import { fakeArea } from "./fake-area";
import { browserOn, rule } from "./two-browsers";

const AUTH = { kind: "bearer" as const, accessToken: "secret-a" };

describe("sync between two browsers", () => {
  it("a rule and a setting changed in one browser arrive in the other, and nothing echoes", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [rule("r1", "one.example")], { warnDays: 5 });
    const b = browserOn(area, "bbbbbb", clock);
    expect(await a.run()).toEqual({ kind: "done", wrote: true });
    clock.now += 1000;
    expect(await b.run()).toEqual({ kind: "done", wrote: false });
    expect(b.ids()).toEqual(["r1"]);
    expect(b.state.settings.warnDays).toBe(5);
    expect(b.rulesApplied).toBe(1);
    // A ran again on its own write's change event: nothing new, no write.
    const ops = area.ops;
    expect(await a.run()).toEqual({ kind: "done", wrote: false });
    expect(await b.run()).toEqual({ kind: "done", wrote: false });
    expect(area.ops).toBe(ops);
  });

  it("two browsers editing different rules at once both keep their change", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [rule("r1", "one.example")]);
    const b = browserOn(area, "bbbbbb", clock);
    await a.run();
    await b.run();
    clock.now += 1000;
    a.state.siteRules = [...a.state.siteRules, rule("ra", "a.example")];
    b.state.siteRules = [rule("rb", "b.example"), ...b.state.siteRules];
    // Both read the same document before either writes: B's write lands over A's.
    await a.run();
    clock.now += 10;
    await b.run();
    // Each write is a change event in the other browser: they settle with no write left.
    for (let round = 0; round < 4; round++) {
      clock.now += 10;
      await a.run();
      await b.run();
    }
    expect(await a.run()).toEqual({ kind: "done", wrote: false });
    expect(new Set(a.ids())).toEqual(new Set(["r1", "ra", "rb"]));
    expect(new Set(b.ids())).toEqual(new Set(["r1", "ra", "rb"]));
    expect(a.ids()).toEqual(b.ids());
  });

  it("the same rule edited in both: the later change wins, the other browser sees it replaced", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [rule("r1", "one.example")]);
    const b = browserOn(area, "bbbbbb", clock);
    await a.run();
    await b.run();
    clock.now += 1000;
    a.state.siteRules = [rule("r1", "one.example", { kind: "block" })];
    await a.run();
    clock.now += 1000;
    // B edits before A's change reached it (offline); B's edit is later.
    b.state.siteRules = [rule("r1", "one.example", { kind: "token", tokenId: 7 })];
    await b.run();
    await a.run();
    expect(a.state.siteRules[0]?.route).toEqual({ kind: "token", tokenId: 7 });
    expect(b.state.siteRules[0]?.route).toEqual({ kind: "token", tokenId: 7 });
    expect(a.state.sync.arrivals[0]).toMatchObject({ key: "r.r1", b: "bbbbbb", replaced: true });
  });

  it("a deletion reaches the other browser", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [
      rule("r1", "one.example"),
      rule("r2", "two.example"),
    ]);
    const b = browserOn(area, "bbbbbb", clock);
    await a.run();
    await b.run();
    clock.now += 1000;
    a.state.siteRules = [rule("r2", "two.example")];
    await a.run();
    await b.run();
    expect(b.ids()).toEqual(["r2"]);
  });

  it("a synced base URL never leaves this browser's credentials and is not used with them", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [], {
      baseUrl: "https://a.example.com",
      auth: AUTH,
    });
    const b = browserOn(area, "bbbbbb", clock, [], {
      baseUrl: "https://b.example.com",
      auth: { ...AUTH, accessToken: "secret-b" },
    });
    const c = browserOn(area, "cccccc", clock);
    await a.run();
    await b.run();
    clock.now += 1000;
    a.state.settings = { ...a.state.settings, baseUrl: "https://a2.example.com" };
    await a.run();
    b.state.settings = { ...b.state.settings, warnDays: 9 };
    await b.run();
    await a.run();
    await c.run();
    expect(b.state.settings).toMatchObject({
      baseUrl: "https://b.example.com",
      auth: { accessToken: "secret-b" },
      warnDays: 9,
    });
    expect(b.state.sync.offer).toMatchObject({ baseUrl: "https://a2.example.com" });
    // A browser without credentials takes the address: it sends nothing anywhere.
    expect(c.state.settings.baseUrl).toBe("https://a2.example.com");
    expect(c.state.settings.auth).toBeNull();
    expect(JSON.stringify([...area.data])).not.toContain("secret");
  });

  it("turning sync on merges by item: the synced settings win, no local rule is dropped", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [rule("r1", "one.example")], { warnDays: 5 });
    await a.run();
    clock.now += 1000;
    a.state.siteRules = [];
    await a.run(); // r1 deleted: a tombstone
    const b = browserOn(area, "bbbbbb", clock, [
      rule("r1", "one.example"),
      rule("mine", "mine.example"),
    ]);
    await b.run();
    await a.run();
    expect(b.state.settings.warnDays).toBe(5);
    expect(new Set(b.ids())).toEqual(new Set(["r1", "mine"]));
    expect(b.state.sync.joinReport).toMatchObject({ rulesOut: 2, settingsIn: 1 });
    expect(new Set(a.ids())).toEqual(new Set(["r1", "mine"]));
  });

  it("rules through a proxy added by hand or a container stay local, and say so", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const mine: SiteRule = { ...rule("c", "c.example"), container: "firefox-container-1" };
    const a = browserOn(area, "aaaaaa", clock, [
      rule("h", "h.example", { kind: "token", tokenId: -3 }),
      rule("p", "p.example"),
      mine,
    ]);
    const policyRule = rule("managed-1", "corp.example", { kind: "direct" });
    a.state.siteRules = [policyRule, ...a.state.siteRules];
    const b = browserOn(area, "bbbbbb", clock, [
      rule("own", "own.example", { kind: "token", tokenId: -1 }),
      // b's own policy: another rule at the same place, never replaced from a.
      rule("managed-1", "other-corp.example", { kind: "block" }),
    ]);
    await a.run();
    await b.run();
    expect(b.ids()).toEqual(["own", "managed-1", "p"]);
    expect(b.state.siteRules.find((r) => r.id === "managed-1")?.source).toEqual({
      type: "pattern",
      text: "other-corp.example",
    });
    expect(a.state.sync.notSynced).toEqual([
      { id: "managed-1", reason: "managed" },
      { id: "h", reason: "local-proxy" },
      { id: "c", reason: "container" },
    ]);
  });

  it("a subscription syncs without its lines; a browser that has it keeps its own copy", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const sub = (lines: string[], url = "https://lists.example/l.txt"): SiteRule => ({
      id: "s1",
      enabled: true,
      source: {
        type: "list",
        name: "L",
        lines,
        subscription: { url, via: { kind: "direct" }, everyHours: 24 },
      },
      route: { kind: "block" },
    });
    const a = browserOn(area, "aaaaaa", clock, [sub(["||a.example"])]);
    const b = browserOn(area, "bbbbbb", clock, [sub(["||b.example"])]);
    await a.run();
    expect(JSON.stringify([...area.data])).not.toContain("a.example");
    await b.run();
    expect(b.state.siteRules[0]?.source).toMatchObject({ lines: ["||b.example"] });
    const c = browserOn(area, "cccccc", clock);
    await c.run();
    expect(c.state.siteRules[0]?.source).toMatchObject({ lines: [] });
    // Another URL: the old copy is not this list.
    clock.now += 1000;
    a.state.siteRules = [sub(["||a.example"], "https://lists.example/other.txt")];
    await a.run();
    await b.run();
    expect(b.state.siteRules[0]?.source).toMatchObject({
      lines: [],
      subscription: { url: "https://lists.example/other.txt" },
    });
  });
});

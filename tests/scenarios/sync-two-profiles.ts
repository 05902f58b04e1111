/**
 * Two profiles with the extension, their storage.sync items carried across by hand as the sync
 * service would (tests/support/sync-carry.ts): the rules keep their order in both directions
 * and with both sides editing, a browser whose clock runs an hour ahead does not revert a later
 * edit, and what the gate refuses is named in Options while the rest arrives. Routes are
 * compared at the echo server: the first matching rule decides, so order is routing.
 */
import type { SiteRule } from "../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../lib/state/settings";
import { carry, changed, rule, writeAs } from "../support/sync-carry";
import type { Expect, Profile, Scenario } from "./driver";
import {
  idsOf,
  lastSynced,
  localRules,
  remoteDoc,
  routeIn,
  ruleIds,
  SYNC,
  settingsOf,
  sorted,
  syncedRules,
  THIRD_BROWSER,
} from "./sync-steps";

/** The issue's list: a narrow Direct rule above a wide Block one; their ids sort the other way. */
const issueRules = (): SiteRule[] => [
  rule("z-narrow", "a.example.test"),
  rule("a-wide", "*.example.test", { kind: "block" }),
  rule("m-three", "three.test"),
  rule("c-four", "four.test", { kind: "block" }),
  rule("k-five", "five.test"),
];

async function syncOn(...profiles: Profile[]) {
  for (const p of profiles) await p.sendOk({ type: "setSync", enabled: true });
}

/** Waits for a sync run that ended after `since` (the one a carried change started). */
const syncedAfter = (expect: Expect, p: Profile, since: number) =>
  expect.poll(() => lastSynced(p)).toBeGreaterThan(since);

export const syncTwoProfilesScenarios: Scenario[] = [
  {
    name: "a fresh profile keeps the writer's order and routes as it does; its own edits go back in order",
    waits: true,
    async run({ main: a, newProfile, expect }) {
      const b = await newProfile();
      await syncOn(a, b);
      await a.sendOk({ type: "setSiteRules", rules: issueRules() });
      await expect.poll(() => syncedRules(a)).toEqual(sorted(idsOf(issueRules())));

      const carried = Date.now();
      await carry(a.sync, b.sync);
      await expect.poll(() => ruleIds(b)).toEqual(idsOf(issueRules()));
      await syncedAfter(expect, b, carried);
      await expect.poll(() => b.routeOf("a.example.test")).toBe("direct");
      expect(await b.routeOf("b.example.test")).toBe("blocked");

      // What B holds now goes back to A: A's order and routes stay.
      const back = Date.now();
      await carry(b.sync, a.sync);
      await syncedAfter(expect, a, back);
      expect(await ruleIds(a)).toEqual(idsOf(issueRules()));
      expect(await a.routeOf("a.example.test")).toBe("direct");

      // The other direction: B puts a rule first and the wide one last.
      const [narrow, wide, ...rest] = issueRules() as [SiteRule, SiteRule, ...SiteRule[]];
      const bRules = [rule("b-first", "b.example.test"), narrow, ...rest, wide];
      await b.sendOk({ type: "setSiteRules", rules: bRules });
      await expect.poll(() => syncedRules(b)).toEqual(sorted(idsOf(bRules)));
      await carry(b.sync, a.sync);
      await expect.poll(() => ruleIds(a)).toEqual(idsOf(bRules));
      await expect.poll(() => a.routeOf("b.example.test")).toBe("direct");
      expect(await a.routeOf("c.example.test")).toBe("blocked");
    },
  },
  {
    name: "both profiles editing at once keep both placements; a browser an hour ahead does not revert a later edit",
    waits: true,
    async run({ main: a, newProfile, expect }) {
      const b = await newProfile();
      await syncOn(a, b);
      const start = issueRules();
      await a.sendOk({ type: "setSiteRules", rules: start });
      await expect.poll(() => syncedRules(a)).toEqual(sorted(idsOf(start)));
      await carry(a.sync, b.sync);
      await expect.poll(() => ruleIds(b)).toEqual(idsOf(start));

      // At once: A adds a rule first, B one in the middle; each write lands in its own area.
      const aRules = [rule("new-a", "new-a.test"), ...start];
      const bRules = [
        ...start.slice(0, 3),
        rule("new-b", "new-b.test", { kind: "block" }),
        ...start.slice(3),
      ];
      await a.sendOk({ type: "setSiteRules", rules: aRules });
      await b.sendOk({ type: "setSiteRules", rules: bRules });
      await expect.poll(() => syncedRules(a)).toEqual(sorted(idsOf(aRules)));
      await expect.poll(() => syncedRules(b)).toEqual(sorted(idsOf(bRules)));
      // The service keeps A's write over B's; B merges and writes again, which reaches A.
      await carry(a.sync, b.sync);
      const merged = ["new-a", ...idsOf(start.slice(0, 3)), "new-b", ...idsOf(start.slice(3))];
      await expect.poll(() => syncedRules(b)).toEqual(sorted(merged));
      await carry(b.sync, a.sync);
      await expect.poll(() => ruleIds(a)).toEqual(merged);
      expect(await ruleIds(b)).toEqual(merged);
      await expect.poll(() => a.routeOf("new-b.test")).toBe("blocked");

      // A third browser, its clock an hour ahead, sends the wide rule Direct; both take it.
      const ahead = Date.now() + 3_600_000;
      const wide = start[1] as SiteRule;
      const direct = { ...wide, route: { kind: "direct" as const } };
      const doc = changed((await remoteDoc(b)) ?? {}, "r.a-wide", direct, ahead, THIRD_BROWSER);
      await writeAs(b.sync, doc, THIRD_BROWSER, ahead);
      await expect.poll(() => routeIn(b, "a-wide")).toEqual({ kind: "direct" });
      await carry(b.sync, a.sync);
      await expect.poll(() => routeIn(a, "a-wide")).toEqual({ kind: "direct" });
      await expect.poll(() => a.routeOf("b.example.test")).toBe("direct");
      // Then B's user blocks it again, an hour "earlier" by that clock: B's later edit stands.
      const blockedAgain = (await localRules(b)).map((r) =>
        r.id === "a-wide" ? { ...r, route: { kind: "block" as const } } : r,
      );
      await b.sendOk({ type: "setSiteRules", rules: blockedAgain });
      await expect.poll(async () => (await remoteDoc(b))?.["r.a-wide"]?.b).not.toBe(THIRD_BROWSER);
      expect(await routeIn(b, "a-wide")).toEqual({ kind: "block" });
      await carry(b.sync, a.sync);
      await expect.poll(() => routeIn(a, "a-wide")).toEqual({ kind: "block" });
      await expect.poll(() => a.routeOf("b.example.test")).toBe("blocked");
      expect(await a.routeOf("new-b.test")).toBe("blocked");
      expect(await a.routeOf("a.example.test")).toBe("direct");
    },
  },
  {
    name: "a synced bad bypass entry and a bad rule are refused with a reason; the rest arrives and routes",
    waits: true,
    async run({ main, expect }) {
      await syncOn(main);
      await main.sendOk({ type: "setSiteRules", rules: [rule("mine", "mine.test")] });
      await expect.poll(() => syncedRules(main)).toEqual(["mine"]);
      // Never set here: the default stands (settings are stored once one is changed).
      const bypassOf = async () =>
        (await settingsOf(main))?.bypassList ?? DEFAULT_SETTINGS.bypassList;
      const bypassBefore = await bypassOf();

      // A browser that did not check (an older version) wrote what this one's form refuses.
      const now = Date.now();
      let doc = (await remoteDoc(main)) ?? {};
      const mine = doc["p.mine"]?.v as string;
      const bad = rule("bad", "bad pattern [", { kind: "block" });
      doc = changed(doc, "s.bypassList", ["<local>", "bad entry"], now, THIRD_BROWSER);
      doc = changed(doc, "s.warnDays", 7, now, THIRD_BROWSER);
      doc = changed(doc, "r.bad", bad, now, THIRD_BROWSER);
      doc = changed(doc, "p.bad", `${mine}1`, now, THIRD_BROWSER);
      doc = changed(
        doc,
        "r.good",
        rule("good", "good.test", { kind: "block" }),
        now,
        THIRD_BROWSER,
      );
      doc = changed(doc, "p.good", `${mine}2`, now, THIRD_BROWSER);
      await writeAs(main.sync, doc, THIRD_BROWSER, now);

      await expect.poll(() => ruleIds(main)).toEqual(["mine", "good"]);
      // The bypass list stays as it was; the setting beside it arrives.
      expect(await bypassOf()).toEqual(bypassBefore);
      expect((await settingsOf(main))?.warnDays).toBe(7);
      const options = await main.options("sync");
      await expect.poll(() => options.text(SYNC.refused)).toContain("setting “bypass list”");
      const refused = await options.text(SYNC.refused);
      expect(refused).toContain("“bad entry” is not a bypass entry the browser accepts");
      expect(refused).toContain("site rule “bad pattern [”");
      expect(refused).toContain("is not a pattern this browser can read");
      // Routing still works: the good rule blocks, the rest goes direct.
      await expect.poll(() => main.routeOf("good.test")).toBe("blocked");
      expect(await main.routeOf("mine.test")).toBe("direct");
    },
  },
  {
    name: "an edit made here after a change from a browser an hour ahead stands, and goes out",
    waits: true,
    async run({ main, expect }) {
      await syncOn(main);
      await main.sendOk({ type: "setSiteRules", rules: [rule("r1", "one.test")] });
      await expect.poll(() => syncedRules(main)).toEqual(["r1"]);
      // That browser blocks the site; its clock says an hour from now.
      const ahead = Date.now() + 3_600_000;
      const blocked = rule("r1", "one.test", { kind: "block" });
      const doc = changed((await remoteDoc(main)) ?? {}, "r.r1", blocked, ahead, THIRD_BROWSER);
      await writeAs(main.sync, doc, THIRD_BROWSER, ahead);
      await expect.poll(() => routeIn(main, "r1")).toEqual({ kind: "block" });
      await expect.poll(() => main.routeOf("one.test")).toBe("blocked");
      // The user here sends it direct again: it stays direct and is what the sync area holds.
      await main.sendOk({ type: "setSiteRules", rules: [rule("r1", "one.test")] });
      await expect.poll(async () => (await remoteDoc(main))?.["r.r1"]?.b).not.toBe(THIRD_BROWSER);
      expect(await routeIn(main, "r1")).toEqual({ kind: "direct" });
      await expect.poll(() => main.routeOf("one.test")).toBe("direct");
    },
  },
];

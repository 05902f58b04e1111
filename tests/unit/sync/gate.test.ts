/**
 * What arrives from another browser goes through the same checks as the Options form: a bad
 * bypass entry or a rule that would not route is refused with a reason Options shows, this
 * browser keeps its own value, and nothing else of the same change is lost.
 */
import { describe, expect, it } from "vitest";
import { REFUSAL_CODES } from "../../../lib/base/refusal";
import { refusalSentence } from "../../../lib/i18n/refusal-strings";
import { syncTranslate } from "../../../lib/i18n/sync-strings";
import { refusedItemName } from "../../../lib/options/sync-view";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { applyRemote } from "../../../lib/sync/apply";
import type { DocEntry, ItemKey } from "../../../lib/sync/doc";
import { catalogOf } from "../catalogs";
import { fakeArea } from "./fake-area";
import { browserOn, rule } from "./two-browsers";

describe("the gate for synced changes", () => {
  it("a bad bypass entry and a bad rule are refused with a reason; the rest arrives", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    // A browser of an earlier version (or a broken one) wrote what its own form would refuse.
    const a = browserOn(
      area,
      "aaaaaa",
      clock,
      [
        rule("good", "good.test"),
        rule("bad", "bad pattern [", { kind: "block" }),
        rule("late", "late.test"),
      ],
      { bypassList: ["<local>", "bad entry"], warnDays: 6 },
    );
    const b = browserOn(area, "bbbbbb", clock, [], { bypassList: ["<local>", "corp.test"] });
    await a.run();
    clock.now += 1000;
    await b.run();
    expect(b.ids()).toEqual(["good", "late"]);
    expect(b.state.settings.bypassList).toEqual(["<local>", "corp.test"]);
    expect(b.state.settings.warnDays).toBe(6);
    const refused = b.state.sync.refused ?? [];
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "s.bypassList", code: "bypass-entry", detail: "bad entry" }),
        expect.objectContaining({ key: "r.bad", code: "rule-pattern", detail: "bad pattern [" }),
      ]),
    );
    const t = syncTranslate("en");
    expect(refusedItemName("r.bad", "bad pattern [", b.state.siteRules, t)).toBe(
      "site rule “bad pattern [”",
    );
    // Refused once, not again on every run; and nothing of it is written back as ours.
    clock.now += 1000;
    const applied = b.rulesApplied;
    expect(await b.run()).toEqual({ kind: "done", wrote: false });
    expect(b.state.sync.refused).toHaveLength(2);
    expect(b.rulesApplied).toBe(applied);

    // Corrected there: the refusal goes, the value arrives.
    a.state.settings = { ...a.state.settings, bypassList: ["<local>", "fixed.test"] };
    clock.now += 1000;
    await a.run();
    await b.run();
    expect(b.state.settings.bypassList).toEqual(["<local>", "fixed.test"]);
    expect(b.state.sync.refused?.map((item) => item.key)).toEqual(["r.bad"]);
    // Replaced here: the user writes the rule anew; the refusal of the old one goes.
    b.state.siteRules = [...b.state.siteRules, rule("bad", "fixed-here.test")];
    clock.now += 1000;
    await b.run();
    await b.run();
    expect(b.state.sync.refused).toEqual([]);
    await a.run();
    expect(a.ids()).toContain("bad");
  });
});

describe("a synced rule is the rule its key names", () => {
  const blockAll = (id: string): SiteRule => ({
    id,
    enabled: true,
    source: { type: "pattern", text: "*" },
    route: { kind: "block" },
  });
  const apply = (here: SiteRule[], wins: [ItemKey, SiteRule][]) =>
    applyRemote(
      DEFAULT_SETTINGS,
      here,
      new Map(wins.map(([key, v]): [ItemKey, DocEntry] => [key, { v, t: 1, b: "aaaaaa" }])),
      { locked: new Set(), joining: false, positions: new Map() },
    ).rules;

  it("a value that says another id neither replaces the rule of that id nor passes for the administrator's", () => {
    const mine = rule("A", "a.test");
    // A hand-written doc: key r.X, value id A.
    const arrived = apply([mine], [["r.X" as ItemKey, blockAll("A")]]);
    expect(arrived.map((r) => r.id)).toEqual(["A", "X"]);
    expect(arrived[0]).toEqual(mine);
    // Key r.Y, value id managed-1: arrives as Y, a rule the user can edit and remove.
    const posing = apply([], [["r.Y" as ItemKey, blockAll("managed-1")]]);
    expect(posing.map((r) => r.id)).toEqual(["Y"]);
    // The administrator's ids are not taken from another browser under their own key either.
    expect(apply([], [["r.managed-1" as ItemKey, blockAll("managed-1")]])).toEqual([]);
  });
});

describe("the refusals' words", () => {
  it("every refusal has a sentence in English and Chinese, with the refused text in it", () => {
    for (const language of ["en", "zh_CN"] as const) {
      const sentence = refusalSentence(language);
      for (const code of REFUSAL_CODES) expect(sentence(code, "XYZ")).toContain("XYZ");
    }
    for (const key of ["sync.refused", "sync.refusedItem", "sync.item.place"] as const)
      expect(catalogOf("zh_CN").sync?.[key]).toBeTruthy();
  });
});

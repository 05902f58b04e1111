/**
 * The caps on site rules at every door, over real extension storage (fakeBrowser): 10,000 of
 * the user's own, the administrator's (at most 1,000) on top. The one writer refuses a list
 * that grows past them whatever door sent it; each door refuses first, in words; and a list
 * stored over a cap by an older version still takes edits that do not add.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { importBackup } from "../../../lib/background/import-backup";
import { importForeign } from "../../../lib/background/import-foreign";
import { syncManagedPolicy } from "../../../lib/background/managed-policy";
import { patchSiteRules, saveSiteRules, setSiteRoute } from "../../../lib/background/site-rules";
import { backupFileText, buildBackup, parseBackup } from "../../../lib/backup/backup";
import { refusalSentence } from "../../../lib/i18n/refusal-strings";
import { parseCommand } from "../../../lib/protocol/parse-command";
import { MAX_RULES, type SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import { updateState } from "../../../lib/storage/store";
import { applyRemote } from "../../../lib/sync/apply";
import type { DocEntry, ItemKey } from "../../../lib/sync/doc";
import { omegaBackup } from "../import/fixtures";

const rule = (id: string, text = `${id}.example`): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route: { kind: "direct" },
});
const own = (count: number, prefix = "r") =>
  Array.from({ length: count }, (_, i) => rule(`${prefix}${i}`));
const POLICY = {
  rules: [
    { pattern: "intranet.test", route: "direct" },
    { pattern: "ads.test", route: "block" },
    { pattern: "tracker.test", route: "block" },
  ],
};
const policyArea = (policy: Record<string, unknown>) => ({
  managed: { get: async () => policy },
  onChanged: { addListener: () => undefined },
});
const FULL = { ok: false, failure: { code: "site-rules-full", max: MAX_RULES } };

/** A full list of the user's own, with the administrator's three first. */
async function fullWithPolicy(): Promise<SiteRule[]> {
  await fakeBrowser.storage.local.set({ siteRules: own(MAX_RULES) });
  await syncManagedPolicy(policyArea(POLICY));
  const stored = await read("siteRules");
  expect(stored).toHaveLength(MAX_RULES + 3);
  return stored;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the one writer", () => {
  it("refuses a list of 10,001 of the user's own, whatever door sent it: nothing stored", async () => {
    await expect(
      updateState(["siteRules"], () => ({ write: { siteRules: own(MAX_RULES + 1) }, result: 0 })),
    ).rejects.toThrow(/cap/);
    expect(await read("siteRules")).toEqual([]);
    await updateState(["siteRules"], () => ({ write: { siteRules: own(MAX_RULES) }, result: 0 }));
    expect(await read("siteRules")).toHaveLength(MAX_RULES);
  });

  it("refuses 1,001 of the administrator's on top of the user's", async () => {
    const managed = own(1_001, "managed-");
    await expect(
      updateState(["siteRules"], () => ({ write: { siteRules: managed }, result: 0 })),
    ).rejects.toThrow(/cap/);
    expect(await read("siteRules")).toEqual([]);
  });

  it("a list stored over the cap by an older version takes edits and removals, not one more rule", async () => {
    const over = own(MAX_RULES + 5);
    await fakeBrowser.storage.local.set({ siteRules: over });
    // An edit of one rule (a list's update, a new route): as many as before.
    const edited = over.map((r, i) => (i === 0 ? rule(r.id, "edited.example") : r));
    expect(await saveSiteRules(edited)).toMatchObject({ ok: true });
    // One removed: still over, fewer than before.
    expect(
      await patchSiteRules(
        [],
        over.slice(1).map((r) => r.id),
        [over[0]?.id as string],
      ),
    ).toEqual({ ok: true });
    expect(await read("siteRules")).toHaveLength(MAX_RULES + 4);
    // One more: refused, nothing dropped.
    expect(await setSiteRoute("new.example", { kind: "direct" }, () => "n1")).toEqual(FULL);
    expect(await read("siteRules")).toHaveLength(MAX_RULES + 4);
  });
});

describe("the administrator's rules come on top of the user's 10,000", () => {
  it("a policy's rules are stored over a full list, and the editor saves that list whole", async () => {
    const stored = await fullWithPolicy();
    // The editor sends the list as it shows it, the administrator's included.
    expect(parseCommand({ type: "setSiteRules", rules: stored })).not.toBeNull();
    expect(await saveSiteRules(stored)).toMatchObject({ ok: true });
    const patch = { type: "patchSiteRules", upsert: [], order: stored.map((r) => r.id) };
    expect(parseCommand(patch)).not.toBeNull();
    expect(
      await patchSiteRules(
        [],
        stored.map((r) => r.id),
      ),
    ).toEqual({ ok: true });
    // One more of the user's own is one too many.
    expect(await saveSiteRules([...stored, rule("extra")])).toEqual(FULL);
    expect(await read("siteRules")).toHaveLength(MAX_RULES + 3);
  });

  it("with 9,999 of the user's own and the policy's three, the popup's new rule fits", async () => {
    await fakeBrowser.storage.local.set({ siteRules: own(MAX_RULES - 1) });
    await syncManagedPolicy(policyArea(POLICY));
    expect(await setSiteRoute("new.example", { kind: "direct" }, () => "n1")).toMatchObject({
      ok: true,
    });
    expect(await read("siteRules")).toHaveLength(MAX_RULES + 3);
    expect(await setSiteRoute("other.example", { kind: "direct" }, () => "n2")).toEqual(FULL);
  });
});

describe("a SwitchyOmega import", () => {
  it("fills the user's list to 10,000 with the policy's rules on top, and not one more", async () => {
    const file = (prefix: string) => {
      const backup = omegaBackup();
      backup["+auto switch"].rules = Array.from({ length: 30 }, (_, i) => ({
        condition: { conditionType: "HostWildcardCondition", pattern: `${prefix}${i}.test` },
        profileName: "direct",
      }));
      return JSON.stringify(backup);
    };
    // How many rules the file brings (its rules, and its rule list's).
    expect(await importForeign(file("a"), 0)).toMatchObject({ ok: true });
    const brings = (await read("siteRules")).length;
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({ siteRules: own(MAX_RULES - brings) });
    await syncManagedPolicy(policyArea(POLICY));
    const filled = await importForeign(file("a"), 0);
    expect(filled, JSON.stringify(filled)).toMatchObject({ ok: true });
    expect(await read("siteRules")).toHaveLength(MAX_RULES + 3);
    expect(await importForeign(file("b"), 0)).toEqual(FULL);
  });
});

describe("a backup", () => {
  it("holds the user's own rules only, so a full list's backup imports again under a policy", async () => {
    const stored = await fullWithPolicy();
    const state = {
      settings: DEFAULT_SETTINGS,
      tokens: [],
      trash: [],
      siteRules: stored,
    };
    const backup = buildBackup(state, false, new Date(0));
    expect(backup.siteRules).toHaveLength(MAX_RULES);
    expect(backup.siteRules?.some((r) => r.id.startsWith("managed-"))).toBe(false);
    const parsed = parseBackup(backupFileText(backup));
    if (!parsed.ok) throw new Error(`own backup refused: ${JSON.stringify(parsed)}`);
    // The same rules: nothing to change, and the administrator's stay first.
    expect(await importBackup(parsed.backup)).toMatchObject({ ok: true });
    expect(await read("siteRules")).toEqual(stored);
  });

  it("a file of 10,001 of the user's own rules is refused as too many: nothing stored", async () => {
    const backup = buildBackup(
      { settings: DEFAULT_SETTINGS, tokens: [], trash: [], siteRules: own(MAX_RULES + 1) },
      false,
      new Date(0),
    );
    const parsed = parseBackup(backupFileText(backup));
    if (!parsed.ok) throw new Error("a file within the wire's cap should parse");
    expect(await importBackup(parsed.backup)).toEqual(FULL);
    expect(await read("siteRules")).toEqual([]);
  });
});

describe("sync", () => {
  const entry = (v: SiteRule | null): DocEntry => ({ v, t: 1, b: "aaaaaa" });
  const apply = (here: SiteRule[], wins: [string, SiteRule | null][]) =>
    applyRemote(
      DEFAULT_SETTINGS,
      here,
      new Map(wins.map(([key, v]): [ItemKey, DocEntry] => [key as ItemKey, entry(v)])),
      { locked: new Set(), joining: false, positions: new Map() },
    );

  it("a new rule that finds the list full is refused in words, never by dropping one here", () => {
    const full = own(MAX_RULES);
    const applied = apply(full, [
      ["r.r5", rule("r5", "changed.example")],
      ["r.n1", rule("n1", "new-one.example")],
    ]);
    expect(applied.rules).toHaveLength(MAX_RULES);
    expect(applied.rules.find((r) => r.id === "r5")?.source).toEqual({
      type: "pattern",
      text: "changed.example",
    });
    expect(applied.adopted).toEqual(["r.r5"]);
    expect(applied.refused).toEqual([
      { key: "r.n1", refusal: { code: "rules-full", detail: "new-one.example" } },
    ]);
    expect(refusalSentence("en")("rules-full", "new-one.example")).toContain("new-one.example");
  });

  it("a removal in the same change makes room, listed before or after; the administrator's rules are not counted", () => {
    const full = [...own(3, "managed-"), ...own(MAX_RULES)];
    const applied = apply(full, [
      ["r.n1", rule("n1")],
      ["r.r0", null],
      ["r.n2", rule("n2")],
    ]);
    expect(applied.adopted).toEqual(["r.r0", "r.n1"]);
    expect(applied.refused.map((item) => item.key)).toEqual(["r.n2"]);
    expect(applied.rules).toHaveLength(MAX_RULES + 3);
  });
});

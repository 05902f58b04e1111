/**
 * Two Chromium profiles with the extension, their storage.sync items carried across by hand as
 * the sync service would (tests/support/sync-carry.ts): the rules keep their order in both
 * directions and with both sides editing, a browser whose clock runs an hour ahead does not
 * revert a later edit, and what the gate refuses is named in Options while the rest arrives.
 * Routes are compared at the echo server: the first matching rule decides, so order is routing.
 */
import type { Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../lib/state/settings";
import { carry, changed, docOf, rule, writeAs } from "../support/sync-carry";
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import { extensionPage, openOptions, sendOk, TEST_NAMES } from "./harness";
import {
  areaOf,
  idsOf,
  localRules,
  routeOf,
  ruleIds,
  secondProfile,
  sorted,
  syncedAfter,
  syncedRules,
} from "./sync-profiles";

const extensionId = unpackedExtensionId(extensionPath);
test.use({
  context: async ({ userDataDir }, use) => {
    const { launchWithExtension } = await import("./fixtures");
    const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
    await use(context);
    await context.close();
  },
});

/** The issue's list: a narrow Direct rule above a wide Block one; their ids sort the other way. */
const issueRules = (): SiteRule[] => [
  rule("z-narrow", "a.example.test"),
  rule("a-wide", "*.example.test", { kind: "block" }),
  rule("m-three", "three.test"),
  rule("c-four", "four.test", { kind: "block" }),
  rule("k-five", "five.test"),
];
async function bothOn(a: Page, b: Page) {
  await sendOk(a, { type: "setSync", enabled: true });
  await sendOk(b, { type: "setSync", enabled: true });
}

test("a fresh profile keeps the writer's order and routes as it does; its own edits go back in order", {
  tag: "@waits",
}, async ({ context, echo }) => {
  const other = await secondProfile();
  try {
    const [extA, extB] = [
      await extensionPage(context, extensionId),
      await extensionPage(other.context, extensionId),
    ];
    await bothOn(extA, extB);
    await sendOk(extA, { type: "setSiteRules", rules: issueRules() });
    await expect.poll(() => syncedRules(extA)).toEqual(sorted(idsOf(issueRules())));

    const carried = Date.now();
    await carry(areaOf(extA), areaOf(extB));
    await expect.poll(() => ruleIds(extB)).toEqual(idsOf(issueRules()));
    await syncedAfter(extB, carried);
    await expect.poll(() => routeOf(other.context, echo, "a.example.test")).toBe("direct");
    expect(await routeOf(other.context, echo, "b.example.test")).toBe("blocked");

    // What B holds now goes back to A: A's order and routes stay.
    const back = Date.now();
    await carry(areaOf(extB), areaOf(extA));
    await syncedAfter(extA, back);
    expect(await ruleIds(extA)).toEqual(idsOf(issueRules()));
    expect(await routeOf(context, echo, "a.example.test")).toBe("direct");

    // The other direction: B puts a rule first and the wide one last.
    const [narrow, wide, ...rest] = issueRules();
    const bRules = [rule("b-first", "b.example.test"), narrow, ...rest, wide] as SiteRule[];
    await sendOk(extB, { type: "setSiteRules", rules: bRules });
    await expect.poll(() => syncedRules(extB)).toEqual(sorted(idsOf(bRules)));
    await carry(areaOf(extB), areaOf(extA));
    await expect.poll(() => ruleIds(extA)).toEqual(idsOf(bRules));
    await expect.poll(() => routeOf(context, echo, "b.example.test")).toBe("direct");
    expect(await routeOf(context, echo, "c.example.test")).toBe("blocked");
  } finally {
    await other.close();
  }
});

test("both profiles editing at once keep both placements; a browser an hour ahead does not revert a later edit", {
  tag: "@waits",
}, async ({ context, echo }) => {
  const other = await secondProfile();
  try {
    const [extA, extB] = [
      await extensionPage(context, extensionId),
      await extensionPage(other.context, extensionId),
    ];
    await bothOn(extA, extB);
    const start = issueRules();
    await sendOk(extA, { type: "setSiteRules", rules: start });
    await expect.poll(() => syncedRules(extA)).toEqual(sorted(idsOf(start)));
    await carry(areaOf(extA), areaOf(extB));
    await expect.poll(() => ruleIds(extB)).toEqual(idsOf(start));

    // At once: A adds a rule first, B one in the middle; each write lands in its own area.
    const aRules = [rule("new-a", "new-a.test"), ...start];
    const bRules = [...start.slice(0, 3), rule("new-b", "new-b.test", { kind: "block" })];
    bRules.push(...start.slice(3));
    await sendOk(extA, { type: "setSiteRules", rules: aRules });
    await sendOk(extB, { type: "setSiteRules", rules: bRules });
    await expect.poll(() => syncedRules(extA)).toEqual(sorted(idsOf(aRules)));
    await expect.poll(() => syncedRules(extB)).toEqual(sorted(idsOf(bRules)));
    // The service keeps A's write over B's; B merges and writes again, which reaches A.
    await carry(areaOf(extA), areaOf(extB));
    const merged = ["new-a", ...idsOf(start.slice(0, 3)), "new-b", ...idsOf(start.slice(3))];
    await expect.poll(() => syncedRules(extB)).toEqual(sorted(merged));
    await carry(areaOf(extB), areaOf(extA));
    await expect.poll(() => ruleIds(extA)).toEqual(merged);
    expect(await ruleIds(extB)).toEqual(merged);
    await expect.poll(() => routeOf(context, echo, "new-b.test")).toBe("blocked");

    // A third browser, its clock an hour ahead, sends the wide rule Direct; both take it.
    const ahead = Date.now() + 3_600_000;
    const wide = start[1] as SiteRule;
    const doc = changed(
      (await docOf(areaOf(extB))) ?? {},
      "r.a-wide",
      { ...wide, route: { kind: "direct" } },
      ahead,
      "cccccc",
    );
    await writeAs(areaOf(extB), doc, "cccccc", ahead);
    await expect
      .poll(async () => (await localRules(extB)).find((r) => r.id === "a-wide")?.route)
      .toEqual({ kind: "direct" });
    await carry(areaOf(extB), areaOf(extA));
    await expect.poll(() => routeOf(context, echo, "b.example.test")).toBe("direct");
    // Then B's user blocks it again, an hour "earlier" by that clock: B's later edit stands.
    const blockedAgain = (await localRules(extB)).map((r) =>
      r.id === "a-wide" ? { ...r, route: { kind: "block" as const } } : r,
    );
    await sendOk(extB, { type: "setSiteRules", rules: blockedAgain });
    await expect.poll(async () => (await docOf(areaOf(extB)))?.["r.a-wide"]?.b).not.toBe("cccccc");
    expect((await localRules(extB)).find((r) => r.id === "a-wide")?.route).toEqual({
      kind: "block",
    });
    await carry(areaOf(extB), areaOf(extA));
    await expect
      .poll(async () => (await localRules(extA)).find((r) => r.id === "a-wide")?.route)
      .toEqual({ kind: "block" });
    await expect.poll(() => routeOf(context, echo, "b.example.test")).toBe("blocked");
    expect(await routeOf(context, echo, "a.example.test")).toBe("direct");
  } finally {
    await other.close();
  }
});

test("a synced bad bypass entry and a bad rule are refused with a reason; the rest arrives and routes", {
  tag: "@waits",
}, async ({ context, echo }) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "setSync", enabled: true });
  await sendOk(ext, { type: "setSiteRules", rules: [rule("mine", "mine.test")] });
  await expect.poll(() => syncedRules(ext)).toEqual(sorted(["mine"]));

  // A browser that did not check (an older version) wrote what this one's form refuses.
  const now = Date.now();
  let doc = (await docOf(areaOf(ext))) ?? {};
  const mine = doc["p.mine"]?.v as string;
  doc = changed(doc, "s.bypassList", ["<local>", "bad entry"], now, "cccccc");
  doc = changed(doc, "s.warnDays", 7, now, "cccccc");
  doc = changed(doc, "r.bad", rule("bad", "bad pattern [", { kind: "block" }), now, "cccccc");
  doc = changed(doc, "p.bad", `${mine}1`, now, "cccccc");
  doc = changed(doc, "r.good", rule("good", "good.test", { kind: "block" }), now, "cccccc");
  doc = changed(doc, "p.good", `${mine}2`, now, "cccccc");
  await writeAs(areaOf(ext), doc, "cccccc", now);

  await expect.poll(() => ruleIds(ext)).toEqual(["mine", "good"]);
  const settings = await ext.evaluate(
    async () =>
      (await chrome.storage.local.get("settings")).settings as
        | { bypassList?: string[]; warnDays: number }
        | undefined,
  );
  // Never set here: the defaults stand.
  expect(settings?.bypassList ?? DEFAULT_SETTINGS.bypassList).toEqual(DEFAULT_SETTINGS.bypassList);
  expect(settings?.warnDays).toBe(7);
  const options = await openOptions(context, extensionId, "sync");
  const refused = options.getByTestId("sync-refused");
  await expect(refused).toContainText("setting “bypass list”");
  await expect(refused).toContainText("“bad entry” is not a bypass entry the browser accepts");
  await expect(refused).toContainText("site rule “bad pattern [”");
  await expect(refused).toContainText("is not a pattern this browser can read");
  // Routing still works: the good rule blocks, the rest goes direct.
  await expect.poll(() => routeOf(context, echo, "good.test")).toBe("blocked");
  expect(await routeOf(context, echo, "mine.test")).toBe("direct");
});

test("an edit made here after a change from a browser an hour ahead stands, and goes out", {
  tag: "@waits",
}, async ({ context, echo }) => {
  const ext = await extensionPage(context, extensionId);
  await sendOk(ext, { type: "setSync", enabled: true });
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "one.test")] });
  await expect.poll(() => syncedRules(ext)).toEqual(["r1"]);
  // That browser blocks the site; its clock says an hour from now.
  const ahead = Date.now() + 3_600_000;
  const blocked = rule("r1", "one.test", { kind: "block" });
  const doc = changed((await docOf(areaOf(ext))) ?? {}, "r.r1", blocked, ahead, "cccccc");
  await writeAs(areaOf(ext), doc, "cccccc", ahead);
  await expect.poll(async () => (await localRules(ext))[0]?.route).toEqual({ kind: "block" });
  await expect.poll(() => routeOf(context, echo, "one.test")).toBe("blocked");
  // The user here sends it direct again: it stays direct and is what the sync area holds.
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "one.test")] });
  await expect.poll(async () => (await docOf(areaOf(ext)))?.["r.r1"]?.b).not.toBe("cccccc");
  expect((await localRules(ext))[0]?.route).toEqual({ kind: "direct" });
  await expect.poll(() => routeOf(context, echo, "one.test")).toBe("direct");
});

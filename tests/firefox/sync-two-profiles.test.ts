/**
 * Two Firefox ESR profiles with the extension, their storage.sync items carried across by hand
 * as the sync service would (tests/support/sync-carry.ts): the rules keep their order in both
 * directions and with both sides editing, a browser whose clock runs an hour ahead does not
 * revert a later edit, and what the gate refuses is named while the rest arrives. Routes are
 * compared at the echo server (a narrow Direct path rule above a wide Block host rule).
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import type { EchoServer } from "../support/echo-server";
import { carry, changed, docOf, rule, writeAs } from "../support/sync-carry";
import {
  assertPrerequisites,
  extensionPage,
  launchFirefox,
  sendOk,
  startEchoServer,
} from "./firefox";
import {
  areaOf,
  lastSynced,
  localRules,
  routeIn,
  ruleIds,
  sorted,
  syncedRules,
  until,
} from "./sync-profiles";

assertPrerequisites();

let echo: EchoServer;
let port = "";
const open: Browser[] = [];

beforeAll(async () => {
  echo = await startEchoServer();
  port = new URL(echo.url).port;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((browser) => browser.close()));
});
afterAll(async () => {
  await echo?.close();
});

/** A profile with sync on and no bypass list (Firefox bypasses localhost for `<local>`). */
async function profile(): Promise<{ browser: Browser; ext: Page }> {
  const browser = await launchFirefox();
  open.push(browser);
  const ext = await extensionPage(browser);
  await sendOk(ext, { type: "patchSettings", patch: { bypassList: [] } });
  await sendOk(ext, { type: "setSync", enabled: true });
  return { browser, ext };
}

let tags = 0;
/** Where a load of this path went, as the echo server saw it: "direct" or "blocked". */
async function routeOf(browser: Browser, path: string): Promise<string> {
  const tag = `load-${++tags}`;
  const page = await browser.newPage();
  const loaded = await page.goto(`http://localhost:${port}${path}?${tag}`, { timeout: 5_000 }).then(
    (response) => !!response?.ok(),
    () => false,
  );
  await page.close();
  const arrived = echo.requestPaths.includes(`${path}?${tag}`);
  return loaded && arrived ? "direct" : !arrived ? "blocked" : "arrived, not loaded";
}
const routeBecomes = (browser: Browser, path: string, want: string) =>
  until(() => routeOf(browser, path), want);

/** The issue's list: a narrow Direct rule above a wide Block one; their ids sort the other way. */
const issueRules = (): SiteRule[] => [
  rule("z-narrow", `http://localhost:${port}/a*`),
  rule("a-wide", "localhost", { kind: "block" }),
  rule("m-three", "three.test"),
  rule("c-four", "four.test", { kind: "block" }),
  rule("k-five", "five.test"),
];
const idsOf = (rules: readonly SiteRule[]) => rules.map((r) => r.id);

test("a fresh profile keeps the writer's order and routes as it does; its own edits go back in order", async () => {
  const a = await profile();
  const b = await profile();
  await sendOk(a.ext, { type: "setSiteRules", rules: issueRules() });
  await until(() => syncedRules(a.ext), sorted(idsOf(issueRules())));
  const carried = Date.now();
  await carry(areaOf(a.ext), areaOf(b.ext));
  await until(() => ruleIds(b.ext), idsOf(issueRules()));
  await vi.waitFor(async () => expect(await lastSynced(b.ext)).toBeGreaterThan(carried));
  await routeBecomes(b.browser, "/a-page", "direct");
  expect(await routeOf(b.browser, "/b-page")).toBe("blocked");

  // What B holds goes back to A: A's order and routes stay.
  const back = Date.now();
  await carry(areaOf(b.ext), areaOf(a.ext));
  await vi.waitFor(async () => expect(await lastSynced(a.ext)).toBeGreaterThan(back));
  expect(await ruleIds(a.ext)).toEqual(idsOf(issueRules()));
  expect(await routeOf(a.browser, "/a-page")).toBe("direct");

  // The other direction: B puts a rule first and the wide one last.
  const [narrow, wide, ...rest] = issueRules();
  const bRules = [rule("b-first", `http://localhost:${port}/b*`), narrow, ...rest, wide];
  await sendOk(b.ext, { type: "setSiteRules", rules: bRules as SiteRule[] });
  await until(() => syncedRules(b.ext), sorted(idsOf(bRules as SiteRule[])));
  await carry(areaOf(b.ext), areaOf(a.ext));
  await until(() => ruleIds(a.ext), idsOf(bRules as SiteRule[]));
  await routeBecomes(a.browser, "/b-page", "direct");
  expect(await routeOf(a.browser, "/c-page")).toBe("blocked");
});

test("both profiles editing at once keep both placements; a browser an hour ahead does not revert a later edit", async () => {
  const a = await profile();
  const b = await profile();
  const start = issueRules();
  await sendOk(a.ext, { type: "setSiteRules", rules: start });
  await until(() => syncedRules(a.ext), sorted(idsOf(start)));
  await carry(areaOf(a.ext), areaOf(b.ext));
  await until(() => ruleIds(b.ext), idsOf(start));

  // At once: A adds a rule first, B one in the middle; each write lands in its own area.
  const aRules = [rule("new-a", "new-a.test"), ...start];
  const bRules = [
    ...start.slice(0, 3),
    rule("new-b", `http://localhost:${port}/newb*`, { kind: "block" }),
    ...start.slice(3),
  ];
  await sendOk(a.ext, { type: "setSiteRules", rules: aRules });
  await sendOk(b.ext, { type: "setSiteRules", rules: bRules });
  await until(() => syncedRules(a.ext), sorted(idsOf(aRules)));
  await until(() => syncedRules(b.ext), sorted(idsOf(bRules)));
  // The service keeps A's write over B's; B merges and writes again, which reaches A.
  await carry(areaOf(a.ext), areaOf(b.ext));
  const merged = ["new-a", ...idsOf(start.slice(0, 3)), "new-b", ...idsOf(start.slice(3))];
  await until(() => syncedRules(b.ext), sorted(merged));
  await carry(areaOf(b.ext), areaOf(a.ext));
  await until(() => ruleIds(a.ext), merged);
  expect(await ruleIds(b.ext)).toEqual(merged);

  // A third browser, its clock an hour ahead, sends the wide rule Direct; both take it.
  const ahead = Date.now() + 3_600_000;
  const wide = start[1] as SiteRule;
  const theirs = { ...wide, route: { kind: "direct" as const } };
  const doc = changed((await docOf(areaOf(b.ext))) ?? {}, "r.a-wide", theirs, ahead, "cccccc");
  await writeAs(areaOf(b.ext), doc, "cccccc", ahead);
  await until(() => routeIn(b.ext, "a-wide"), { kind: "direct" });
  await carry(areaOf(b.ext), areaOf(a.ext));
  await until(() => routeIn(a.ext, "a-wide"), { kind: "direct" });
  await routeBecomes(a.browser, "/b-page", "direct");
  // Then B's user blocks it again, an hour "earlier" by that clock: B's later edit stands.
  const blockedAgain = (await localRules(b.ext)).map((r) =>
    r.id === "a-wide" ? { ...r, route: { kind: "block" as const } } : r,
  );
  await sendOk(b.ext, { type: "setSiteRules", rules: blockedAgain });
  await vi.waitFor(
    async () => expect((await docOf(areaOf(b.ext)))?.["r.a-wide"]?.b).not.toBe("cccccc"),
    { timeout: 10_000, interval: 100 },
  );
  expect(await routeIn(b.ext, "a-wide")).toEqual({ kind: "block" });
  await carry(areaOf(b.ext), areaOf(a.ext));
  await until(() => routeIn(a.ext, "a-wide"), { kind: "block" });
  await routeBecomes(a.browser, "/b-page", "blocked");
  expect(await routeOf(a.browser, "/newb-page")).toBe("blocked");
  expect(await routeOf(a.browser, "/a-page")).toBe("direct");
});

test("a synced bad bypass entry and a bad rule are refused with a reason; the rest arrives and routes", async () => {
  const { browser, ext } = await profile();
  await sendOk(ext, { type: "setSiteRules", rules: [rule("mine", `http://localhost:${port}/a*`)] });
  await until(() => syncedRules(ext), ["mine"]);

  // A browser that did not check (an older version) wrote what this one's form refuses.
  const now = Date.now();
  let doc = (await docOf(areaOf(ext))) ?? {};
  const mine = doc["p.mine"]?.v as string;
  doc = changed(doc, "s.bypassList", ["bad entry"], now, "cccccc");
  doc = changed(doc, "s.warnDays", 7, now, "cccccc");
  doc = changed(doc, "r.bad", rule("bad", "bad pattern [", { kind: "block" }), now, "cccccc");
  doc = changed(doc, "p.bad", `${mine}1`, now, "cccccc");
  doc = changed(doc, "r.good", rule("good", "localhost", { kind: "block" }), now, "cccccc");
  doc = changed(doc, "p.good", `${mine}2`, now, "cccccc");
  await writeAs(areaOf(ext), doc, "cccccc", now);

  await until(() => ruleIds(ext), ["mine", "good"]);
  const settings = await ext.evaluate(
    async () =>
      (await chrome.storage.local.get("settings")).settings as {
        bypassList: string[];
        warnDays: number;
      },
  );
  expect(settings).toMatchObject({ bypassList: [], warnDays: 7 });
  const options = await extensionPage(browser, "options.html#sync");
  await options.waitForFunction(
    () => {
      const text = document.querySelector("[data-testid=sync-refused]")?.textContent ?? "";
      return (
        text.includes("“bad entry” is not a bypass entry the browser accepts") &&
        text.includes("site rule “bad pattern [”") &&
        text.includes("is not a pattern this browser can read")
      );
    },
    { timeout: 10_000 },
  );
  // Routing still works: the good rule blocks the rest of the site, the first rule loads.
  await routeBecomes(browser, "/b-page", "blocked");
  expect(await routeOf(browser, "/a-page")).toBe("direct");
});

test("an edit made here after a change from a browser an hour ahead stands, and goes out", async () => {
  const { browser, ext } = await profile();
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "localhost")] });
  await until(() => syncedRules(ext), ["r1"]);
  // That browser blocks the site; its clock says an hour from now.
  const ahead = Date.now() + 3_600_000;
  const blocked = rule("r1", "localhost", { kind: "block" });
  const doc = changed((await docOf(areaOf(ext))) ?? {}, "r.r1", blocked, ahead, "cccccc");
  await writeAs(areaOf(ext), doc, "cccccc", ahead);
  await until(() => routeIn(ext, "r1"), { kind: "block" });
  await routeBecomes(browser, "/one", "blocked");
  // The user here sends it direct again: it stays direct and is what the sync area holds.
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "localhost")] });
  await vi.waitFor(async () => expect((await docOf(areaOf(ext)))?.["r.r1"]?.b).not.toBe("cccccc"), {
    timeout: 10_000,
    interval: 100,
  });
  expect(await routeIn(ext, "r1")).toEqual({ kind: "direct" });
  await routeBecomes(browser, "/one", "direct");
});

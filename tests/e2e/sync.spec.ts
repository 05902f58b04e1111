/**
 * Sync in real Chromium against its real storage.sync (launched with --disable-sync, as every
 * test here: the area still stores, quotas and all, and fires its change events; only the
 * sync service is off). A second browser is simulated by writing the sync area directly from
 * an extension page, chunks and manifest, as another browser's Proxy Deck would.
 */
import type { BrowserContext, Page } from "@playwright/test";
import type { SiteRule } from "../../lib/routing/rules";
import { assemble, generation, MANIFEST_KEY, manifestOf, splitText } from "../../lib/sync/chunks";
import { decodeDoc, encodeDoc, type SyncDoc } from "../../lib/sync/doc";
import { keyBetween } from "../../lib/sync/fraction-key";
import { expect, extensionPath, test, unpackedExtensionId } from "./fixtures";
import { extensionPage, openOptions, sendOk, TEST_NAMES, watchWorker } from "./harness";

const extensionId = unpackedExtensionId(extensionPath);
test.use({
  context: async ({ userDataDir }, use) => {
    const { launchWithExtension } = await import("./fixtures");
    const context = await launchWithExtension(userDataDir, [TEST_NAMES]);
    await use(context);
    await context.close();
  },
});

const rule = (
  id: string,
  text: string,
  route: SiteRule["route"] = { kind: "direct" },
): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route,
});

const syncArea = (page: Page) => page.evaluate(() => chrome.storage.sync.get(null));
async function remoteDoc(page: Page): Promise<SyncDoc | null> {
  const found = assemble(await syncArea(page));
  return found.ok ? decodeDoc(found.text) : null;
}
/** Another browser's write: its chunks, then its manifest, as lib/sync/area.ts writes. */
async function writeAsOtherBrowser(page: Page, doc: SyncDoc, now: number) {
  const text = encodeDoc(doc);
  const gen = generation("zzzzzz", now);
  const chunks = splitText(text, gen);
  await page.evaluate((items) => chrome.storage.sync.set(items), chunks);
  await page.evaluate((items) => chrome.storage.sync.set(items), {
    [MANIFEST_KEY]: manifestOf(text, gen, chunks),
  });
}
const localRules = (page: Page) =>
  page.evaluate(async () => {
    const raw = (await chrome.storage.local.get("siteRules")).siteRules;
    return (typeof raw === "string" ? JSON.parse(raw) : raw) as SiteRule[];
  });

async function turnSyncOn(context: BrowserContext): Promise<Page> {
  const options = await openOptions(context, extensionId, "sync");
  await options
    .getByRole("checkbox", { name: "Sync settings and site rules across my browsers" })
    .click();
  await expect(options.getByTestId("sync-status")).toContainText("Last synced at");
  return options;
}

test("sync on: a rule goes to storage.sync in chunks; another browser's rule and setting arrive and route", {
  tag: "@waits",
}, async ({ context, echo }) => {
  const ext = await extensionPage(context, extensionId);
  const options = await turnSyncOn(context);
  await sendOk(ext, { type: "setSiteRules", rules: [rule("mine", "mine.test")] });
  await expect
    .poll(async () => (await remoteDoc(ext))?.["r.mine"]?.v)
    .toEqual(rule("mine", "mine.test"));
  const keys = Object.keys(await syncArea(ext));
  expect(keys).toContain(MANIFEST_KEY);
  expect(keys.some((key) => key.startsWith("pd.c."))).toBe(true);
  // No secret ever reaches the sync area.
  await sendOk(ext, {
    type: "patchSettings",
    patch: {
      baseUrl: "https://api.example.com",
      auth: { kind: "bearer", accessToken: "sekrit-token" },
    },
  });
  await expect
    .poll(async () => (await remoteDoc(ext))?.["s.baseUrl"]?.v)
    .toBe("https://api.example.com");
  expect(JSON.stringify(await syncArea(ext))).not.toContain("sekrit");

  // The other browser blocks a site and changes a setting, later than anything here.
  const doc = (await remoteDoc(ext)) as SyncDoc;
  const later = Date.now() + 1_000;
  const blocked = rule("theirs", "blocked.test", { kind: "block" });
  // Each change counts one past the one it replaces, as a browser's own does (precedence.ts).
  doc["r.theirs"] = { v: blocked, t: later, b: "zzzzzz", n: 1 };
  const minePlace = doc["p.mine"]?.v as string;
  doc["p.theirs"] = { v: keyBetween(null, minePlace), t: later, b: "zzzzzz", n: 1 };
  doc["s.warnDays"] = { v: 7, t: later, b: "zzzzzz", n: (doc["s.warnDays"]?.n ?? 0) + 1 };
  await writeAsOtherBrowser(ext, doc, later);
  await expect
    .poll(async () => (await localRules(ext)).map((r) => r.id))
    .toEqual(["theirs", "mine"]);
  await expect
    .poll(() =>
      ext.evaluate(
        async () =>
          ((await chrome.storage.local.get("settings")).settings as { warnDays: number }).warnDays,
      ),
    )
    .toBe(7);
  await expect(options.getByTestId("sync-arrivals")).toContainText(
    "site rule “blocked.test”: changed in another browser at",
  );
  // The routing follows: the blocked site does not load, another one does.
  const port = new URL(echo.url).port;
  const page = await context.newPage();
  await expect
    .poll(async () =>
      page.goto(`http://blocked.test:${port}/`, { timeout: 5_000 }).then(
        () => "loaded",
        () => "blocked",
      ),
    )
    .toBe("blocked");
  await page.close();

  // A different provider address from there: ours and our credentials stay, it is offered.
  const next = (await remoteDoc(ext)) as SyncDoc;
  next["s.baseUrl"] = {
    v: "https://other-provider.example.com",
    t: later + 1_000,
    b: "zzzzzz",
    n: (next["s.baseUrl"]?.n ?? 0) + 1,
  };
  await writeAsOtherBrowser(ext, next, later + 1_000);
  await expect(options.getByTestId("sync-offer")).toContainText(
    "https://other-provider.example.com",
  );
  const settings = await ext.evaluate(
    async () => (await chrome.storage.local.get("settings")).settings,
  );
  expect(settings).toMatchObject({
    baseUrl: "https://api.example.com",
    auth: { accessToken: "sekrit-token" },
  });
});

test("conflicting writes: the later change of a rule wins and Options says it was replaced", {
  tag: "@waits",
}, async ({ context }) => {
  const ext = await extensionPage(context, extensionId);
  const options = await turnSyncOn(context);
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "one.test")] });
  await expect.poll(async () => (await remoteDoc(ext))?.["r.r1"]?.b).toBeTruthy();
  const mine = (await remoteDoc(ext)) as SyncDoc;
  // This browser changes the rule; the other browser changed it too, later.
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "one.test", { kind: "block" })] });
  await expect
    .poll(async () => (await remoteDoc(ext))?.["r.r1"]?.v)
    .toMatchObject({ route: { kind: "block" } });
  mine["r.r1"] = {
    v: rule("r1", "one-theirs.test"),
    t: Date.now() + 5_000,
    b: "zzzzzz",
    // Made on the version before this browser's change: the same count, so the time decides.
    n: (mine["r.r1"]?.n ?? 0) + 1,
  };
  await writeAsOtherBrowser(ext, mine, Date.now() + 5_000);
  await expect
    .poll(async () => (await localRules(ext))[0]?.source)
    .toEqual({ type: "pattern", text: "one-theirs.test" });
  await expect(options.getByTestId("sync-arrivals")).toContainText(
    "replacing the change made here",
  );
  // Nothing is echoed back: a later change of this browser's goes out, and the other browser's
  // rule is still its own in the document.
  const arrived = await localRules(ext);
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [...arrived, rule("r2", "two.test", { kind: "block" })],
  });
  await expect.poll(async () => (await remoteDoc(ext))?.["r.r2"]).toBeTruthy();
  expect((await remoteDoc(ext))?.["r.r1"]?.b).toBe("zzzzzz");
});

test("too many rules: what fits syncs, Options names the rules that did not", async ({
  context,
}) => {
  const ext = await extensionPage(context, extensionId);
  const options = await turnSyncOn(context);
  const list = (id: string, n: number): SiteRule => ({
    id,
    enabled: true,
    source: {
      type: "list",
      name: `List ${id}`,
      lines: Array.from({ length: n }, (_, i) => `||host${i}.${id}.test`),
    },
    route: { kind: "block" },
  });
  await sendOk(ext, {
    type: "setSiteRules",
    rules: [
      list("a", 2_500),
      list("b", 2_500),
      rule("p", "p.test"),
      rule("h", "h.test", { kind: "token", tokenId: -1 }),
    ],
  });
  await expect(options.getByTestId("sync-not-synced")).toContainText(
    "List b: no room left in the browser's sync storage",
  );
  await expect(options.getByTestId("sync-not-synced")).toContainText(
    "h.test: uses a proxy added in this browser only",
  );
  // The names are shown once the fit is known; the write itself lands a moment later.
  const syncedRules = async () =>
    Object.keys((await remoteDoc(ext)) ?? {}).filter((k) => k.startsWith("r."));
  await expect.poll(syncedRules).toEqual(["r.a", "r.p"]);
  const bytes = await ext.evaluate(() => chrome.storage.sync.getBytesInUse(null));
  expect(bytes).toBeLessThanOrEqual(102_400);
});

test("a worker stopped before its change was synced loses nothing", async ({ context }) => {
  const ext = await extensionPage(context, extensionId);
  await turnSyncOn(context);
  const cdp = await context.newCDPSession(ext);
  const worker = await watchWorker(cdp, extensionId);
  await sendOk(ext, { type: "setSiteRules", rules: [rule("quick", "quick.test")] });
  // Stopped inside the debounce: the write had not gone out.
  await worker.stop();
  expect((await remoteDoc(ext))?.["r.quick"]).toBeUndefined();
  // Any wake (here: a page asking the background) runs sync, which finds the change.
  await sendOk(ext, { type: "routeOf", url: "http://quick.test/" });
  await expect
    .poll(async () => (await remoteDoc(ext))?.["r.quick"]?.v)
    .toEqual(rule("quick", "quick.test"));
});

test("a browser restart keeps sync on: the rules synced before stay, the next change is synced", async ({
  context,
  userDataDir,
}) => {
  const ext = await extensionPage(context, extensionId);
  await turnSyncOn(context);
  await sendOk(ext, { type: "setSiteRules", rules: [rule("before", "before.test")] });
  await expect
    .poll(async () => (await remoteDoc(ext))?.["r.before"]?.v)
    .toEqual(rule("before", "before.test"));
  await context.close();

  const { launchWithExtension } = await import("./fixtures");
  const restarted = await launchWithExtension(userDataDir, [TEST_NAMES]);
  try {
    const again = await extensionPage(restarted, extensionId);
    const options = await openOptions(restarted, extensionId, "sync");
    await expect(
      options.getByRole("checkbox", { name: "Sync settings and site rules across my browsers" }),
    ).toBeChecked();
    const rules = [rule("before", "before.test"), rule("after", "after.test")];
    await sendOk(again, { type: "setSiteRules", rules });
    await expect
      .poll(async () => (await remoteDoc(again))?.["r.after"]?.v)
      .toEqual(rule("after", "after.test"));
    expect((await remoteDoc(again))?.["r.before"]?.v).toEqual(rule("before", "before.test"));
    await expect(options.getByTestId("sync-status")).toContainText("Last synced at");
  } finally {
    await restarted.close();
  }
});

/**
 * Sync on Firefox ESR against its real storage.sync (a profile signed in to no account: the
 * area stores, with its quotas, and fires change events; nothing leaves the machine). A second
 * browser is simulated by writing the area directly from an extension page.
 */
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { SiteRule } from "../../lib/routing/rules";
import { assemble, generation, MANIFEST_KEY, manifestOf, splitText } from "../../lib/sync/chunks";
import { decodeDoc, encodeDoc, type ItemKey, type SyncDoc } from "../../lib/sync/doc";
import { assertPrerequisites, extensionPage, launchFirefox, sendOk } from "./firefox";

let browser: Browser | undefined;
let ext: Page;

assertPrerequisites();

beforeAll(async () => {
  browser = await launchFirefox();
  ext = await extensionPage(browser);
});

afterAll(async () => {
  await browser?.close();
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

const syncArea = () => ext.evaluate(() => chrome.storage.sync.get(null));
async function remoteDoc(): Promise<SyncDoc | null> {
  const found = assemble(await syncArea());
  return found.ok ? decodeDoc(found.text) : null;
}
const localRules = () =>
  ext.evaluate(async () => {
    const raw = (await chrome.storage.local.get("siteRules")).siteRules;
    return (typeof raw === "string" ? JSON.parse(raw) : raw) as SiteRule[];
  });
const syncMeta = () =>
  ext.evaluate(
    async () => (await chrome.storage.local.get("syncMeta")).syncMeta as Record<string, unknown>,
  );

/** `probe`'s value once `ok` holds (polled, at most 10 s). */
const until = <T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string) =>
  vi.waitFor(
    async () => {
      const value = await probe();
      if (!ok(value)) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: 10_000, interval: 100 },
  );

test("sync on: rules go to storage.sync in chunks, another browser's later change arrives and is shown", async () => {
  await sendOk(ext, { type: "setSync", enabled: true });
  await sendOk(ext, { type: "setSiteRules", rules: [rule("r1", "one.test"), rule("c", "c.test")] });
  const doc = await until(remoteDoc, (d) => !!d?.["r.c"], "the rules in storage.sync");
  const keys = Object.keys(await syncArea());
  expect(keys).toContain(MANIFEST_KEY);
  expect(keys.some((key) => key.startsWith("pd.c."))).toBe(true);

  const later = Date.now() + 5_000;
  const theirs = rule("r1", "one-theirs.test", { kind: "block" });
  const next: SyncDoc = {
    ...doc,
    // Changes made there after this browser's: one count past them (precedence.ts).
    "r.r1": { v: theirs, t: later, b: "zzzzzz", n: (doc?.["r.r1"]?.n ?? 0) + 1 },
    "s.warnDays": { v: 8, t: later, b: "zzzzzz", n: (doc?.["s.warnDays"]?.n ?? 0) + 1 },
  };
  const text = encodeDoc(next);
  const gen = generation("zzzzzz", later);
  const chunks = splitText(text, gen);
  await ext.evaluate((items) => chrome.storage.sync.set(items), chunks);
  await ext.evaluate((items) => chrome.storage.sync.set(items), {
    [MANIFEST_KEY]: manifestOf(text, gen, chunks),
  });
  await until(
    localRules,
    (rules) => rules[0]?.source.type === "pattern" && rules[0].source.text === "one-theirs.test",
    "the other browser's rule",
  );
  const meta = await syncMeta();
  expect(meta.arrivals).toEqual(
    expect.arrayContaining([expect.objectContaining({ key: "r.r1", b: "zzzzzz", replaced: true })]),
  );
  const options = await extensionPage(browser as Browser, "options.html#sync");
  await options.waitForFunction(
    () =>
      document
        .querySelector("[data-testid=sync-arrivals]")
        ?.textContent?.includes("changed in another browser at"),
    { timeout: 10_000 },
  );
  await options.close();
});

test("too many rules: Firefox's quotas hold what fits, the rest is named", async () => {
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
      { ...rule("k", "k.test"), container: "firefox-container-1" },
    ],
  });
  const meta = await until(
    syncMeta,
    (m) => JSON.stringify(m.notSynced).includes('"b"'),
    "the rules left out",
  );
  expect(meta.notSynced).toEqual([
    { id: "k", reason: "container" },
    { id: "b", reason: "no-room" },
  ]);
  const doc = await until(remoteDoc, (d) => !!d?.["r.p"], "what fits");
  // r1 stays removed: its removal here came after the other browser's change arrived, and
  // that change's stamp 5 s ahead no longer outranks it (it once did: the clock decided).
  const synced = Object.keys(doc ?? {}).filter((k) => k.startsWith("r.") && doc?.[k as ItemKey]?.v);
  expect(synced).toEqual(["r.a", "r.p"]);
});

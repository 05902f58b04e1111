/**
 * The background's decoded copy of the site rules (decoded-memo.ts) over real extension storage
 * (fakeBrowser): a read after the store's write gets the written list without checking 1 MB
 * again; any change the store did not stamp (storage cleared, a list written by hand) drops
 * the copy; a read that began before a write never leaves an older list behind.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { SiteRule } from "../../../lib/routing/rules";

const rule = (id: string, text: string): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route: { kind: "direct" },
});

/** Fresh module state (the copies live in the module), as a new worker has. */
async function load(background: boolean) {
  vi.resetModules();
  const memo = await import("../../../lib/storage/decoded-memo");
  const { read } = await import("../../../lib/storage/read");
  const { writeState } = await import("../../../lib/storage/store");
  if (background) memo.keepDecoded();
  return {
    read: () => read("siteRules"),
    write: (siteRules: SiteRule[]) => writeState({ siteRules }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => fakeBrowser.reset());

describe("the background's decoded site rules", () => {
  it("a read after the store's write is the written list itself: nothing read or checked again", async () => {
    const { read, write } = await load(true);
    const rules = [rule("a", "shop.example")];
    await write(rules);
    await settle();
    const get = vi.spyOn(fakeBrowser.storage.local, "get");
    expect(await read()).toBe(rules);
    expect(get).not.toHaveBeenCalled();
  });

  it("a change the store did not make (written by hand, storage cleared) drops the copy", async () => {
    const { read, write } = await load(true);
    await write([rule("a", "shop.example")]);
    await settle();
    await fakeBrowser.storage.local.set({ siteRules: [rule("b", "news.example")] });
    await settle();
    expect((await read()).map((r) => r.id)).toEqual(["b"]);
    await fakeBrowser.storage.local.clear();
    await settle();
    expect(await read()).toEqual([]);
  });

  it("a read that began before a write does not leave the older list as the copy", async () => {
    await load(true);
    const memo = await import("../../../lib/storage/decoded-memo");
    const began = memo.readBegins(); // a read from storage starts
    const newer = [rule("new", "new.example")];
    memo.stampWrite("siteRules", newer, []); // the store writes meanwhile
    memo.rememberRead("siteRules", began, [rule("old", "old.example")], []); // the read ends
    expect(memo.decodedCopy("siteRules")?.value).toBe(newer);
  });

  it("a page (no copies) reads storage every time", async () => {
    const { read, write } = await load(false);
    const rules = [rule("a", "shop.example")];
    await write(rules);
    const first = await read();
    expect(first).toEqual(rules);
    expect(first).not.toBe(rules);
    await fakeBrowser.storage.local.set({ siteRules: [] });
    expect(await read()).toEqual([]);
  });
});

/** Chunking, quota fitting and the write rate: the pure parts of the sync layer. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SiteRule } from "../../../lib/routing/rules";
import {
  assemble,
  chunkKey,
  MANIFEST_KEY,
  manifestOf,
  splitText,
  staleChunkKeys,
} from "../../../lib/sync/chunks";
import { ruleKey, type SyncDoc } from "../../../lib/sync/doc";
import { fitDoc, storedBytes } from "../../../lib/sync/fit";
import { itemBytes, nextWriteAllowed, SYNC_MARGIN, SYNC_QUOTA } from "../../../lib/sync/quota";
import { fakeArea } from "./fake-area";
import { browserOn, rule } from "./two-browsers";

const GEN = "abcdefl0x1y2z";

/**
 * Texts of 9,000 to 20,000 characters (so there are chunks to cut), with each way JSON and
 * UTF-8 count a character equally often: random code points are nearly all 4-byte ones.
 */
const codes = (min: number, max: number) =>
  fc.integer({ min, max }).map((code) => String.fromCodePoint(code));
const longText = fc.string({
  unit: fc.oneof(
    codes(0x20, 0x7e),
    fc.constantFrom('"', "\\"),
    codes(0, 0x1f),
    codes(0x80, 0x7ff),
    codes(0x800, 0xd7ff),
    codes(0xd800, 0xdfff),
    codes(0x10000, 0x10ffff),
  ),
  minLength: 9_000,
  maxLength: 20_000,
});

describe("chunks", () => {
  it("any text comes back whole, every chunk within the per-item quota", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), longText), (text) => {
        const chunks = splitText(text, GEN);
        for (const [key, value] of Object.entries(chunks))
          expect(itemBytes(key, value)).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
        const found = assemble({ ...chunks, [MANIFEST_KEY]: manifestOf(text, GEN, chunks) });
        expect(found).toMatchObject({ ok: true, text });
      }),
      { numRuns: 60 },
    );
  });

  it("every chunk but the last is full: its next character would not fit the per-item quota", () => {
    fc.assert(
      fc.property(longText, (text) => {
        const chunks = Object.entries(splitText(text, GEN));
        for (const [i, [key, value]] of chunks.slice(0, -1).entries()) {
          const next = String.fromCodePoint(chunks[i + 1]?.[1].codePointAt(0) ?? 0);
          expect(itemBytes(key, value + next)).toBeGreaterThan(SYNC_QUOTA.perItem);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("quotes and backslashes (escaped in storage) still fit", () => {
    const text = '"\\'.repeat(20_000);
    const chunks = splitText(text, GEN);
    for (const [key, value] of Object.entries(chunks))
      expect(itemBytes(key, value)).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
    expect(Object.values(chunks).join("")).toBe(text);
  });

  it("a chunk missing, or one from another write, makes the document incomplete, never a mix", () => {
    const one = splitText("x".repeat(20_000), GEN);
    const other = splitText("y".repeat(20_000), GEN);
    const manifest = manifestOf("x".repeat(20_000), GEN, one);
    const missing = { ...one, [MANIFEST_KEY]: manifest };
    delete (missing as Record<string, unknown>)[chunkKey(GEN, 1)];
    expect(assemble(missing)).toMatchObject({ ok: false, reason: "incomplete" });
    const mixed = { ...one, [chunkKey(GEN, 1)]: other[chunkKey(GEN, 1)], [MANIFEST_KEY]: manifest };
    expect(assemble(mixed)).toMatchObject({ ok: false, reason: "incomplete" });
  });

  it("stale chunks: this browser's old ones, another's only when abandoned", () => {
    const now = 10_000_000;
    const keys = [
      chunkKey(`aaaaaa${now.toString(36)}`, 0),
      chunkKey("aaaaaa1", 0),
      chunkKey(`bbbbbb${now.toString(36)}`, 0),
      chunkKey("bbbbbb1", 0),
      MANIFEST_KEY,
    ];
    expect(staleChunkKeys(keys, `aaaaaa${now.toString(36)}`, "aaaaaa", now)).toEqual([
      chunkKey("aaaaaa1", 0),
      chunkKey("bbbbbb1", 0),
    ]);
  });
});

describe("fitting the quota", () => {
  const big = (id: string, lines: number): SiteRule => ({
    id,
    enabled: true,
    source: {
      type: "list",
      name: id,
      lines: Array.from({ length: lines }, (_, i) => `||host${i}.example`),
    },
    route: { kind: "block" },
  });
  const docOf = (rules: SiteRule[]): SyncDoc =>
    Object.fromEntries(rules.map((r) => [ruleKey(r.id), { v: r, t: 1, b: "aaaaaa" }]));

  it("rules go in order while they fit; a rule too large alone and those without room are named", () => {
    const rules = [
      big("a", 2_000),
      big("huge", 10_000),
      big("b", 2_000),
      big("c", 2_000),
      big("small", 3),
    ];
    const fitted = fitDoc(
      docOf(rules),
      rules.map((r) => r.id),
    );
    expect(storedBytes(fitted.text)).toBeLessThanOrEqual(SYNC_QUOTA.bytes - SYNC_MARGIN);
    expect(fitted.left).toEqual([
      { id: "huge", reason: "too-large" },
      { id: "c", reason: "no-room" },
    ]);
    expect(Object.keys(fitted.doc).sort()).toEqual(["r.a", "r.b", "r.small"]);
  });

  it("what is stored always fits the area, whatever the rules", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3_000 }), { maxLength: 12 }), (sizes) => {
        const rules = sizes.map((n, i) => big(`r${i}`, n));
        const fitted = fitDoc(
          docOf(rules),
          rules.map((r) => r.id),
        );
        expect(storedBytes(fitted.text)).toBeLessThanOrEqual(SYNC_QUOTA.bytes - SYNC_MARGIN);
        expect(Object.keys(fitted.doc).length + fitted.left.length).toBe(rules.length);
      }),
      { numRuns: 25 },
    );
  });

  it("a browser with too many rules syncs what fits and says which did not", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const a = browserOn(area, "aaaaaa", clock, [
      big("a", 3_000),
      big("b", 3_000),
      rule("p", "p.example"),
    ]);
    expect(await a.run()).toEqual({ kind: "done", wrote: true });
    expect(a.state.sync.notSynced).toEqual([{ id: "b", reason: "no-room" }]);
    const b = browserOn(area, "bbbbbb", clock);
    await b.run();
    expect(b.ids()).toEqual(["a", "p"]);
    // Nothing unsynced is deleted in the browser that has it, and no write war follows.
    await a.run();
    expect(a.ids()).toEqual(["a", "b", "p"]);
    expect(await b.run()).toEqual({ kind: "done", wrote: false });
  });
});

describe("a write with no room for two copies", () => {
  it("drops the old chunks first and lands whole (readers meanwhile find it incomplete)", async () => {
    const area = fakeArea();
    const clock = { now: 1_000_000 };
    const big = (id: string, n: number): SiteRule => ({
      id,
      enabled: true,
      source: {
        type: "list",
        name: id,
        lines: Array.from({ length: n }, (_, i) => `||h${i}.example`),
      },
      route: { kind: "block" },
    });
    const a = browserOn(area, "aaaaaa", clock, [big("a", 4_000)]);
    expect(await a.run()).toEqual({ kind: "done", wrote: true });
    clock.now += 1000;
    a.state.siteRules = [big("a", 4_001)];
    expect(await a.run()).toEqual({ kind: "done", wrote: true });
    const b = browserOn(area, "bbbbbb", clock);
    await b.run();
    expect(b.state.siteRules[0]?.source).toMatchObject({ lines: { length: 4_001 } });
  });
});

describe("write rate", () => {
  it("waits when the minute's or the hour's writes are used up", () => {
    const now = 10_000_000;
    expect(nextWriteAllowed([], now)).toBe(now);
    const minute = Array.from({ length: 20 }, (_, i) => now - 50_000 + i);
    expect(nextWriteAllowed(minute, now)).toBe(now + 10_000);
    const hour = Array.from({ length: 500 }, (_, i) => now - 3_500_000 + i * 1000);
    expect(nextWriteAllowed(hour, now)).toBe(now + 100_000);
  });
});

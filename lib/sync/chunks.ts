/**
 * The synced document spread over several sync items: one item holds at most 8 KB, the whole
 * document up to ~100 KB. Chunks are named by the write that made them (its generation), and
 * the manifest, written last, names the generation, the count and the whole text's hash: a
 * reader assembles one write's chunks or nothing (a chunk still on its way, or gone, makes the
 * document "incomplete" until the next change event), never a mix of two versions.
 */
import * as z from "zod/mini";
import { hashText } from "../base/hash";
import { byteLength, SYNC_QUOTA } from "./quota";

export const MANIFEST_KEY = "pd.m";
const CHUNK_PREFIX = "pd.c.";
/** A browser id is this long: a generation is the writer's id and its time (base 36). */
export const BROWSER_ID_LENGTH = 6;

export const chunkKey = (gen: string, index: number) => `${CHUNK_PREFIX}${gen}.${index}`;
export const generation = (browserId: string, now: number) => `${browserId}${now.toString(36)}`;

const manifestSchema = z.object({
  v: z.literal(1),
  /** The generation: writer's browser id, then its time in base 36. */
  g: z.string().check(z.minLength(BROWSER_ID_LENGTH + 1)),
  /** How many chunks. */
  n: z.int().check(z.gte(1), z.lt(SYNC_QUOTA.maxItems)),
  /** The hash of the whole text. */
  h: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

function readManifest(raw: unknown): Manifest | null {
  const parsed = manifestSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Bytes the character at this code point adds to a stored string's JSON (quotes and escapes
 * included): JSON.stringify escapes the quote, the backslash, control characters and lone
 * surrogates; the rest is its UTF-8. Counted from the code point, not by encoding each
 * character: a text of 100 KB is cut at every sync, in the worker.
 */
function escapedBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  // \b \f \n \r \t, else \u00XX.
  if (code < 0x20) return [0x08, 0x0c, 0x0a, 0x0d, 0x09].includes(code) ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // A lone surrogate is written as \uXXXX.
  if (code >= 0xd800 && code <= 0xdfff) return 6;
  return code < 0x10000 ? 3 : 4;
}

/**
 * The text cut into chunk items that each fit the per-item quota (key + JSON of the value),
 * never inside a character. The keys are this generation's.
 */
export function splitText(text: string, gen: string): Record<string, string> {
  const chunks: Record<string, string> = {};
  let index = 0;
  let start = 0;
  let size = 0;
  let at = 0;
  const roomOf = (i: number) => SYNC_QUOTA.perItem - byteLength(chunkKey(gen, i)) - 2;
  let room = roomOf(index);
  while (at < text.length) {
    const code = text.codePointAt(at) ?? 0;
    const cost = escapedBytes(code);
    if (size + cost > room) {
      chunks[chunkKey(gen, index++)] = text.slice(start, at);
      room = roomOf(index);
      start = at;
      size = 0;
    }
    size += cost;
    at += code > 0xffff ? 2 : 1;
  }
  chunks[chunkKey(gen, index)] = text.slice(start);
  return chunks;
}

export function manifestOf(text: string, gen: string, chunks: Record<string, string>): Manifest {
  return { v: 1, g: gen, n: Object.keys(chunks).length, h: hashText(text) };
}

export type Assembled =
  | { ok: true; text: string; manifest: Manifest }
  | { ok: false; reason: "empty" | "incomplete"; manifest: Manifest | null };

/** The document the manifest names, from everything the sync area holds. */
export function assemble(all: Record<string, unknown>): Assembled {
  const manifest = readManifest(all[MANIFEST_KEY]);
  if (!manifest) return { ok: false, reason: "empty", manifest: null };
  let text = "";
  for (let i = 0; i < manifest.n; i++) {
    const part = all[chunkKey(manifest.g, i)];
    if (typeof part !== "string") return { ok: false, reason: "incomplete", manifest };
    text += part;
  }
  if (hashText(text) !== manifest.h) return { ok: false, reason: "incomplete", manifest };
  return { ok: true, text, manifest };
}

/** A foreign generation this old is a writer that stopped mid-way: its chunks may go. */
const ABANDONED_MS = 3_600_000;

/**
 * Chunk keys that no longer serve: this browser's own generations other than the current
 * one, and other browsers' generations abandoned for an hour. Another browser's fresh chunks
 * stay: its manifest may be on its way.
 */
export function staleChunkKeys(
  keys: readonly string[],
  current: string | null,
  browserId: string,
  now: number,
): string[] {
  return keys.filter((key) => {
    if (!key.startsWith(CHUNK_PREFIX)) return false;
    const gen = key.slice(CHUNK_PREFIX.length, key.lastIndexOf("."));
    if (gen === current) return false;
    if (gen.slice(0, BROWSER_ID_LENGTH) === browserId) return true;
    const at = Number.parseInt(gen.slice(BROWSER_ID_LENGTH), 36);
    return !Number.isFinite(at) || at < now - ABANDONED_MS;
  });
}

export const isChunkKey = (key: string) => key.startsWith(CHUNK_PREFIX);

/**
 * The synced document: every synced item with the stamp of its last change (its change count,
 * when, and which browser). Per item, the later change wins (precedence.ts), so two browsers
 * editing different items both keep their change, and the same item ends the same everywhere.
 * Short property names: every byte counts against the 100 KB quota.
 */
import * as z from "zod/mini";
import { canonicalJson } from "../base/hash";
import { recordFailure } from "../diagnostics/record";
import { type SiteRule, siteRuleSchema } from "../routing/rules";
import { isPositionKey, keysBetween } from "./fraction-key";
import type { Stamp } from "./precedence";
import { SYNCED_SETTINGS } from "./scope";

/**
 * Item keys: `s.<setting>`, `r.<rule id>`, `p.<rule id>` (the rule's place among the
 * synced rules: a position key), and `l.<token id>` (a token's name and colour: looks.ts). A rule's value null is its deletion (a tombstone, so a
 * browser that still has it removes it). Documents of earlier versions held the whole order
 * as one item `o`, which lost one side's placements whenever two browsers edited the list.
 */
export type ItemKey = `s.${string}` | `r.${string}` | `p.${string}` | `l.${string}`;
export interface DocEntry extends Stamp {
  v: unknown;
}
export type SyncDoc = Partial<Record<ItemKey, DocEntry>>;

const stampShape = {
  t: z.number(),
  b: z.string().check(z.maxLength(16)),
  n: z.optional(z.int().check(z.gte(0))),
};
const entrySchema = z.object({ v: z.unknown(), ...stampShape });
const ruleOrGone = z.nullable(siteRuleSchema);
/** Bounded here; checked in full by the gate when applied (look-check.ts). */
const lookOrGone = z.nullable(
  z.object({ n: z.string().check(z.maxLength(400)), c: z.string().check(z.maxLength(40)) }),
);

/**
 * A document as read: each entry checked on its own (a value this version cannot read is left
 * out, never half-applied); setting values are checked when applied, by the settings' schema.
 */
export function decodeDoc(text: string): SyncDoc {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // Read as empty (nothing of it applied), and kept in the log: sync wrote it whole.
    recordFailure("sync:doc", error);
    return {};
  }
  const doc: SyncDoc = {};
  if (typeof raw !== "object" || raw === null) return doc;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const entry = entrySchema.safeParse(value);
    if (!entry.success || entry.data.v === undefined) continue;
    const ok =
      // A setting this version syncs (any other, a deeply nested one included, is no change).
      (key.startsWith("s.") && (SYNCED_SETTINGS as readonly string[]).includes(key.slice(2))) ||
      (key.startsWith("p.") && isPositionKey(entry.data.v)) ||
      (key.startsWith("r.") && ruleOrGone.safeParse(entry.data.v).success) ||
      (key.startsWith("l.") && lookOrGone.safeParse(entry.data.v).success);
    if (ok) doc[key as ItemKey] = entry.data as DocEntry;
  }
  return withLegacyOrder(doc, (raw as Record<string, unknown>).o);
}

const legacyOrderSchema = z.object({
  v: z.array(z.string().check(z.maxLength(64))),
  ...stampShape,
});

/**
 * A document written before rules had places holds the whole order as `o`: its rules get
 * places in that order, counted 0 so that any place set since wins over them.
 */
function withLegacyOrder(doc: SyncDoc, legacy: unknown): SyncDoc {
  const order = legacyOrderSchema.safeParse(legacy);
  if (!order.success || Object.keys(doc).some((key) => key.startsWith("p."))) return doc;
  const ids = order.data.v.filter((id) => doc[ruleKey(id)]?.v);
  const { t, b } = order.data;
  keysBetween(null, null, ids.length).forEach((place, index) => {
    doc[positionKey(ids[index] as string)] = { v: place, t, b, n: 0 };
  });
  return doc;
}

/** The document as stored text: sorted keys, so equal documents are equal texts. */
export const encodeDoc = (doc: SyncDoc): string => canonicalJson(doc);

export const ruleKey = (id: string): ItemKey => `r.${id}`;
export const settingKey = (name: string): ItemKey => `s.${name}`;
export const positionKey = (id: string): ItemKey => `p.${id}`;

export const ruleOf = (entry: DocEntry | undefined): SiteRule | null =>
  (entry?.v as SiteRule | null | undefined) ?? null;

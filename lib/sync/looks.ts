/**
 * Tokens' looks (name and colour) as sync items: `l.<token id>` → `{ n, c }`. Only the
 * provider's tokens sync theirs: a proxy added by hand has a local id that means another proxy
 * (or none) in every other browser. Passwords never sync; a look holds none. A look that comes
 * in passes the gate every door uses (look-check.ts) and lands on the token of that id here;
 * one for a token this browser does not hold is left unread (taken once the token comes).
 */

import type { Refusal } from "../base/refusal";
import { checkLook } from "../state/look-check";
import type { StoredToken } from "../state/tokens";
import type { DocEntry, ItemKey } from "./doc";

/** A cap that keeps looks far under the sync quota (~60 bytes each, rules need the room). */
export const MAX_SYNCED_LOOKS = 200;

export const lookKey = (id: number): ItemKey => `l.${id}`;

/** The looks this browser sends, in the list's order, up to the cap. */
export function localLooks(tokens: readonly StoredToken[]): Map<ItemKey, unknown> {
  const values = new Map<ItemKey, unknown>();
  for (const token of tokens) {
    if (values.size >= MAX_SYNCED_LOOKS) break;
    if (token.id > 0 && token.look)
      values.set(lookKey(token.id), { n: token.look.name, c: token.look.colour });
  }
  return values;
}

export interface LooksApplied {
  tokens: StoredToken[];
  adopted: ItemKey[];
  refused: { key: ItemKey; refusal: Refusal }[];
}

/** The winning remote looks laid on this browser's tokens, each through the gate. */
export function applyLooks(
  tokens: readonly StoredToken[],
  wins: ReadonlyMap<ItemKey, DocEntry>,
): LooksApplied {
  const out: LooksApplied = { tokens: [...tokens], adopted: [], refused: [] };
  for (const [key, entry] of wins) {
    if (!key.startsWith("l.")) continue;
    const index = out.tokens.findIndex((t) => String(t.id) === key.slice(2));
    const token = out.tokens[index];
    // Not here (or a local id that is another proxy here): nothing to lay it on.
    if (!token || token.id < 0) continue;
    // A look removed elsewhere (its token deleted there) leaves the token here as it is.
    if (entry.v === null) {
      out.adopted.push(key);
      continue;
    }
    const value = entry.v as { n?: unknown; c?: unknown };
    const checked = checkLook({ name: value.n, colour: value.c });
    if (!checked.ok) {
      out.refused.push({ key, refusal: checked.refusal });
      continue;
    }
    out.tokens[index] = { ...token, look: checked.value };
    out.adopted.push(key);
  }
  return out;
}

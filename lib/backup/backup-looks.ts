/** A backup file's token looks at the import (pure): the same gate as every other door. */

import type { Refusal } from "../base/refusal";
import { checkLook } from "../state/look-check";
import type { StoredToken } from "../state/tokens";
import type { BackupToken } from "./backup";

export interface LookRefusal {
  id: number;
  refusal: Refusal;
}

/**
 * The file's look through the gate every door shares (look-check.ts): a refused one leaves
 * the token as stored here (its look, or none) and is reported in the preview.
 */
export function gatedLook(
  token: BackupToken,
  stored: StoredToken | undefined,
  refusals: LookRefusal[],
): BackupToken {
  if (token.look === undefined) return stored?.look ? { ...token, look: stored.look } : token;
  const checked = checkLook(token.look);
  if (checked.ok) return { ...token, look: checked.value };
  refusals.push({ id: token.id, refusal: checked.refusal });
  const { look: _refused, ...rest } = token;
  return stored?.look ? { ...rest, look: stored.look } : rest;
}

/**
 * The keyboard's next/previous recent token (pure). The stored recent list puts the connected
 * token first on every connect, so stepping through it as it changes would only swap the two
 * newest tokens. A run of presses instead walks one order, taken when the run starts and kept
 * (storage.session) with the token the last press went to; any other switch starts a new run.
 */
import * as z from "zod/mini";

const MAX_ORDER = 50;

export const keyboardCycleSchema = z.object({
  /** The recent tokens, most recent first, as the run found them. */
  order: z.array(z.int()).check(z.maxLength(MAX_ORDER)),
  /** The token connected when the last press came (null: none). */
  from: z.nullable(z.int()),
  /** The token the last press switched to. */
  at: z.int(),
});
export type KeyboardCycle = z.infer<typeof keyboardCycleSchema>;

export interface CycleInput {
  activeTokenId: number | null;
  /** connection.recentTokenIds: most recent first. */
  recent: readonly number[];
  cycle: KeyboardCycle | null;
  /** The token still exists and can carry traffic in this browser now. */
  usable: (tokenId: number) => boolean;
  /** 1: next (older), -1: previous (newer). */
  step: 1 | -1;
}

/** The token to switch to and the run as it stands after it; null when no other can be used. */
export function cycleTarget(input: CycleInput): { tokenId: number; cycle: KeyboardCycle } | null {
  const { activeTokenId, recent, cycle, usable, step } = input;
  // Still the same run: the last press's token is connected, or its switch has not landed yet
  // (or failed), so the token connected is still the one it came from.
  const going =
    cycle !== null && (activeTokenId === cycle.at || activeTokenId === cycle.from) ? cycle : null;
  const current = going ? going.at : activeTokenId;
  const start = going
    ? going.order
    : current === null || recent.includes(current)
      ? recent
      : [current, ...recent];
  // Tokens connected since the run began join at its end.
  const order = [...start, ...recent.filter((id) => !start.includes(id))].slice(0, MAX_ORDER);
  const here = current === null ? -1 : order.indexOf(current);
  // From nowhere, next is the most recent token and previous the oldest.
  const from = here >= 0 ? here : step === 1 ? -1 : order.length;
  for (let k = 1; k <= order.length; k++) {
    const n = order.length;
    const tokenId = order[(((from + step * k) % n) + n) % n];
    if (tokenId === undefined || tokenId === current || !usable(tokenId)) continue;
    return { tokenId, cycle: { order, from: activeTokenId, at: tokenId } };
  }
  return null;
}

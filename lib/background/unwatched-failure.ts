/**
 * Work nobody watched failed (an automatic refresh, the keyboard toggle, a purchase whose popup
 * closed): the failure is kept until a popup shows it, and the badge says so meanwhile.
 */
import type { Failure } from "../base/failure";
import type { Engine } from "../proxy/engine";
import type { UnseenFailure } from "../storage/items";
import { updateState } from "../storage/store";

export async function keepUnwatchedFailure(
  engine: Pick<Engine, "syncBadge">,
  source: UnseenFailure["source"],
  failure: Failure,
  at: number,
): Promise<void> {
  const unseenFailure = { source, failure, at };
  await updateState(["unseenFailure"], () => ({ write: { unseenFailure }, result: null }));
  await engine.syncBadge();
}

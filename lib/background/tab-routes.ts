/**
 * Firefox's "This tab only": the one writer of the tab routes (storage.session, through the
 * serialized store), and their end when the tab closes.
 */

import { recordedAs } from "../diagnostics/record";
import { withTabRoute } from "../routing/tab-routes";
import { updateState } from "../storage/store";

/** Routes this tab through the token, or (null) back to its sites' routes. */
export async function setTabRoute(tabId: number, tokenId: number | null): Promise<void> {
  if (!Number.isSafeInteger(tabId) || tabId < 0) return;
  await updateState(["tabRoutes"], ({ tabRoutes }) => {
    const next = withTabRoute(tabRoutes, tabId, tokenId);
    // Nothing to write when the tab had no route and still has none.
    return tokenId === null && !(String(tabId) in tabRoutes)
      ? { result: undefined }
      : { write: { tabRoutes: next }, result: undefined };
  });
}

/** A closed tab's route goes with it (a reopened tab gets a new id). */
export function dropTabRoutesOnClose(onTabRemoved: {
  addListener(listener: (tabId: number) => void): void;
}): void {
  onTabRemoved.addListener(
    (tabId) => void setTabRoute(tabId, null).catch(recordedAs("tab-routes:closed")),
  );
}

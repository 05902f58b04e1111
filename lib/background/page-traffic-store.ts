/**
 * Each tab's traffic since its page loaded, as the background keeps it: in memory, read back
 * from session storage at wake, and written back so a worker stop loses nothing that matters.
 * A failure is written at once; a route count within ROUTES_SAVE_MS (a page's thousand
 * requests cost a few writes, and a stop in between loses at most that second's counts). One
 * write at a time: changes that come during a write go in the next one.
 */

import { recordedAs } from "../diagnostics/record";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import type { PageTraffic } from "../traffic/page-traffic";

const ROUTES_SAVE_MS = 1_000;

/** `changed` hears of failures, page loads and closed tabs (not of route counts). */
export function createPageTrafficStore(changed?: (pages: PageTraffic) => void) {
  let pages: PageTraffic = {};
  const loaded = read("pageTraffic")
    .then((stored) => {
      pages = stored;
    })
    .catch(recordedAs("page-traffic:read"));
  let writing = false;
  let dirty = false;
  let lazyWrite: ReturnType<typeof setTimeout> | undefined;

  async function save(): Promise<void> {
    writing = true;
    while (dirty) {
      dirty = false;
      const pageTraffic = pages;
      await updateState(["pageTraffic"], () => ({ write: { pageTraffic }, result: null })).catch(
        recordedAs("page-traffic:write"),
      );
    }
    writing = false;
  }

  return {
    /** Applies a change once the stored counts are in; `urgent` writes it at once. */
    change(next: (all: PageTraffic) => PageTraffic, urgent: boolean): void {
      void loaded.then(() => {
        const after = next(pages);
        if (after === pages) return;
        pages = after;
        // Route counts change on every request: only what the badge shows is told.
        if (urgent) changed?.(pages);
        dirty = true;
        if (writing) return;
        if (urgent) {
          clearTimeout(lazyWrite);
          lazyWrite = undefined;
          void save();
        } else {
          lazyWrite ??= setTimeout(() => {
            lazyWrite = undefined;
            if (!writing && dirty) void save();
          }, ROUTES_SAVE_MS);
        }
      });
    },
    /** The counts, once read back. */
    async current(): Promise<PageTraffic> {
      await loaded;
      return pages;
    },
  };
}

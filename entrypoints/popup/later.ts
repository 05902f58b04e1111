/**
 * What the popup loads beside its first read, off its first path (its 20 kB budget): the
 * "this site" line's code, and the page's diagnostics, its failures sent from now on to the
 * background's log (lib/protocol/page-diagnostics.ts). One chunk, fetched once.
 */
import "../../components/popup/ThisSite";
import { startPageDiagnostics } from "../../lib/protocol/page-diagnostics";
import type { Send } from "../../lib/protocol/send";

/** Given the page's one client of the background (first.ts), so this chunk imports no page. */
export function startLater(background: Send): void {
  startPageDiagnostics(background, "popup");
}

export { recordFailure } from "../../lib/diagnostics/record";

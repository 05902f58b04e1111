/**
 * The toolbar follows the stored language (popup-page.ts decides the page). Apart from
 * popup-page.ts because the build reads that one in Node, where storage cannot load.
 */

import { recordedAs } from "../diagnostics/record";
import { read } from "../storage/read";
import { syncPopupPage } from "./popup-page";

/**
 * "Point the toolbar at the page of the stored language", for the background's reactions. The
 * browser keeps the choice while it runs (a worker stop does not lose it), so it is set when the
 * extension is installed or the browser starts, and when the settings change: not on every
 * wake, where a challenge is waiting on the reconcile.
 */
export const popupPageFollower =
  (action: { setPopup(details: { popup: string }): Promise<void> }) => () =>
    void read("settings")
      .then((settings) => syncPopupPage(action, settings, globalThis.navigator?.language ?? ""))
      .catch(recordedAs("popup-page"));

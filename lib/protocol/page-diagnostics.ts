/**
 * A page's diagnostics go to the background, the log's one writer (two writers of one stored
 * ring would lose each other's events). Events of one moment go in one command; the reply is
 * not awaited by anyone, and a background that cannot be reached loses them quietly: there
 * is no log to say so in. Type-only imports of the protocol: no schemas in a page.
 */

import { PAGE_BATCH, withText } from "../diagnostics/message";
import { type DiagnosticsSink, setDiagnosticsSink } from "../diagnostics/record";
import { recordUncaught } from "../diagnostics/uncaught";
import type { Send } from "./send";

export { PAGE_BATCH };

export function pageSink(send: Send, page: "popup" | "options"): DiagnosticsSink {
  let batch: ReturnType<typeof withText>[] = [];
  let queued = false;
  const sendBatch = () => {
    queued = false;
    const events = batch.slice(-PAGE_BATCH);
    batch = [];
    void send({ type: "recordDiagnostics", events });
  };
  return (event) => {
    const worded = withText(event);
    batch.push({ ...worded, where: `${page}:${worded.where}` });
    if (queued) return;
    queued = true;
    // The same turn's events (a render that failed in several places) travel together.
    setTimeout(sendBatch, 0);
  };
}

/** A page's diagnostics, from now on: its events, and what no catch caught, to the background. */
export function startPageDiagnostics(send: Send, page: "popup" | "options"): void {
  setDiagnosticsSink(pageSink(send, page));
  recordUncaught(page);
}

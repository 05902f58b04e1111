/**
 * The one call every catch can make: `recordFailure(where, error)`, safe anywhere (the
 * background, a page, a pure module's test) and never throwing. Each context installs where
 * its events go: the background its log (lib/background/diagnostics.ts), a page the sender to
 * the background (lib/protocol/page-diagnostics.ts). Until then a few events wait here, so a failure during start
 * is not lost. Kept to the bare minimum, and free of imports: the popup's first path carries it
 * (its 20 kB budget), so turning an error into text is the sink's work (message.ts).
 */
import type { EventKind } from "./ring";

/** An event as recorded: a text, or the thrown value the sink words (message.ts). */
export interface RecordedEvent {
  kind: EventKind;
  where: string;
  at: number;
  text?: string;
  error?: unknown;
}
export type DiagnosticsSink = (event: RecordedEvent) => void;

let sink: DiagnosticsSink | null = null;
/** Events recorded before a sink was installed (the oldest dropped past 50). */
const early: RecordedEvent[] = [];

function deliver(event: RecordedEvent): void {
  try {
    if (sink) sink(event);
    else if (early.push(event) > 50) early.shift();
  } catch {
    // A sink that fails (a page closing) must not fail the catch that called it.
  }
}

/** Where this context's events go from now on; those recorded before go there first. */
export function setDiagnosticsSink(next: DiagnosticsSink | null): void {
  sink = next;
  for (const event of early.splice(0)) deliver(event);
}

/** An event of any kind; the text is scrubbed and bounded where it is kept (log.ts). */
export const recordEvent = (kind: EventKind, where: string, text: string): void =>
  deliver({ kind, where, text, at: Date.now() });

/** A caught failure: where (a short code tag, "sync:run") and what was thrown. */
export const recordFailure = (where: string, error: unknown): void =>
  deliver({ kind: "error", where, error, at: Date.now() });

/** For a promise's `.catch`: records the failure under `where` and resolves to undefined. */
export const recordedAs =
  (where: string) =>
  (error: unknown): void =>
    recordFailure(where, error);

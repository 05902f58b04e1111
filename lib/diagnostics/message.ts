/**
 * A recorded event's text: its own, or the message of what was thrown, short: never a stack,
 * never an object's own fields (an options object may hold a password). Scrubbed after this,
 * where the event is kept (log.ts).
 */
import type { RecordedEvent } from "./record";

/** A thrown value's message. */
export function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) {
      const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
      return `${name}${error.message}`.slice(0, 1_000);
    }
    if (typeof error === "string") return error.slice(0, 1_000);
    // A failure code ({ code: … }) says what it is; other objects say only their kind.
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "string") return code.slice(0, 100);
    return error === null ? "null" : typeof error;
  } catch {
    // A getter that throws, a revoked proxy: its kind is all that can be said.
    return "unreadable error";
  }
}

/** The event with its text: what a sink keeps or sends. */
export const withText = ({ kind, where, at, text, error }: RecordedEvent) => ({
  kind,
  where,
  at,
  text: text ?? messageOf(error),
});

/** At most this many events of a page in one command (the command's schema takes no more). */
export const PAGE_BATCH = 20;

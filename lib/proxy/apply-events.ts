/**
 * The proxy setting's applies as the diagnostics log keeps them: which route (a token by its
 * id, or none), how it went, and why when it failed (the browser's error, or the failure's
 * code and detail). Never a login.
 */
import { messageOf } from "../diagnostics/message";
import { recordEvent } from "../diagnostics/record";

const why = (cause: unknown): string => {
  const { code, detail } = (cause ?? {}) as { code?: unknown; detail?: unknown };
  if (typeof code !== "string") return messageOf(cause);
  return typeof detail === "string" ? `${code} ${detail}` : code;
};

export function noteApply(where: string, route: string, outcome: string, cause?: unknown): void {
  recordEvent(
    "apply",
    where,
    `${route}: ${outcome}${cause === undefined ? "" : ` (${why(cause)})`}`,
  );
}

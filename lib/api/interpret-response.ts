/**
 * What an answer means: an HTTP error status or a non-zero envelope `code` becomes an ApiError
 * carrying the server's reason; anything else must be JSON that fits the operation's schema.
 * Pure: the answer has already been read (see read-body.ts).
 */
import type * as z from "zod/mini";
import { isRecord } from "../base/is-record";
import { ApiError, clipServerText } from "./errors";
import { parseRetryAfter } from "./retry";
import { describeIssue } from "./validate";

/** An answer as read off the wire. */
export interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

export interface Interpretation<S extends z.ZodMiniType> {
  operation: string;
  schema: S;
}

/**
 * Server text is shown to users; it must never echo our own secrets back. Redacting happens
 * before clipping, so a secret cut in half by the clip cannot slip through.
 */
export function redactor(secrets: readonly string[]) {
  return (value: unknown): string | undefined => {
    if (typeof value !== "string") return undefined;
    let text = value;
    for (const secret of secrets) text = text.split(secret).join("***");
    return clipServerText(text);
  };
}

export function interpretResponse<S extends z.ZodMiniType>(
  spec: Interpretation<S>,
  answer: Answer,
  context: {
    nowMs: number;
    redact: (value: unknown) => string | undefined;
    /** The scheme the request's Authorization header used, when it had one. */
    authScheme?: "basic" | "bearer";
  },
): z.output<S> {
  const { status, text } = answer;
  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
    parsed = true;
  } catch {
    // Handled below: an error status without a JSON body is still an HTTP error.
  }
  const envelopeCode = isRecord(json) && typeof json.code === "number" ? json.code : undefined;
  const failed = status >= 400 || (envelopeCode !== undefined && envelopeCode !== 0);
  if (failed) {
    const envelope = isRecord(json) ? json : {};
    const rateLimited = status === 429 || envelopeCode === 429;
    throw new ApiError({
      kind: rateLimited ? "rate-limited" : "http",
      operation: spec.operation,
      status,
      code: envelopeCode,
      serverMessage: context.redact(envelope.message ?? envelope.msg),
      errorText: context.redact(envelope.error),
      // Also honoured on a 503, where servers use it for planned downtime.
      retryAfterMs: parseRetryAfter(answer.retryAfter, context.nowMs),
      authScheme: context.authScheme,
    });
  }
  if (!parsed) {
    throw new ApiError({
      kind: "schema",
      operation: spec.operation,
      status,
      detail: text.trim() === "" ? "empty body" : "body is not JSON",
    });
  }
  const result = spec.schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError({
      kind: "schema",
      operation: spec.operation,
      status,
      issuePath: issue ? issue.path.map(String).join(".") : undefined,
      detail: issue ? describeIssue(issue, json ?? null) : undefined,
    });
  }
  return result.data;
}

/**
 * The one error type the API client throws. Callers branch on `kind` (the pages word it as a
 * failure: lib/protocol/api-failure.ts); `message` is for logs. Neither ever contains credentials (only origins, statuses and the
 * server's own reason text are used).
 */

export type ApiErrorKind =
  | "network"
  | "timeout"
  | "http"
  | "schema"
  | "rate-limited"
  // The request was refused by the client before reaching the network (bad parameters, a
  // refresh_url on a foreign origin, an unusable base URL).
  | "invalid-request"
  // The provider answered with a redirect. It is never followed: the request carries the
  // user's credentials, and the new address is not the one the user configured.
  | "redirect"
  // The answer was larger than the client reads; the rest was not downloaded.
  | "too-large";

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Operation name, e.g. "createStaticIp". */
  operation: string;
  /** HTTP status, when an answer arrived. */
  status?: number;
  /** `code` of the error envelope, when present. */
  code?: number;
  /** `message` (or `msg`) of the error envelope. */
  serverMessage?: string;
  /** `error` of the error envelope. */
  errorText?: string;
  /** For rate-limited answers: how long the server asked us to wait. */
  retryAfterMs?: number;
  /** For schema errors: where the answer differed, e.g. "data.0.port". */
  issuePath?: string;
  /** For network/timeout errors: the origin we tried to reach (never the credentials). */
  origin?: string;
  timeoutMs?: number;
  /** Technical detail for logs. */
  detail?: string;
  /** The scheme the refused request authenticated with (a 401 names it). */
  authScheme?: "basic" | "bearer";
  /**
   * An earlier attempt of this same request got no answer (network, timeout, a 5xx) and may
   * have done its work: this refusal (of a repeat) may then only say that it is done already.
   */
  afterLostAnswer?: boolean;
  cause?: unknown;
}

/** Server text is shown to the user; keep it short so a hostile server cannot flood the UI. */
const MAX_SERVER_TEXT = 200;

export function clipServerText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return trimmed.length > MAX_SERVER_TEXT ? `${trimmed.slice(0, MAX_SERVER_TEXT)}…` : trimmed;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly serverMessage: string | undefined;
  readonly errorText: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly issuePath: string | undefined;
  readonly origin: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly detail: string | undefined;
  readonly authScheme: "basic" | "bearer" | undefined;
  readonly afterLostAnswer: boolean;

  constructor(init: ApiErrorInit) {
    super(technicalMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = clipServerText(init.serverMessage);
    this.errorText = clipServerText(init.errorText);
    this.retryAfterMs = init.retryAfterMs;
    this.issuePath = init.issuePath;
    this.origin = init.origin;
    this.timeoutMs = init.timeoutMs;
    this.detail = init.detail;
    this.authScheme = init.authScheme;
    this.afterLostAnswer = init.afterLostAnswer === true;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The status that decides the sentence: HTTP status, or the envelope code on an HTTP 200. */
export function effectiveStatus(init: ApiErrorInit): number | undefined {
  if (init.status !== undefined && init.status >= 400) return init.status;
  if (init.code !== undefined && init.code >= 400) return init.code;
  return init.status;
}

function technicalMessage(init: ApiErrorInit): string {
  const parts = [`${init.operation}: ${init.kind}`];
  if (init.status !== undefined) parts.push(`HTTP ${init.status}`);
  if (init.code !== undefined) parts.push(`code ${init.code}`);
  if (init.issuePath !== undefined) parts.push(`at "${init.issuePath}"`);
  const server = reasonOf(clipServerText(init.serverMessage), clipServerText(init.errorText));
  if (server !== undefined) parts.push(`- ${server}`);
  if (init.detail !== undefined) parts.push(`(${init.detail})`);
  return parts.join(" ");
}

/** Status phrases say nothing the status code does not; the other field then has the reason. */
const GENERIC_PHRASES = new Set([
  "bad request",
  "unauthorized",
  "forbidden",
  "not found",
  "conflict",
  "too many requests",
  "internal server error",
  "bad gateway",
  "service unavailable",
  "error",
  "failed",
]);

/** The more telling of the envelope's `message` and `error` (the spec fills both). */
export function reasonOf(message?: string, error?: string): string | undefined {
  const candidates = [message, error].filter((t): t is string => t !== undefined && t !== "");
  const specific = (t: string) => !GENERIC_PHRASES.has(t.toLowerCase()) && /\s/.test(t);
  return (
    candidates.find(specific) ??
    candidates.find((t) => !GENERIC_PHRASES.has(t.toLowerCase())) ??
    candidates[0]
  );
}

/** "HTTP 409", or "code 7" when the server put the failure only in the envelope. */
export function statusLabel(init: ApiErrorInit): string | undefined {
  if (init.status !== undefined && init.status >= 400) return `HTTP ${init.status}`;
  if (init.code !== undefined) return `code ${init.code}`;
  return init.status === undefined ? undefined : `HTTP ${init.status}`;
}

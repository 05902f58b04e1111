/**
 * The request core: URL building, the Authorization header, timeout, rate limiting, retries,
 * JSON parsing, error-envelope mapping and schema validation. Every failure leaves as an
 * ApiError; nothing else is thrown. Browser-safe (no Node APIs).
 */
import type * as z from "zod/mini";
import { ApiError, clipServerText } from "./errors";
import type { RateLimiter } from "./rate-limiter";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  type HttpMethod,
  parseRetryAfter,
  type RetryPolicy,
  shouldRetry,
} from "./retry";
import { describeIssue } from "./validate";

export type AuthConfig =
  | { kind: "bearer"; accessToken: string }
  | { kind: "basic"; username: string; password: string };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type QueryValue = string | number | boolean | undefined | null;

export interface HttpDeps {
  baseUrl: string;
  auth: AuthConfig;
  fetch: FetchLike;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  limiter: RateLimiter;
  timeoutMs: number;
  retry: RetryPolicy;
}

export interface RequestSpec<S extends z.ZodMiniType> {
  operation: string;
  method: HttpMethod;
  /** Path relative to the base URL... */
  path?: string;
  /** ...or an absolute URL already checked to be on the base URL's origin. */
  url?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** False for operations that need no credentials; they are then not sent at all. */
  authenticated: boolean;
  schema: S;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Joins a base URL (with or without a path prefix or trailing slash) and a path without
 * doubling or dropping slashes, and appends the query with undefined/null values left out.
 */
export function joinUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  const suffix = path.replace(/^\/+/, "");
  base.pathname = suffix === "" ? `${prefix}/` : `${prefix}/${suffix}`;
  base.hash = "";
  return appendQuery(base, query);
}

export function appendQuery(url: URL | string, query?: Record<string, QueryValue>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    target.searchParams.set(key, String(value));
  }
  return target.toString();
}

/** Base64 of the UTF-8 bytes: btoa alone throws on characters above U+00FF. */
export function base64Utf8(value: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The only place the Authorization header is formed. */
export function authorizationHeader(auth: AuthConfig): string {
  if (auth.kind === "bearer") return `Bearer ${auth.accessToken}`;
  return `Basic ${base64Utf8(`${auth.username}:${auth.password}`)}`;
}

/** Origin without credentials, for messages. */
export function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "the provider";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function createHttp(deps: HttpDeps) {
  /** Server text is shown to users; make sure it never echoes our own secrets back. */
  const secrets = (
    deps.auth.kind === "bearer" ? [deps.auth.accessToken] : [deps.auth.password]
  ).filter((s) => s.length >= 4);
  // Redact before clipping, so a secret cut in half by the clip cannot slip through.
  const redact = (value: unknown): string | undefined => {
    if (typeof value !== "string") return undefined;
    let text = value;
    for (const secret of secrets) text = text.split(secret).join("***");
    return clipServerText(text);
  };

  async function attempt<S extends z.ZodMiniType>(
    spec: RequestSpec<S>,
    url: string,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (spec.authenticated) headers.Authorization = authorizationHeader(deps.auth);
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(spec.body);
    }
    const origin = safeOrigin(url);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const fail = (kind: "network" | "timeout", cause: unknown) =>
      new ApiError({
        kind: timedOut ? "timeout" : kind,
        operation: spec.operation,
        origin,
        timeoutMs: deps.timeoutMs,
        detail: cause instanceof Error ? cause.name : undefined,
        cause,
      });

    let response: Response;
    let text: string;
    try {
      // credentials: "omit" — the Authorization header is explicit; cookies must not ride along.
      response = await deps.fetch(url, {
        method: spec.method,
        headers,
        body,
        signal: controller.signal,
        credentials: "omit",
      });
      // The body is read under the same timer: a server can stall after the headers.
      text = await response.text();
    } catch (cause) {
      throw fail("network", cause);
    } finally {
      clearTimeout(timer);
    }
    return interpret(spec, response, text);
  }

  function interpret<S extends z.ZodMiniType>(
    spec: RequestSpec<S>,
    response: Response,
    text: string,
  ): z.output<S> {
    const status = response.status;
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
        serverMessage: redact(envelope.message ?? envelope.msg),
        errorText: redact(envelope.error),
        // Also honoured on a 503, where servers use it for planned downtime.
        retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), deps.now()),
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

  function buildUrl(spec: RequestSpec<z.ZodMiniType>): string {
    const invalid = (detail: string, cause?: unknown) =>
      new ApiError({ kind: "invalid-request", operation: spec.operation, detail, cause });
    let base: URL;
    try {
      base = new URL(deps.baseUrl);
    } catch (cause) {
      throw invalid("the provider address in Options is not a valid URL", cause);
    }
    if (base.protocol !== "https:" && base.protocol !== "http:") {
      throw invalid("the provider address in Options must start with https:// or http://");
    }
    // fetch refuses URLs with embedded credentials, and they would leak into logs.
    if (base.username !== "" || base.password !== "") {
      throw invalid("the provider address in Options must not contain a user name or password");
    }
    try {
      return spec.url !== undefined
        ? appendQuery(spec.url, spec.query)
        : joinUrl(deps.baseUrl, spec.path ?? "", spec.query);
    } catch (cause) {
      throw invalid("the request address is not a valid URL", cause);
    }
  }

  async function request<S extends z.ZodMiniType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const url = buildUrl(spec);
    for (let n = 1; ; n++) {
      await deps.limiter.acquire();
      try {
        return await attempt(spec, url);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (!shouldRetry(spec.method, error, n, deps.retry)) throw error;
        await deps.sleep(backoffDelay(n - 1, deps.retry, deps.random, error.retryAfterMs));
      }
    }
  }

  return { request };
}

export type Http = ReturnType<typeof createHttp>;
export { DEFAULT_RETRY_POLICY };

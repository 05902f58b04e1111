/**
 * The request loop: one attempt is a fetch under a timer; attempts are spaced by the plan's
 * rate limiter and repeated by the retry policy. Every failure leaves as an ApiError; nothing
 * else is thrown. Browser-safe (no Node APIs).
 *
 * Its parts live beside it: request-url.ts (where), authorization.ts (who), read-body.ts (how
 * much), interpret-response.ts (what the answer means).
 */
import type * as z from "zod/mini";
import { type AuthConfig, authorizationHeader, secretsOf } from "./authorization";
import { ApiError } from "./errors";
import { interpretResponse, redactor } from "./interpret-response";
import type { RateLimiter } from "./rate-limiter";
import { readBodyText } from "./read-body";
import { type RequestTarget, requestUrl, safeOrigin } from "./request-url";
import {
  backoffDelay,
  type HttpMethod,
  mayHaveLanded,
  type RetryPolicy,
  shouldRetry,
} from "./retry";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type { QueryValue } from "./request-url";

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

export interface RequestSpec<S extends z.ZodMiniType> extends RequestTarget {
  operation: string;
  method: HttpMethod;
  body?: unknown;
  /** False for operations that need no credentials; they are then not sent at all. */
  authenticated: boolean;
  schema: S;
  /**
   * A purchase: its answer carries tokens already paid for, and is never asked for again (a
   * POST is not repeated), so it is waited for longer (purchaseTimeout).
   */
  purchase?: true;
  /** Told when the request is sent again after an attempt that got no answer (mayHaveLanded). */
  onLostAnswer?: () => void;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * Chrome stops an extension's service worker when a fetch's answer takes more than 30 s to
 * arrive (its service-worker lifecycle docs): past that, a purchase would not time out but
 * vanish with the worker, with no error and no reply. So a little under that.
 */
export const PURCHASE_TIMEOUT_CAP_MS = 28_000;
/** A purchase waits four times a read's timeout, up to the cap: 15 s → 28 s. */
export const purchaseTimeout = (timeoutMs: number): number =>
  Math.min(timeoutMs * 4, PURCHASE_TIMEOUT_CAP_MS);

export function createHttp(deps: HttpDeps) {
  const redact = redactor(secretsOf(deps.auth));

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
    const timeoutMs = spec.purchase ? purchaseTimeout(deps.timeoutMs) : deps.timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const fail = (kind: "network" | "timeout", cause: unknown) =>
      new ApiError({
        kind: timedOut ? "timeout" : kind,
        operation: spec.operation,
        origin,
        timeoutMs,
        detail: cause instanceof Error ? cause.name : undefined,
        cause,
      });

    let response: Response;
    let text: string;
    try {
      response = await deps.fetch(url, {
        method: spec.method,
        headers,
        body,
        signal: controller.signal,
        // The Authorization header is explicit; cookies must not ride along.
        credentials: "omit",
        // Following would resend the request (its body, and the Authorization header wherever
        // the browser keeps it across the hop) to an address the user never configured, and
        // take that address's answer, tokens included, as the provider's. Refused instead.
        redirect: "manual",
      });
      refuseRedirect(response, url, spec.operation);
      // The body is read under the same timer: a server can stall after the headers.
      text = await readBodyText(response, spec.operation);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      throw fail("network", cause);
    } finally {
      clearTimeout(timer);
      // Whatever was not read (a refused redirect, an oversized body) is not downloaded.
      controller.abort();
    }
    const answer = {
      status: response.status,
      retryAfter: response.headers.get("Retry-After"),
      text,
    };
    return interpretResponse(spec, answer, {
      nowMs: deps.now(),
      redact,
      authScheme: spec.authenticated ? deps.auth.kind : undefined,
    });
  }

  async function request<S extends z.ZodMiniType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const url = requestUrl(deps.baseUrl, spec, spec.operation);
    // Whether an attempt so far may have done its work without our hearing the answer.
    let lost = false;
    for (let n = 1; ; n++) {
      await deps.limiter.acquire();
      try {
        return await attempt(spec, url);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (!shouldRetry(spec.method, error, n, deps.retry)) {
          // A refusal (4xx) of a repeat: it may only say that the lost attempt did it.
          const refusal = error.kind === "http" && (error.status ?? 0) < 500;
          throw lost && refusal ? new ApiError({ ...error, afterLostAnswer: true }) : error;
        }
        if (mayHaveLanded(error)) {
          lost = true;
          spec.onLostAnswer?.();
        }
        await deps.sleep(backoffDelay(n - 1, deps.retry, deps.random, error.retryAfterMs));
      }
    }
  }

  return { request };
}

/**
 * With `redirect: "manual"` a browser hands back an opaque response (status 0, no Location)
 * and Node the 3xx itself; both end here, before any body is read. Every 3xx counts: the
 * provider answers 200 or an error, and a 300, 304 or 305 is as much "go elsewhere" as a 302.
 */
function refuseRedirect(response: Response, url: string, operation: string): void {
  const redirected = response.status >= 300 && response.status < 400;
  if (response.type !== "opaqueredirect" && !redirected) return;
  const location = response.headers.get("Location");
  // Origin only: a Location may carry credentials or tokens in its path or query.
  const target =
    location === null ? "an address the browser does not reveal" : safeOrigin(location, url);
  throw new ApiError({
    kind: "redirect",
    operation,
    status: response.status === 0 ? undefined : response.status,
    origin: safeOrigin(url),
    detail: `redirect to ${target}`,
  });
}

export type Http = ReturnType<typeof createHttp>;

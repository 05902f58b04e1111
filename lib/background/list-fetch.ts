/**
 * One fetch of a subscribed rule list: conditional (ETag / Last-Modified), under a timer, read
 * with a ceiling, and refused when any redirect hop led to an address a list may not come from
 * (redirect-hops.ts; the hops as the browser took them: redirect-watch.ts). The route (direct or
 * through a token) is the browser's part (`send`).
 */
import { isApiError } from "../api/errors";
import { readBodyText } from "../api/read-body";
import type { ListFetch, Validators } from "../subscriptions/fetch-verdict";
import { hopAllowed } from "../subscriptions/redirect-hops";
import type { RedirectTrail, WatchRedirects } from "./redirect-watch";

/** 5 MiB: gfwlist, the largest list in common use, is some 160 KB of base64. */
export const MAX_LIST_BYTES = 5 * 1024 * 1024;
export const LIST_TIMEOUT_MS = 30_000;
/** How long the hops of a redirected answer may trail it: the events cross processes. */
export const HOPS_GRACE_MS = 2_000;

export type { ListFetch, Validators } from "../subscriptions/fetch-verdict";

export type SendRequest = (url: string, init: RequestInit) => Promise<Response>;

const validatorsOf = (response: Response): Validators => {
  const etag = response.headers.get("ETag")?.slice(0, 500);
  const lastModified = response.headers.get("Last-Modified")?.slice(0, 100);
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
};

export interface ListFetchOptions {
  timeoutMs?: number;
  /** The hops as the browser takes them; without it only where the fetch ended is checked. */
  watch?: WatchRedirects;
}

/**
 * The first address a redirected answer reached that a list may not come from, or null. With a
 * trail, every hop must be known before the list is used: hops never seen fail closed.
 */
async function refusedHop(
  url: string,
  response: Response,
  trail: RedirectTrail | undefined,
  refused: () => string | null,
): Promise<{ reason: "insecure-redirect" | "redirect-unchecked"; at: string } | null> {
  if (response.redirected && !trail) {
    return hopAllowed({ from: url, to: response.url })
      ? null
      : { reason: "insecure-redirect", at: response.url };
  }
  const seen = !response.redirected || (await trail?.reached(response.url, HOPS_GRACE_MS));
  // Asked once every hop is in: a bad one may be told after the answer came.
  const bad = refused();
  if (bad !== null) return { reason: "insecure-redirect", at: bad };
  return seen ? null : { reason: "redirect-unchecked", at: response.url };
}

export async function fetchList(
  send: SendRequest,
  url: string,
  known: Validators,
  { timeoutMs = LIST_TIMEOUT_MS, watch }: ListFetchOptions = {},
): Promise<ListFetch> {
  const headers: Record<string, string> = {};
  if (known.etag) headers["If-None-Match"] = known.etag;
  if (known.lastModified) headers["If-Modified-Since"] = known.lastModified;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let refused: string | null = null;
  const trail = watch?.(url, (hop) => {
    if (refused !== null || hopAllowed(hop)) return;
    refused = hop.to;
    // Stopped at the bad hop: whatever answers there is not read.
    controller.abort();
  });
  try {
    // The browser's own cache stays out of it (the validators are ours), and no cookie or
    // site login of the user's goes with a list request.
    const response = await send(url, {
      headers,
      cache: "no-store",
      credentials: "omit",
      redirect: "follow",
      signal: controller.signal,
    });
    const refusal = await refusedHop(url, response, trail, () => refused);
    if (refusal) {
      // Refused already (said below): a body that will not cancel changes nothing.
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed", reason: refusal.reason, detail: refusal.at.slice(0, 300) };
    }
    if (response.status === 304) return { kind: "unchanged", validators: validatorsOf(response) };
    if (response.status !== 200) {
      // Failed already (said below): a body that will not cancel changes nothing.
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed", reason: "status", detail: String(response.status) };
    }
    const text = await readBodyText(response, "rule list", MAX_LIST_BYTES);
    const contentType = response.headers.get("Content-Type") ?? "";
    return { kind: "text", text, contentType, validators: validatorsOf(response) };
  } catch (error) {
    if (refused !== null) {
      return { kind: "failed", reason: "insecure-redirect", detail: String(refused).slice(0, 300) };
    }
    if (controller.signal.aborted) {
      return { kind: "failed", reason: "timeout", detail: String(timeoutMs / 1000) };
    }
    if (isApiError(error) && error.kind === "too-large") {
      return { kind: "failed", reason: "too-large", detail: String(MAX_LIST_BYTES) };
    }
    return { kind: "failed", reason: "network", detail: String(error).slice(0, 300) };
  } finally {
    clearTimeout(timer);
    trail?.stop();
  }
}

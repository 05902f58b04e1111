/**
 * One fetch of a subscribed rule list: conditional (ETag / Last-Modified), under a timer, read
 * with a ceiling, and refused when a redirect led to an address a list may not come from. The
 * route (direct or through a token) is the browser's part (`send`).
 */
import { isApiError } from "../api/errors";
import { readBodyText } from "../api/read-body";
import { isLoopbackHost } from "../state/base-url";
import type { SubscriptionProblem } from "../subscriptions/status";

/** 5 MiB: gfwlist, the largest list in common use, is some 160 KB of base64. */
export const MAX_LIST_BYTES = 5 * 1024 * 1024;
export const LIST_TIMEOUT_MS = 30_000;

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type ListFetch =
  | { kind: "unchanged"; validators: Validators }
  | { kind: "text"; text: string; contentType: string; validators: Validators }
  | { kind: "failed"; reason: SubscriptionProblem; detail?: string };

export type SendRequest = (url: string, init: RequestInit) => Promise<Response>;

/** A redirect may lead to https, or from http on loopback to http on loopback. */
function redirectAllowed(from: string, to: string): boolean {
  const target = new URL(to);
  if (target.protocol === "https:") return true;
  const origin = new URL(from);
  return (
    target.protocol === "http:" &&
    isLoopbackHost(target.hostname) &&
    origin.protocol === "http:" &&
    isLoopbackHost(origin.hostname)
  );
}

const validatorsOf = (response: Response): Validators => {
  const etag = response.headers.get("ETag")?.slice(0, 500);
  const lastModified = response.headers.get("Last-Modified")?.slice(0, 100);
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
};

export async function fetchList(
  send: SendRequest,
  url: string,
  known: Validators,
  timeoutMs = LIST_TIMEOUT_MS,
): Promise<ListFetch> {
  const headers: Record<string, string> = {};
  if (known.etag) headers["If-None-Match"] = known.etag;
  if (known.lastModified) headers["If-Modified-Since"] = known.lastModified;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
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
    if (response.redirected && !redirectAllowed(url, response.url)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed", reason: "insecure-redirect", detail: response.url.slice(0, 300) };
    }
    if (response.status === 304) return { kind: "unchanged", validators: validatorsOf(response) };
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed", reason: "status", detail: String(response.status) };
    }
    const text = await readBodyText(response, "rule list", MAX_LIST_BYTES);
    const contentType = response.headers.get("Content-Type") ?? "";
    return { kind: "text", text, contentType, validators: validatorsOf(response) };
  } catch (error) {
    if (controller.signal.aborted) {
      return { kind: "failed", reason: "timeout", detail: String(timeoutMs / 1000) };
    }
    if (isApiError(error) && error.kind === "too-large") {
      return { kind: "failed", reason: "too-large", detail: String(MAX_LIST_BYTES) };
    }
    return { kind: "failed", reason: "network", detail: String(error).slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
}

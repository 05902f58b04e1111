/**
 * Where a request goes: the base URL from Options joined with an operation's path (or a
 * same-origin absolute URL such as a refresh_url), plus the query. The base URL is checked
 * here, before anything is sent, because it decides where the credentials go.
 */
import { ApiError } from "./errors";

export type QueryValue = string | number | boolean | undefined | null;

/** Either a path relative to the base URL or an absolute URL already checked to be on its origin. */
export interface RequestTarget {
  path?: string;
  url?: string;
  query?: Record<string, QueryValue>;
}

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

/** Origin without credentials, for messages; `base` resolves a relative `url`. */
export function safeOrigin(url: string, base?: string): string {
  try {
    return new URL(url, base).origin;
  } catch {
    // An address that does not parse is named generically in the message it is for.
    return "the provider";
  }
}

/** The absolute URL of a request, or an `invalid-request` ApiError when the base URL is unusable. */
export function requestUrl(baseUrl: string, target: RequestTarget, operation: string): string {
  const invalid = (detail: string, cause?: unknown) =>
    new ApiError({ kind: "invalid-request", operation, detail, cause });
  let base: URL;
  try {
    base = new URL(baseUrl);
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
    return target.url !== undefined
      ? appendQuery(target.url, target.query)
      : joinUrl(baseUrl, target.path ?? "", target.query);
  } catch (cause) {
    throw invalid("the request address is not a valid URL", cause);
  }
}

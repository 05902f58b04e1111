/**
 * The refresh call of a dynamic token: where it goes and in which method. The spec shows
 * `refresh_url` but not the method.
 */
import { ApiError } from "./errors";
import { requireId } from "./validate";

/**
 * GET is tried first (and, as a GET, retried on transient failures: a repeat only draws
 * another IP); a 405 to it means the provider wants POST, and the call is made again that way.
 * The method that worked is reported (onRefreshMethod) so it can be kept for the provider.
 */
export type RefreshMethod = "GET" | "POST";
export const REFRESH_METHOD: RefreshMethod = "GET";
export const refreshPath = (tokenId: number) => `/token/dynamic/ip/refresh/${tokenId}`;

/** A token id, a refresh_url, or a dynamic token (its refresh_url wins over its id). */
export type RefreshTarget = number | string | { id: number; refresh_url?: string };

/**
 * Where a refresh goes: a token id, or an absolute URL on the provider's origin. The request
 * carries the Authorization header, so a refresh_url on any other origin is refused.
 */
export function resolveRefreshTarget(
  target: RefreshTarget,
  baseUrl: string,
  operation = "refreshDynamicIp",
): { path: string } | { url: string } {
  const isObject = typeof target === "object" && target !== null;
  const raw = isObject ? target.refresh_url : target;
  if (typeof raw !== "string") {
    return { path: refreshPath(requireId(isObject ? target.id : target, "token id", operation)) };
  }
  const refused = (detail: string) => new ApiError({ kind: "invalid-request", operation, detail });
  let url: URL;
  let base: URL;
  try {
    base = new URL(baseUrl);
    url = new URL(raw, base);
  } catch {
    throw refused("the refresh address is not a valid URL");
  }
  if (url.origin !== base.origin) {
    throw refused(
      `the refresh address is not on the provider's origin (${base.origin}); credentials are never sent elsewhere`,
    );
  }
  return { url: url.toString() };
}

export interface RefreshMethodMemory {
  /** The method that worked last for this provider, if known. */
  refreshMethod?: RefreshMethod;
  onRefreshMethod?: (method: RefreshMethod) => void;
}

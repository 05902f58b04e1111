/**
 * Firefox's side of a rule list fetched the user's way: Firefox routes each request on its
 * own, so the background's request for the list (known by its URL, from no tab) goes direct or
 * through the chosen token, and no other traffic moves. A redirect keeps the request's id, and
 * its route.
 */
import type { StoredToken } from "../state/tokens";

/** Null: direct. */
type Via = StoredToken | null;

export function createFirefoxListFetches() {
  const pending = new Map<string, Via>();
  const requests = new Map<string, { url: string; via: Via }>();

  return {
    /** Runs `fetch` with requests for `url` from the background sent `via`. */
    async around<T>(url: string, via: Via, fetch: () => Promise<T>): Promise<T> {
      pending.set(url, via);
      try {
        return await fetch();
      } finally {
        pending.delete(url);
        for (const [id, request] of requests) if (request.url === url) requests.delete(id);
      }
    },
    /** A list request's route (undefined for every other request): a token, or null (direct). */
    route(details: { url: string; requestId?: string; tabId?: number }): Via | undefined {
      const known = details.requestId ? requests.get(details.requestId) : undefined;
      if (known) return known.via;
      if (pending.size === 0 || (details.tabId ?? -1) >= 0 || !pending.has(details.url)) {
        return undefined;
      }
      const via = pending.get(details.url) ?? null;
      if (details.requestId) requests.set(details.requestId, { url: details.url, via });
      return via;
    },
    tokenOfRequest: (requestId: string) => requests.get(requestId)?.via ?? undefined,
  };
}

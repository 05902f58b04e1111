/**
 * The browser's own words for a failed probe request (`net::ERR_PROXY_CONNECTION_FAILED`,
 * `NS_ERROR_PROXY_CONNECTION_REFUSED`…): fetch rejects with a bare TypeError, webRequest
 * says why. Listens only while a health check runs.
 */
import { isProbeUrl } from "../health/probe-target";

type ErrorListener = (details: { url: string; error: string }) => void;

export interface ErrorEvents {
  addListener(listener: ErrorListener, filter: { urls: string[] }): void;
  removeListener(listener: ErrorListener): void;
}

/** How long a rejected fetch waits for its webRequest event (they race). */
const EVENT_WAIT_MS = 300;
const MAX_KEPT = 200;

export function createProbeErrors(events: ErrorEvents) {
  const seen = new Map<string, string>();
  const waiting = new Map<string, (error: string) => void>();
  const listener: ErrorListener = ({ url, error }) => {
    if (!isProbeUrl(url)) return;
    const resolve = waiting.get(url);
    if (resolve) return resolve(error);
    seen.set(url, error);
    if (seen.size > MAX_KEPT) seen.delete(seen.keys().next().value ?? "");
  };
  events.addListener(listener, { urls: ["<all_urls>"] });
  return {
    /** The error the browser reported for this URL, or null if it said nothing in time. */
    of(url: string): Promise<string | null> {
      const known = seen.get(url);
      if (known !== undefined) {
        seen.delete(url);
        return Promise.resolve(known);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(url);
          resolve(null);
        }, EVENT_WAIT_MS);
        waiting.set(url, (error) => {
          clearTimeout(timer);
          waiting.delete(url);
          resolve(error);
        });
      });
    },
    stop: () => events.removeListener(listener),
  };
}

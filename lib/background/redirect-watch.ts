/**
 * The redirect hops of one list fetch, as the browser takes them. A fetch tells only where it
 * ended (`response.url`), and `redirect: "manual"` gives an opaque answer with no Location in
 * both browsers' extension contexts (measured: Chromium 156's worker, Firefox ESR 153), so the
 * hops are read from `webRequest.onBeforeRedirect`, which both fire for the extension's own
 * requests, each hop under the request's one id. The listener lives only while a fetch runs:
 * one for every redirect in the browser would wake the worker for each of them.
 */
import type { Hop } from "../subscriptions/redirect-hops";

export interface RedirectDetails {
  requestId: string;
  url: string;
  redirectUrl: string;
  tabId: number;
}

export interface RedirectEvent {
  addListener(listener: (details: RedirectDetails) => void, filter: { urls: string[] }): void;
  removeListener(listener: (details: RedirectDetails) => void): void;
}

export interface RedirectTrail {
  /** Whether a hop to `url` was seen, waiting up to `ms` for it (events can trail the answer). */
  reached(url: string, ms: number): Promise<boolean>;
  stop(): void;
}

/** Watches the hops of the background's requests that start at `url`. */
export type WatchRedirects = (url: string, onHop: (hop: Hop) => void) => RedirectTrail;

/** An address as `response.url` gives it: with no fragment (a Location header may carry one). */
const withoutFragment = (url: string): string => url.split("#", 1)[0] ?? url;

export function redirectWatcher(event: RedirectEvent): WatchRedirects {
  return (start, onHop) => {
    const requests = new Set<string>();
    const targets = new Set<string>();
    const waiting = new Set<() => void>();
    const listener = (details: RedirectDetails) => {
      // The background's own requests come from no tab; a page may load the same address.
      if (details.tabId >= 0) return;
      if (!requests.has(details.requestId)) {
        if (details.url !== start) return;
        requests.add(details.requestId);
      }
      targets.add(withoutFragment(details.redirectUrl));
      onHop({ from: details.url, to: details.redirectUrl });
      for (const wake of waiting) wake();
    };
    event.addListener(listener, { urls: ["<all_urls>"] });
    return {
      reached: (url, ms) =>
        new Promise<boolean>((resolve) => {
          const done = (seen: boolean) => {
            clearTimeout(timer);
            waiting.delete(check);
            resolve(seen);
          };
          const check = () => {
            if (targets.has(withoutFragment(url))) done(true);
          };
          const timer = setTimeout(() => done(false), ms);
          waiting.add(check);
          check();
        }),
      stop: () => event.removeListener(listener),
    };
  };
}

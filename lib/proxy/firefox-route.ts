/**
 * Firefox's current route, as proxy.onRequest answers with it: set by the engine's decisions
 * (apply, applyPlan, clear, block), never re-read or re-decided here. At a wake the engine
 * reconciles at once; requests that come before its first decision wait for it, and should it
 * never come (a failure before it), they go nowhere rather than direct.
 */
import type { StoredToken } from "../state/tokens";
import type { FirefoxRules } from "./firefox-rules";

/** `blocked`: every request goes to the dead end, the provider's host excepted. */
export interface Route {
  /** The connected token, which carries what no rule takes (null: direct). */
  token: StoredToken | null;
  bypassList: string[];
  blocked: { providerHost: string } | null;
  /**
   * Site rules on: each request is routed by them, the rest by `token` (or direct). The
   * provider's own host (`provider`, host:port) is not theirs: it goes as the rest does, as in
   * Chrome (chrome-pac.ts, providerRule).
   */
  rules: (FirefoxRules & { provider: string }) | null;
  /** The user's Off: "This tab only" routes rest too. */
  off?: boolean;
}

export const DIRECT_ROUTE: Route = { token: null, bypassList: [], blocked: null, rules: null };

/** How long requests wait for the first decision before they are blocked. */
const FIRST_DECISION_MS = 10_000;

export function createFirefoxRoute() {
  // The settled route, so the per-request header listener answers without waiting.
  let settled: Route | null = null;
  let firstDecision: ((route: Route) => void) | null = null;
  let route = new Promise<Route>((resolve) => {
    firstDecision = resolve;
  });
  const undecided = setTimeout(
    () => set({ ...DIRECT_ROUTE, blocked: { providerHost: "" } }),
    FIRST_DECISION_MS,
  );

  function set(next: Route): void {
    clearTimeout(undecided);
    settled = next;
    route = Promise.resolve(next);
    firstDecision?.(next);
    firstDecision = null;
  }

  return {
    set,
    /** The route now, or null before the first decision. */
    settled: () => settled,
    /** The route, once decided. */
    decided: () => route,
  };
}

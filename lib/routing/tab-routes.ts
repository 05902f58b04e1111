/**
 * Firefox's "This tab only" (pure): a tab routed through one token, whatever its sites' rules
 * say. Kept by tab id in storage.session: tab ids last only as long as the browser session,
 * and a closed tab's route is dropped. Fail closed: a tab routed through a token that cannot
 * carry traffic now (gone, expired) goes nowhere, never direct.
 */
import * as z from "zod/mini";
import type { Failure } from "../base/failure";
import type { StoredToken } from "../state/tokens";

/** Tab id (as text: a record key) → token id. */
export const tabRoutesSchema = z.record(
  z.string().check(z.regex(/^\d{1,10}$/)),
  z.int().check(z.refine((id) => id !== 0 && Number.isSafeInteger(id))),
);
export type TabRoutes = z.infer<typeof tabRoutesSchema>;

/**
 * More tabs than anyone routes one by one. Integer keys keep ascending order, so the lowest tab
 * id (the oldest tab: Firefox counts tab ids up) gives way.
 */
export const MAX_TAB_ROUTES = 1_000;

/** The routes with this tab's set (a token id) or removed (null). */
export function withTabRoute(routes: TabRoutes, tabId: number, tokenId: number | null): TabRoutes {
  const key = String(tabId);
  const { [key]: _dropped, ...others } = routes;
  if (tokenId === null) return others;
  const kept = Object.keys(others);
  const trimmed =
    kept.length >= MAX_TAB_ROUTES
      ? Object.fromEntries(Object.entries(others).slice(kept.length - MAX_TAB_ROUTES + 1))
      : others;
  return { ...trimmed, [key]: tokenId };
}

export type TabTarget = { kind: "proxy"; token: StoredToken } | { kind: "block"; failure: Failure };

/**
 * Where this tab's requests go, or null when the tab has no route of its own: the one answer
 * for the proxy (firefox-tab-routes.ts), the popup's "this site" and the traffic log.
 */
export function tabTarget(
  routes: TabRoutes,
  tabId: number | undefined,
  tokens: readonly StoredToken[] | ReadonlyMap<number, StoredToken>,
  unusable: (token: StoredToken | undefined) => Failure | null,
): TabTarget | null {
  if (tabId === undefined || tabId < 0) return null;
  const tokenId = routes[String(tabId)];
  if (tokenId === undefined) return null;
  const token = "get" in tokens ? tokens.get(tokenId) : tokens.find((t) => t.id === tokenId);
  const failure = unusable(token);
  if (failure || !token) return { kind: "block", failure: failure ?? { code: "token-missing" } };
  return { kind: "proxy", token };
}

/** The token ids the routes name (to read only those tokens). */
export const tokensOfTabRoutes = (routes: TabRoutes): Set<number> => new Set(Object.values(routes));

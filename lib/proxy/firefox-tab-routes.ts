/**
 * Firefox's "This tab only" at request time: proxy.onRequest asks per request, so the tab
 * routes and the tokens they name are kept decoded here, read again only after either changes
 * (storage watchers, or the writer telling at once so the next request already sees a click).
 * Rebuilt from storage.session on every wake: nothing lives only in this module.
 */
import { FIREFOX_ABILITIES } from "../base/browser-abilities";
import {
  type TabRoutes,
  type TabTarget,
  tabTarget,
  tokensOfTabRoutes,
} from "../routing/tab-routes";
import type { StoredToken } from "../state/tokens";
import { unusableReason } from "../state/usable";
import { items } from "../storage/items";
import { read, readStateWithNamedTokens } from "../storage/read";

interface Loaded {
  routes: TabRoutes;
  tokens: StoredToken[];
}

async function load(): Promise<Loaded> {
  const routes = await read("tabRoutes");
  // No tab routed (the usual case): the token list is not read at all.
  if (Object.keys(routes).length === 0) return { routes, tokens: [] };
  const named = await readStateWithNamedTokens(["tabRoutes"], (s) =>
    tokensOfTabRoutes(s.tabRoutes),
  );
  return { routes: named.tabRoutes, tokens: named.tokens };
}

export function createFirefoxTabRoutes(now: () => number = Date.now) {
  let loaded: Promise<Loaded> | null = null;
  const changed = () => {
    loaded = null;
  };
  items.tabRoutes.watch(changed);
  items.tokens.watch(changed);
  return {
    changed,
    /** Where this tab's request goes, or null when the tab has no route of its own. */
    async of(tabId: number | undefined): Promise<TabTarget | null> {
      if (tabId === undefined || tabId < 0) return null;
      const current = loaded ?? load();
      loaded = current;
      // A failed read is not remembered (the next request reads again); this request's
      // listener fails, and onRequest fails closed.
      current.catch(() => {
        if (loaded === current) loaded = null;
      });
      const { routes, tokens } = await current;
      return tabTarget(routes, tabId, tokens, (token) =>
        unusableReason(token, FIREFOX_ABILITIES.supportsSocksAuth, now()),
      );
    },
  };
}

/** Where a setup's rules send each URL in Proxy Deck's own router: "direct", "block", a proxy's name, or "rest". */
import type { ForeignImport } from "../../../lib/import/foreign";
import { proxyKey, siteRulesOf } from "../../../lib/import/plan";
import { compileRules } from "../../../lib/routing/router";

export function routesOf(setup: ForeignImport, urls: readonly string[]): Record<string, string> {
  // Token ids as "Add proxies" would give them: one per distinct proxy, in order.
  const ids = new Map<string, number>();
  const names = new Map<number, string>();
  for (const proxy of setup.proxies) {
    const key = proxyKey(proxy);
    if (ids.has(key)) continue;
    ids.set(key, -(ids.size + 1));
    names.set(-ids.size, proxy.name);
  }
  let n = 0;
  const router = compileRules(siteRulesOf(setup, ids, () => `r${++n}`));
  const seen: Record<string, string> = {};
  for (const url of urls) {
    const match = router.route(url);
    seen[url] = !match
      ? "rest"
      : match.route.kind === "token"
        ? (names.get(match.route.tokenId) ?? "?")
        : match.route.kind;
  }
  return seen;
}

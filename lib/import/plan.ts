/**
 * What a setup from another extension becomes here (pure): its proxies as the CSV text "Add
 * proxies" reads (names kept), its rules as Proxy Deck site rules routed to the tokens those
 * proxies became, and its bypass entries merged into the stored list. The page previews with
 * these; the background builds the same again from the file before it writes.
 */

import { invalidBypassRules } from "../base/bypass-rules";
import type { Route, SiteRule } from "../routing/rules";
import type { ForeignImport, ForeignProxy, ForeignRoute } from "./foreign";

/** How "Add proxies" tells one proxy from another (proxy-lines.ts). */
export const proxyKey = (p: { host: string; port: number; username: string }): string =>
  `${p.host}\u0000${p.port}\u0000${p.username}`;

const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/** The proxies as CSV with a header, in the file's order. */
export function proxiesCsv(proxies: readonly ForeignProxy[]): string {
  const rows = proxies.map((p) =>
    [p.host, p.port, p.username, p.password, p.type, p.name].map(cell).join(","),
  );
  return ["host,port,username,password,type,name", ...rows].join("\n");
}

/** Token id of each held proxy, by key. */
export function heldIds(
  tokens: readonly { id: number; host: string; port: number; username: string }[],
): Map<string, number> {
  const ids = new Map<string, number>();
  for (const token of tokens) {
    const key = proxyKey(token);
    if (!ids.has(key)) ids.set(key, token.id);
  }
  return ids;
}

/** A rule's route; null when its proxy has no token (it was refused). */
export function routeOf(
  route: ForeignRoute,
  proxies: readonly ForeignProxy[],
  ids: ReadonlyMap<string, number>,
): Route | null {
  if (route.kind !== "proxy") return route;
  const proxy = proxies[route.proxy];
  const id = proxy ? ids.get(proxyKey(proxy)) : undefined;
  return id === undefined ? null : { kind: "token", tokenId: id };
}

/**
 * The site rules, in the file's order, for the tokens in `ids`; rules without one left out.
 * With `rest`, a last rule sends everything else where the source sent it (`*` matches every
 * host), so the routes are the source's whatever the user connects.
 */
export function siteRulesOf(
  setup: ForeignImport,
  ids: ReadonlyMap<string, number>,
  newId: () => string,
  rest = false,
): SiteRule[] {
  const rules: SiteRule[] = [];
  for (const rule of setup.rules) {
    const route = routeOf(rule.route, setup.proxies, ids);
    if (route) rules.push({ id: newId(), enabled: rule.enabled, source: rule.source, route });
  }
  const last = rest && setup.rest ? routeOf(setup.rest, setup.proxies, ids) : null;
  if (last)
    rules.push({ id: newId(), enabled: true, source: { type: "pattern", text: "*" }, route: last });
  return rules;
}

/** The stored bypass list with the file's entries after it; entries Chrome would reject apart. */
export function mergedBypass(
  stored: readonly string[],
  incoming: readonly string[],
): { list: string[]; added: string[]; refused: string[] } {
  const refused = new Set(invalidBypassRules(incoming).map((p) => p.rule));
  const have = new Set(stored.map((e) => e.toLowerCase()));
  const added: string[] = [];
  for (const entry of incoming) {
    if (refused.has(entry) || have.has(entry.toLowerCase())) continue;
    have.add(entry.toLowerCase());
    added.push(entry);
  }
  return { list: [...stored, ...added], added, refused: [...refused] };
}

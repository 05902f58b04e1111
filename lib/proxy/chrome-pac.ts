/**
 * Chrome's config for site rules (pure): a generated PAC script that sends each rule's sites
 * where its route leads, written as a fixed script (`pacScript.data`, mandatory: a broken
 * script never means direct). The user's bypass entries and the provider's own host come first
 * as direct rules, as they do in fixed_servers. Chrome never hands a PAC script loopback
 * addresses: those always go direct while rules are on (measured in Chromium 156).
 */
import { pacScript } from "../routing/pac";
import type { RouteTarget, RoutingPlan } from "../routing/plan";
import type { SiteRule } from "../routing/rules";
import { type ChromeProxyConfig, DEAD_END, normalizeBypassList } from "./config";

const DEAD_END_RESULT = proxyResult(DEAD_END);

/** A PAC result naming one proxy (an IPv6 host in brackets). */
export function proxyResult(address: { host: string; port: number }, keyword = "PROXY"): string {
  const host = address.host.includes(":") ? `[${address.host}]` : address.host;
  return `${keyword} ${host}:${address.port}`;
}

export function pacResult(target: RouteTarget): string {
  if (target.kind === "direct") return "DIRECT";
  if (target.kind === "block") return DEAD_END_RESULT;
  return proxyResult(target);
}

/** Bypass entries as direct rules; Chrome's `<local>`-style keywords have no pattern form. */
export function bypassRules(bypassList: string[], providerHostname: string): SiteRule[] {
  const hosts = normalizeBypassList([...bypassList, providerHostname]).filter(
    (entry) => entry && !entry.startsWith("<"),
  );
  return hosts.map((text, i) => ({
    id: `bypass-${i}`,
    enabled: true,
    source: { type: "pattern", text },
    route: { kind: "direct" },
  }));
}

export function chromePacConfig(
  plan: RoutingPlan,
  bypassList: string[],
  providerHostname: string,
): ChromeProxyConfig {
  const rules = [
    ...bypassRules(bypassList, providerHostname),
    ...plan.rules.filter((r) => !r.container),
  ];
  const data = pacScript(
    rules,
    (route) => pacResult(plan.targetOf(route)),
    pacResult(plan.fallback),
  );
  return { mode: "pac_script", pacScript: { data, mandatory: true } };
}

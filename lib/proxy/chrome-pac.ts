/**
 * Chrome's config for site rules (pure): a generated PAC script that sends each rule's sites
 * where its route leads, written as a fixed script (`pacScript.data`, mandatory: a broken
 * script never means direct). The user's bypass entries come first, read as fixed_servers reads
 * them (routing/bypass-match.ts), then the provider's own host (providerRule). Chrome never hands a PAC script
 * loopback addresses: those always go direct while rules are on (measured in Chromium 156).
 */
import { parseBypassList } from "../routing/bypass-match";
import { pacScript } from "../routing/pac";
import type { RouteTarget, RoutingPlan } from "../routing/plan";
import { providerTarget } from "../routing/provider-route";
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

/** The provider's own host, before any rule (routing/provider-route.ts). */
function providerRule(plan: RoutingPlan, providerHostname: string): SiteRule[] {
  if (!providerHostname) return [];
  const target = providerTarget(plan.fallback);
  return [
    {
      id: "provider",
      enabled: true,
      source: { type: "pattern", text: providerHostname },
      route:
        target.kind === "proxy" ? { kind: "token", tokenId: target.token.id } : { kind: "direct" },
    },
  ];
}

export function chromePacConfig(
  plan: RoutingPlan,
  bypassList: string[],
  providerHostname: string,
): ChromeProxyConfig {
  const rules = [
    ...providerRule(plan, providerHostname),
    ...plan.rules.filter((r) => !r.container),
  ];
  const data = pacScript(
    rules,
    (route) => pacResult(plan.targetOf(route)),
    pacResult(plan.fallback),
    parseBypassList(normalizeBypassList(bypassList)),
  );
  return { mode: "pac_script", pacScript: { data, mandatory: true } };
}

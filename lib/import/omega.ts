/**
 * A SwitchyOmega/ZeroOmega options file as a Proxy Deck setup. Fixed profiles become proxies
 * (their fallback proxy and its login). The switch profile in use is walked as omega-pac
 * routes a request (profiles.coffee): its rules in order, then its default profile, which may
 * be a rule-list profile (one list rule, its `@@`/`!` lines falling through) whose default is
 * walked in turn; the first plain profile reached is where the rest of the traffic went.
 */

import { validateListUrl } from "../base/list-url";
import type { SiteRule } from "../routing/rules";
import type { ForeignImport, ForeignRead, ForeignRoute, SkipWhy } from "./foreign";
import { MAX_FOREIGN_PATTERNS, MAX_FOREIGN_PROXIES } from "./foreign";
import { conditionPatterns, type OmegaCondition } from "./omega-conditions";
import { ruleListLines } from "./omega-rule-list";
import {
  type FixedProfile,
  type OmegaProfile,
  type RuleListProfile,
  readProfiles,
} from "./omega-schema";
import { proxyOf } from "./proxy-check";

/** Chrome bypasses loopback itself: Omega's default bypass entries need not come over. */
const LOOPBACK = new Set(["127.0.0.1", "::1", "[::1]", "localhost", "<local>"]);

const conditionText = (c: OmegaCondition) =>
  c.conditionType === "IpCondition"
    ? `${c.conditionType}: ${c.ip}/${c.prefixLength}`
    : `${c.conditionType}: ${c.pattern ?? ""}`;

function fixedProxy(out: ForeignImport, name: string, p: FixedProfile): number | null {
  const skip = (why: SkipWhy, detail?: string) => {
    out.skipped.push({ what: name, why, ...(detail ? { detail } : {}) });
    return null;
  };
  const server = p.fallbackProxy;
  const same = (s: typeof server) =>
    !s ||
    (s.scheme === server?.scheme && s.host === server.host && `${s.port}` === `${server.port}`);
  // One proxy per scheme is a choice Proxy Deck does not have.
  if (!server || !same(p.proxyForHttp) || !same(p.proxyForHttps) || !same(p.proxyForFtp)) {
    return skip("per-scheme");
  }
  for (const condition of p.bypassList ?? []) {
    const entry = condition.pattern?.trim() ?? "";
    if (condition.conditionType !== "BypassCondition" || LOOPBACK.has(entry)) continue;
    if (!out.bypass.includes(entry)) out.bypass.push(entry);
  }
  const login = p.auth?.fallbackProxy ?? p.auth?.all;
  const checked = proxyOf(
    name,
    server.scheme,
    server.host,
    `${server.port}`,
    login?.username ?? "",
    login?.password ?? "",
  );
  if (!checked.ok) return skip(checked.why, checked.detail);
  out.proxies.push(checked.proxy);
  return out.proxies.length - 1;
}

export function readOmega(value: Record<string, unknown>): ForeignRead {
  const read = readProfiles(value);
  if (!read.ok)
    return { ok: false, problem: { kind: "damaged", format: "omega", where: read.where } };
  const { profiles, options } = read;
  const out: ForeignImport = {
    format: "omega",
    proxies: [],
    rules: [],
    bypass: [],
    skipped: [],
    rest: null,
  };
  const proxyAt = new Map<string, number | null>();
  for (const [name, profile] of profiles) {
    if (profile.kind === "fixed") proxyAt.set(name, fixedProxy(out, name, profile));
    else if (profile.kind === "other")
      out.skipped.push({ what: name, why: "proxy-type", detail: profile.profileType });
  }
  if (out.proxies.length > MAX_FOREIGN_PROXIES) {
    return { ok: false, problem: { kind: "too-many", format: "omega" } };
  }

  /** A plain profile as a route; null (and said why) when it cannot be one. */
  const routeTo = (name: string, what: string): ForeignRoute | null => {
    if (name === "direct") return { kind: "direct" };
    const profile = profiles.get(name);
    if (profile?.kind === "switch" || profile?.kind === "rule-list") {
      out.skipped.push({ what, why: "nested", detail: name });
      return null;
    }
    const index = proxyAt.get(name);
    if (index === undefined || index === null) {
      out.skipped.push({ what, why: "no-proxy", detail: name });
      return null;
    }
    return { kind: "proxy", proxy: index };
  };

  const root = rootOf(profiles, options.get("startupProfileName"));
  const walked = new Set<string>();
  let at: string | null = root;
  while (at !== null && !walked.has(at)) {
    walked.add(at);
    const profile = profiles.get(at);
    if (profile?.kind === "switch") {
      for (const rule of profile.rules ?? []) {
        const what = conditionText(rule.condition);
        const converted = conditionPatterns(rule.condition);
        if (!converted.ok) {
          out.skipped.push({
            what,
            why: converted.why,
            ...(converted.detail ? { detail: converted.detail } : {}),
          });
          continue;
        }
        const route = routeTo(rule.profileName, what);
        if (!route) continue;
        for (const text of converted.patterns) {
          out.rules.push({ from: what, source: { type: "pattern", text }, route, enabled: true });
        }
      }
      at = profile.defaultProfileName;
    } else if (profile?.kind === "rule-list") {
      listRule(out, at, profile, routeTo, everyHoursOf(options.get("downloadInterval")));
      at = profile.defaultProfileName;
    } else {
      out.rest = at === root ? null : routeTo(at, at);
      at = null;
    }
  }
  for (const [name, profile] of profiles) {
    if ((profile.kind === "switch" || profile.kind === "rule-list") && !walked.has(name)) {
      out.skipped.push({ what: name, why: "unused", detail: root ?? "" });
    }
  }
  if (out.rules.length > MAX_FOREIGN_PATTERNS) {
    return { ok: false, problem: { kind: "too-many", format: "omega" } };
  }
  return { ok: true, setup: out };
}

/**
 * Omega's `-downloadInterval` (minutes; -1 never) as a list's hours here, 1 to 720: "never"
 * is the longest Proxy Deck offers, since a list kept by URL is fetched now and then.
 */
function everyHoursOf(minutes: unknown): number {
  if (typeof minutes !== "number" || !Number.isFinite(minutes)) return 24;
  if (minutes <= 0) return 720;
  return Math.min(720, Math.max(1, Math.round(minutes / 60)));
}

/** The profile Omega starts with when it routes by rules; else the first switch profile. */
function rootOf(profiles: Map<string, OmegaProfile>, startup: unknown): string | null {
  const kind = typeof startup === "string" ? profiles.get(startup)?.kind : undefined;
  if (typeof startup === "string" && (kind === "switch" || kind === "rule-list")) return startup;
  for (const [name, profile] of profiles) {
    // `__ruleListOf_x` is the rule list a switch profile keeps; it is reached through x.
    if (profile.kind === "switch" && !name.startsWith("__")) return name;
  }
  return null;
}

function listRule(
  out: ForeignImport,
  name: string,
  profile: RuleListProfile,
  routeTo: (name: string, what: string) => ForeignRoute | null,
  everyHours: number,
) {
  const format =
    profile.format ??
    (profile.profileType === "AutoProxyRuleListProfile" ? "AutoProxy" : "Switchy");
  const read = ruleListLines(format, profile.ruleList ?? "");
  if (read.perLineResults) {
    out.skipped.push({ what: name, why: "condition", detail: "@with result" });
    return;
  }
  if (read.refused > 0)
    out.skipped.push({ what: name, why: "list-lines", detail: `${read.refused}` });
  const route = routeTo(profile.matchProfileName, name);
  if (!route || read.lines.length === 0) return;
  const url = profile.sourceUrl?.trim() ?? "";
  // Proxy Deck fetches AutoProxy lists; from a file only over https.
  const kept = url !== "" && format === "AutoProxy" ? validateListUrl(url, false) : null;
  if (url !== "" && !kept?.ok) out.skipped.push({ what: name, why: "list-url", detail: url });
  const source: SiteRule["source"] = {
    type: "list",
    name: name.slice(0, 200),
    lines: read.lines,
    ...(kept?.ok ? { subscription: { url: kept.url, via: { kind: "direct" }, everyHours } } : {}),
  };
  out.rules.push({ from: name, source, route, enabled: true });
}

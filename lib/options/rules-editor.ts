/**
 * The site-rule editor's logic (pure): moving rules, naming routes and rules, the sentence for
 * each pattern mistake, and which route an address would take.
 */

import type { BrowserAbilities } from "../base/browser-abilities";
import type { RulesKey, RulesT } from "../i18n/rules-strings";
import type { PatternProblem } from "../routing/pattern";
import { planRouting } from "../routing/plan";
import { compileRules } from "../routing/router";
import { type ListProblem, ruleLines } from "../routing/rule-list";
import type { Route, RuleSource, SiteRule } from "../routing/rules";
import { isExpired } from "../state/token-facts";
import { menuTag } from "../state/token-look";
import type { StoredToken } from "../state/tokens";
import { unusableReason } from "../state/usable";
import { asChromeSeesIt } from "../traffic/site-route";

type TokenFacts = Pick<
  StoredToken,
  "id" | "kind" | "name" | "look" | "host" | "ip" | "port" | "country" | "countryCode" | "expiresAt"
>;

/** The list with the rule at `index` moved by `delta` places; the same list when it cannot. */
export function moveRule<T>(rules: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= rules.length || target < 0 || target >= rules.length) {
    return [...rules];
  }
  const next = [...rules];
  const [moved] = next.splice(index, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/** A route as a `<select>` value, and back (null for a value no route has). */
export function routeValue(route: Route): string {
  return route.kind === "token" ? `token:${route.tokenId}` : route.kind;
}
export function routeFromValue(value: string): Route | null {
  if (value === "direct" || value === "block") return { kind: value };
  const match = /^token:(-?[1-9]\d{0,15})$/.exec(value);
  if (!match) return null;
  const tokenId = Number(match[1]);
  return Number.isSafeInteger(tokenId) ? { kind: "token", tokenId } : null;
}

/**
 * How the user recognises a token: its name (else its number: tokens on one gateway share
 * host:port), where the browser connects, and its country.
 */
export function tokenRouteLabel(token: TokenFacts): string {
  const address = token.host || token.ip;
  // A native option draws no dot: the colour's circle, the id and name, then the address.
  const parts = [menuTag(token), address ? `${address}:${token.port}` : ""];
  return [...parts, token.country || token.countryCode].filter(Boolean).join(" · ");
}

/** Whether a rule's route still leads somewhere: a gone or expired token blocks its sites. */
export type RouteHealth = "ok" | "gone" | "expired";
export function routeHealth(route: Route, tokens: readonly TokenFacts[], now: number): RouteHealth {
  if (route.kind !== "token") return "ok";
  const token = tokens.find((t) => t.id === route.tokenId);
  if (!token) return "gone";
  return isExpired(token, now) ? "expired" : "ok";
}

export interface RouteOption {
  value: string;
  text: string;
}

/** The choices of a route select: every token, Direct and Block, and `current` if it is gone. */
export function routeOptions(
  tokens: readonly TokenFacts[],
  now: number,
  t: RulesT,
  current?: Route,
): RouteOption[] {
  const options = tokens.map((token) => {
    const label = tokenRouteLabel(token);
    return {
      value: routeValue({ kind: "token", tokenId: token.id }),
      text: isExpired(token, now) ? t("rules.tokenExpired", { label }) : label,
    };
  });
  if (current?.kind === "token" && !tokens.some((token) => token.id === current.tokenId)) {
    options.push({
      value: routeValue(current),
      text: t("rules.tokenGone", { id: current.tokenId }),
    });
  }
  options.push(
    { value: "direct", text: t("rules.direct") },
    { value: "block", text: t("rules.block") },
  );
  return options;
}

/** A route in words. */
export function routeText(route: Route, tokens: readonly TokenFacts[], now: number, t: RulesT) {
  if (route.kind === "direct") return t("rules.direct");
  if (route.kind === "block") return t("rules.block");
  const token = tokens.find((candidate) => candidate.id === route.tokenId);
  if (!token) return t("rules.tokenGone", { id: route.tokenId });
  const label = tokenRouteLabel(token);
  return isExpired(token, now) ? t("rules.tokenExpired", { label }) : label;
}

/** A rule's source in words: its pattern, or its list's name and count of rule lines. */
export function sourceText(source: RuleSource, t: RulesT): string {
  if (source.type === "pattern") return source.text;
  const count = ruleLines(source.lines).length;
  return t(count === 1 ? "rules.listSourceOne" : "rules.listSource", {
    name: source.name || t("rules.unnamedList"),
    count,
  });
}

const PROBLEM_KEYS: Record<PatternProblem, RulesKey> = {
  empty: "rules.problem.empty",
  spaces: "rules.problem.spaces",
  "bad-host": "rules.problem.bad-host",
  "bad-wildcard": "rules.problem.bad-wildcard",
  "bad-cidr": "rules.problem.bad-cidr",
  "bad-regex": "rules.problem.bad-regex",
  "slow-regex": "rules.problem.slow-regex",
  "too-long": "rules.problem.too-long",
};

/** What is wrong with a pattern, and what to do about it. */
export const problemSentence = (problem: PatternProblem, t: RulesT): string =>
  t(PROBLEM_KEYS[problem]);

/** A typed address as a URL to route: a bare host gets https://; null when it is no URL. */
export function urlToTest(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.hostname ? url.href : null;
  } catch {
    // Not an address: the editor says so under the field.
    return null;
  }
}

export type RouteAnswer =
  | { kind: "rule"; position: number; rule: SiteRule; route: Route }
  | { kind: "default"; tokenId: number | null };

/** Which route `url` takes under the enabled rules, first match winning; else the default. */
export function routeOfUrl(
  rules: readonly SiteRule[],
  url: string,
  activeTokenId: number | null,
  /** Chrome: a PAC script sees only the origin of an https:// address. */
  originOnlyForHttps = false,
): RouteAnswer {
  const router = compileRules(rules.filter((rule) => rule.enabled));
  const match = router.route(originOnlyForHttps ? asChromeSeesIt(url) : url);
  const index = match ? rules.findIndex((rule) => rule.id === match.ruleId) : -1;
  const rule = rules[index];
  if (!match || !rule) return { kind: "default", tokenId: activeTokenId };
  return { kind: "rule", position: index + 1, rule, route: match.route };
}

/** A new enabled rule with a fresh id. */
export function newRule(source: RuleSource, route: Route): SiteRule {
  return { id: crypto.randomUUID(), enabled: true, source, route };
}

/** The route a new rule starts with: the connected token, else the first usable one, else Direct. */
export function firstRoute(
  tokens: readonly TokenFacts[],
  activeTokenId: number | null,
  now: number,
): Route {
  const usable = tokens.filter((token) => !isExpired(token, now));
  const token = usable.find((candidate) => candidate.id === activeTokenId) ?? usable[0];
  return token ? { kind: "token", tokenId: token.id } : { kind: "direct" };
}

/** Why a line of an imported list was rejected, and what to do. */
export function listProblemSentence(problem: ListProblem | undefined, t: RulesT): string {
  if (problem === "unsupported") return t("rules.import.problem.unsupported");
  if (problem === "too-many") return t("rules.import.problem.too-many");
  return problemSentence(problem ?? "bad-host", t);
}

/**
 * Rules whose token shares its gateway with another routed token beyond what the browser can
 * hold apart (Chrome: one login per host:port as written, see lib/routing/plan.ts): rule id →
 * the gateway. The background blocks those rules' sites; the editor says why.
 */
export function sharedGatewayRules(
  rules: SiteRule[],
  tokens: StoredToken[],
  defaultTokenId: number | null,
  browser: BrowserAbilities,
  now: number,
): Map<string, string> {
  // As the background plans it: a token that cannot be used (expired, SOCKS5 in Chrome…)
  // blocks its own rules and takes no gateway spelling from a later one.
  const plan = planRouting({
    rules,
    tokens,
    defaultTokenId,
    unusable: (token) => unusableReason(token, browser.supportsSocksAuth, now),
    oneLoginPerEndpoint: browser.oneLoginPerEndpoint,
  });
  const shared = new Map<string, string>();
  for (const rule of plan.rules) {
    const target = plan.targetOf(rule.route);
    if (target.kind === "block" && target.failure?.code === "gateway-shared") {
      shared.set(rule.id, target.failure.endpoint);
    }
  }
  return shared;
}

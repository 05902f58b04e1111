/**
 * One SwitchyOmega/ZeroOmega condition (omega-pac's conditions.coffee) as Proxy Deck patterns
 * that match the same requests, or why it cannot come over. Omega tests host conditions against
 * the host and URL conditions against the URL; Proxy Deck's host patterns mean the same where
 * the readings agree (`*.x` apex included, `**.x` subdomains only, other wildcards the whole
 * host), and a regular expression stands in where they do not (a bare `x` is that host only in
 * Omega, the host and its subdomains in Proxy Deck).
 */
import { parsePattern } from "../routing/pattern";
import { escapeRegex, type SkipWhy } from "./foreign";
import { shExpToRegex } from "./shexp";

export interface OmegaCondition {
  conditionType: string;
  pattern?: string;
  ip?: string;
  prefixLength?: number;
}

export type ConditionPatterns =
  | { ok: true; patterns: string[] }
  | { ok: false; why: SkipWhy; detail?: string };

const refuse = (why: SkipWhy, detail?: string): ConditionPatterns =>
  detail === undefined ? { ok: false, why } : { ok: false, why, detail };

/** Exactly this host, on any scheme and port (Omega's bare host wildcard). */
const exactHost = (host: string) =>
  `/^[^:/]+:\\/\\/${escapeRegex(host.toLowerCase())}(?::\\d+)?\\//`;

/** Each pattern as Proxy Deck reads it, or the first it would refuse. */
function checked(patterns: string[], from: string): ConditionPatterns {
  const bad = patterns.find((p) => !parsePattern(p).ok);
  return bad === undefined ? { ok: true, patterns } : refuse("pattern", from);
}

/** A host wildcard (no `|`): Proxy Deck's own host pattern, or the exact-host regex. */
function hostWildcard(raw: string): string {
  const part = raw.startsWith(".") ? `*${raw}` : raw;
  return /[*?]/.test(part) ? part.toLowerCase() : exactHost(part);
}

/** A Chrome-style bypass entry in a switch rule, as omega-pac's BypassCondition matches it. */
function bypass(pattern: string): ConditionPatterns {
  if (pattern === "<local>" || pattern.includes("://")) return refuse("condition", pattern);
  if (/^[\d.]+(?:\/\d+)?$/.test(pattern) || /^\[?[0-9a-f:]+\]?(?:\/\d+)?$/i.test(pattern)) {
    return checked([pattern], pattern);
  }
  // host:port is matched against the URL there; not worth a second reading here.
  if (pattern.includes(":")) return refuse("condition", pattern);
  const host = pattern.startsWith(".") ? `*${pattern}` : pattern;
  // Omega trims the leading `*`: `*.x` is x's subdomains only, Proxy Deck's `**.x`.
  if (host.startsWith("*.")) return checked([`*${host.toLowerCase()}`], pattern);
  return checked([hostWildcard(host)], pattern);
}

export function conditionPatterns(condition: OmegaCondition): ConditionPatterns {
  const pattern = condition.pattern ?? "";
  const parts = pattern.split("|").filter((p) => p !== "");
  switch (condition.conditionType) {
    case "HostWildcardCondition":
      return parts.length ? checked(parts.map(hostWildcard), pattern) : refuse("never-matches");
    case "UrlWildcardCondition": {
      if (!parts.length) return refuse("never-matches");
      // An empty regex (from `*`) matches every URL; Proxy Deck needs some text: `^`.
      const regexes = parts.map((p) => shExpToRegex(p, true) || "^");
      return checked(
        regexes.map((r) => `/${r}/`),
        pattern,
      );
    }
    case "UrlRegexCondition":
      try {
        new RegExp(pattern);
      } catch {
        // Omega's safeRegex turns a broken expression into one that matches nothing.
        return refuse("never-matches", pattern);
      }
      return pattern === "" ? refuse("never-matches") : checked([`/${pattern}/`], pattern);
    case "KeywordCondition":
      // Omega: the text anywhere in a plain-http URL.
      return pattern === ""
        ? refuse("never-matches")
        : checked([`/^(?=http:\\/\\/).*${escapeRegex(pattern)}/`], pattern);
    case "IpCondition":
      return checked(
        [`${condition.ip ?? ""}/${condition.prefixLength ?? ""}`],
        String(condition.ip),
      );
    case "BypassCondition":
      return bypass(pattern);
    case "TrueCondition":
      return { ok: true, patterns: ["*"] };
    case "FalseCondition":
      return refuse("never-matches", pattern);
    default:
      // HostRegex (a regex on the host alone), HostLevels, Weekday, Time: no Proxy Deck pattern
      // means the same.
      return refuse("condition", condition.conditionType);
  }
}

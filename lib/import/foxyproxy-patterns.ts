/**
 * FoxyProxy's patterns (pattern.js) as Proxy Deck regular expressions with the same meaning:
 * FoxyProxy turns each into a regex string and tests it, case-insensitive, against the whole
 * URL (on-request.js `new RegExp(i, 'i').test(url)`; the same in its Chrome PAC script).
 * Wildcards are unanchored there (`*://example.com/*` also matches `…?u=https://example.com/`),
 * and so they stay here.
 */
import { MAX_REGEX_LENGTH, parseRegex } from "../routing/pattern";

/** pattern.js `convertWildcard`. */
function wildcardRegex(str: string): string {
  if (str === "*") return "\\w+";
  return (
    str
      // A run of * is one (the same meaning; `.*.*` only made a miss backtrack longer).
      .replace(/\*+/g, "*")
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/^\*|\*$/g, "")
      .replaceAll("*", ".*")
      .replaceAll("?", ".")
  );
}

/** pattern.js `convertMatchPattern`: the whole URL. */
function matchRegex(str: string): string {
  if (str === "<all_urls>") return "\\w+";
  const body = str
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace("*://", "[^:]+://")
    .replace("://*\\.", "://(.+\\.)?")
    .replaceAll("*", ".*");
  return `^${body}$`;
}

/** The Proxy Deck pattern (`/…/i`), or null when FoxyProxy's regex cannot be one here. */
export function foxyPattern(type: string, pattern: string): string | null {
  const source =
    type === "wildcard" ? wildcardRegex(pattern) : type === "match" ? matchRegex(pattern) : pattern;
  if (type !== "wildcard" && type !== "match" && type !== "regex") return null;
  if (source === "" || source.length > MAX_REGEX_LENGTH || /\s/.test(source)) return null;
  const text = `/${source}/i`;
  return parseRegex(text).ok ? text : null;
}

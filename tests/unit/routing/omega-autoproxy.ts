/**
 * SwitchyOmega's reading of an AutoProxy list, ported line for line from omega-pac (the
 * reference the importer follows): `src/rule_list.coffee` (AutoProxy.parse), the matchers of
 * `src/conditions.coffee` and `src/shexp_utils.coffee`. Tests compare the router against it;
 * it is never product code.
 */
import { requestOf } from "../../../lib/routing/router";

interface Condition {
  type: "UrlRegex" | "UrlWildcard" | "HostWildcard" | "Keyword";
  pattern: string;
}
interface Rule {
  exclusive: boolean;
  condition: Condition;
}

/** shexp_utils.coffee: shExp2RegExp. */
function shExp2RegExp(pattern: string, trimAsterisk: boolean): string {
  let start = 0;
  let end = pattern.length;
  if (trimAsterisk) {
    while (start < end && pattern[start] === "*") start++;
    while (start < end && pattern[end - 1] === "*") end--;
    if (end - start === 1 && pattern[start] === "*") return "";
  }
  let regex = start === 0 ? "^" : "";
  for (let i = start; i < end; i++) {
    const ch = pattern[i] ?? "";
    if (ch === "*") regex += ".*";
    else if (ch === "?") regex += ".";
    else regex += ("\\[^$.|?*+(){}/".includes(ch) ? "\\" : "") + ch;
  }
  return end === pattern.length ? `${regex}$` : regex;
}

/** shexp_utils.coffee: escapeSlash. */
function escapeSlash(pattern: string): string {
  let escaped = false;
  let out = "";
  for (const ch of pattern) {
    if (ch === "/" && !escaped) out += "\\";
    out += ch;
    escaped = ch === "\\" && !escaped;
  }
  return out;
}

/** conditions.coffee: safeRegex. */
function safeRegex(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch {
    return /(?!)/;
  }
}

/** rule_list.coffee: AutoProxy.parse, exclusive rules first. */
export function omegaParse(text: string): Rule[] {
  const rules: Rule[] = [];
  for (let line of text.split(/\n|\r/)) {
    line = line.trim();
    if (line.length === 0 || line[0] === "!" || line[0] === "[") continue;
    const exclusive = line.startsWith("@@");
    if (exclusive) line = line.substring(2);
    let condition: Condition;
    if (line[0] === "/")
      condition = { type: "UrlRegex", pattern: line.substring(1, line.length - 1) };
    else if (line[0] === "|") {
      condition =
        line[1] === "|"
          ? { type: "HostWildcard", pattern: `*.${line.substring(2)}` }
          : { type: "UrlWildcard", pattern: `${line.substring(1)}*` };
    } else if (!line.includes("*")) condition = { type: "Keyword", pattern: line };
    else condition = { type: "UrlWildcard", pattern: `http://*${line}*` };
    rules.push({ exclusive, condition });
  }
  return [...rules.filter((r) => r.exclusive), ...rules.filter((r) => !r.exclusive)];
}

/** conditions.coffee: each condition type's `match`. */
function omegaMatch({ type, pattern }: Condition, url: string, host: string, scheme: string) {
  const parts = (glob: (part: string) => string) =>
    safeRegex(
      pattern
        .split("|")
        .filter((p) => p)
        .map(glob)
        .join("|"),
    );
  switch (type) {
    case "Keyword":
      return scheme === "http" && url.indexOf(pattern) >= 0;
    case "UrlRegex":
      return safeRegex(escapeSlash(pattern)).test(url);
    case "UrlWildcard":
      return parts((p) => shExp2RegExp(p, true)).test(url);
    case "HostWildcard":
      return parts((p) => {
        const q = p.startsWith(".") ? `*${p}` : p;
        if (q.startsWith("**.")) return shExp2RegExp(q.substring(1), true);
        if (q.startsWith("*.")) {
          return shExp2RegExp(q.substring(2), false)
            .replace(/./, "(?:^|\\.)")
            .replace(/\.\*\$$/, "");
        }
        return shExp2RegExp(q, true);
      }).test(host);
  }
}

/** Does SwitchyOmega send `url` to the list's profile (the first matching rule decides)? */
export function omegaListMatches(text: string, url: string): boolean {
  const req = requestOf(url);
  if (!req) return false;
  const first = omegaParse(text).find((r) =>
    omegaMatch(r.condition, req.url, req.host, req.scheme),
  );
  return first !== undefined && !first.exclusive;
}

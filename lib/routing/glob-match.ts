/**
 * Wildcard patterns (`*` any run of characters, `?` any one) matched in time proportional to
 * the text times the pattern at worst. As regexes (`^a.*b.*c$`) they backtracked without bound:
 * `*a*a*a*b` took 11.8 s on a 195-character host, and a URL wildcard of seven `*` 2.8 s on an
 * ordinary YouTube address. The PAC script carries a copy of these three (pac.ts).
 */

/** The whole `text` against `pattern`: on a miss, only the last `*` takes one more character. */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}

/** Alternatives, one per line (no host or URL holds a line break): any of them matches. */
export const anyGlob = (alternatives: string, text: string): boolean =>
  alternatives.split("\n").some((pattern) => globMatch(pattern, text));

/**
 * A URL wildcard, part by part: its scheme's wildcards stop at `:`, its authority's at the
 * path (a host pattern never matches a path), its path's at nothing.
 */
export function urlGlobMatch(
  [scheme, authority, path]: readonly [string, string, string],
  url: string,
): boolean {
  const colon = url.indexOf(":");
  if (colon < 0 || url.slice(colon + 1, colon + 3) !== "//") return false;
  const rest = url.slice(colon + 3);
  const slash = rest.indexOf("/");
  const at = slash < 0 ? rest.length : slash;
  return (
    globMatch(scheme, url.slice(0, colon)) &&
    anyGlob(authority, rest.slice(0, at)) &&
    globMatch(path, rest.slice(at))
  );
}

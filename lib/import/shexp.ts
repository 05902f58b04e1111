/**
 * omega-pac's shell-expression → regex (shexp_utils.coffee `shExp2RegExp`), character for
 * character, so an imported Omega wildcard matches exactly what it matched there: `*` any run,
 * `?` one character, anchored at each end unless that end's `*`s were trimmed.
 */
const META = new Set("\\[^$.|?*+(){}/");

export function shExpToRegex(pattern: string, trimAsterisk: boolean): string {
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
    // A run of * is one `.*` (the same meaning; `.*.*` only made a miss backtrack longer).
    if (ch === "*") regex += regex.endsWith(".*") && pattern[i - 1] === "*" ? "" : ".*";
    else if (ch === "?") regex += ".";
    else regex += (META.has(ch) ? "\\" : "") + ch;
  }
  if (end === pattern.length) regex += "$";
  return regex;
}

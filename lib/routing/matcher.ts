/**
 * A pattern as the router looks it up (pure): a host suffix, an IP range, or a test to run on
 * the host or the URL. A test may name the host suffix every host it can match ends with
 * (`key`), so it is tried only for hosts under that suffix instead of for every request.
 */
import { ipv4Number, ipv6Groups } from "./ip";
import type { Pattern } from "./pattern";

export interface Test {
  target: "host" | "url";
  /** AutoProxy keywords only ever looked at plain-http URLs (SwitchyOmega does the same). */
  httpOnly: boolean;
  /**
   * `re`: a regular expression; `sub`: a substring; `pre`: a prefix; `glob`: wildcards, one
   * pattern per line, any matching (glob-match.ts); `urlglob`: a URL wildcard, its scheme,
   * authority (alternatives) and path as JSON.
   */
  op: "re" | "sub" | "pre" | "glob" | "urlglob";
  source: string;
  flags: string;
}

export type Matcher =
  | { kind: "suffix"; domain: string; subdomainsOnly: boolean }
  | { kind: "ipv4"; address: number; prefix: number }
  | { kind: "ipv6"; groups: number[]; prefix: number }
  | { kind: "test"; test: Test; key: string | null };

const hasWildcard = (text: string) => /[*?]/.test(text);

/** The trailing labels free of wildcards: every host the glob matches ends with them. */
function literalSuffix(hostGlob: string): string | null {
  const labels = hostGlob.split(".");
  let i = labels.length;
  while (i > 0 && !hasWildcard(labels[i - 1] ?? "")) i--;
  return i === labels.length ? null : labels.slice(i).join(".");
}

/** Wildcard patterns for the host: any of `globs` matching the whole host. */
const hostGlob = (globs: string[], key: string | null): Matcher => ({
  kind: "test",
  test: { target: "host", httpOnly: false, op: "glob", source: globs.join("\n"), flags: "" },
  key,
});

const urlTest = (op: Test["op"], source: string, flags = "", httpOnly = false): Matcher => ({
  kind: "test",
  test: { target: "url", httpOnly, op, source, flags },
  key: null,
});

function hostWildcard(host: string): Matcher {
  // SwitchyOmega's magic: `*.x` also covers x itself, `**.x` covers only its subdomains.
  const sub = host.startsWith("**.") ? host.slice(3) : null;
  const apex = sub === null && host.startsWith("*.") ? host.slice(2) : null;
  const rest = sub ?? apex;
  if (rest !== null && !hasWildcard(rest)) {
    return { kind: "suffix", domain: rest, subdomainsOnly: sub !== null };
  }
  if (rest !== null) {
    return hostGlob(sub !== null ? [`*.${rest}`] : [rest, `*.${rest}`], literalSuffix(rest));
  }
  return hostGlob([host], literalSuffix(host));
}

function urlWildcard(scheme: string, authority: string, path: string): Matcher {
  const bracketed = authority.startsWith("[");
  const colon = bracketed ? authority.indexOf("]") + 1 : authority.indexOf(":");
  const host = colon > 0 ? authority.slice(0, colon) : authority;
  const port = colon > 0 ? authority.slice(colon) : "";
  // In the host and port a wildcard stops at the path, so a host pattern never matches a path.
  const apex = host.startsWith("*.");
  const hostBody = apex ? host.slice(2) : host;
  const authorities = apex ? [hostBody + port, `*.${hostBody}${port}`] : [hostBody + port];
  const source = JSON.stringify([scheme, authorities.join("\n"), path]);
  const key = bracketed ? null : hasWildcard(hostBody) ? literalSuffix(hostBody) : hostBody;
  return {
    kind: "test",
    test: { target: "url", httpOnly: false, op: "urlglob", source, flags: "" },
    key,
  };
}

function cidr(version: 4 | 6, address: string, prefix: number): Matcher | null {
  if (version === 4) {
    const n = ipv4Number(address);
    return n === null ? null : { kind: "ipv4", address: n, prefix };
  }
  const groups = ipv6Groups(address);
  return groups === null ? null : { kind: "ipv6", groups, prefix };
}

/** How the router looks a pattern up; null only for a pattern no parser would produce. */
export function matcherOf(pattern: Pattern): Matcher | null {
  switch (pattern.kind) {
    case "domain":
      return { kind: "suffix", domain: pattern.domain, subdomainsOnly: false };
    case "host-wildcard":
      return hostWildcard(pattern.host);
    case "url-wildcard":
      return urlWildcard(pattern.scheme, pattern.authority, pattern.path);
    case "cidr":
      return cidr(pattern.version, pattern.address, pattern.prefix);
    case "regex":
      return urlTest("re", pattern.source, pattern.flags);
    case "keyword":
      return keyword(pattern.text);
    case "url-start":
      return urlStart(pattern.text, pattern.end);
  }
}

/**
 * An AutoProxy keyword as omega-pac reads it (rule_list.coffee): without `*` a KeywordCondition,
 * the text itself (`?` too) anywhere in an http: URL, query included; with `*` the URL wildcard
 * `http://*text*`, so the text starts after `http://` and `?` stands for one character.
 */
function keyword(text: string): Matcher {
  if (!text.includes("*")) return urlTest("sub", text, "", true);
  return urlTest("glob", `http://*${text}*`, "", true);
}

/**
 * AutoProxy's `|http://host/…`: when the start spells a whole host (a `/` or `:` follows it,
 * no wildcard before), only URLs of exactly that host can match, so it is looked up by host.
 */
function urlStart(text: string, end: boolean): Matcher {
  const matcher =
    !end && !hasWildcard(text) ? urlTest("pre", text) : urlTest("glob", end ? text : `${text}*`);
  const whole = /^[a-z][a-z0-9+.-]*:\/\/([^/:[\]@*?]+)[/:]/.exec(text);
  const host = whole?.[1]?.replace(/\.+$/, "");
  return host && matcher.kind === "test" ? { ...matcher, key: host } : matcher;
}

/**
 * One site-rule pattern, as the user typed it, read into what it means (pure). Users bring
 * patterns from SwitchyOmega and FoxyProxy, so each form means what it means there:
 *
 * - `example.com`: the host and its subdomains, on a dot boundary (never `notexample.com` or
 *   `example.com.evil.test`); `.example.com` says the same. Case and one trailing dot do not
 *   matter; unicode names are read as their punycode.
 * - `*.example.com`: the same, apex included (SwitchyOmega's and FoxyProxy's reading);
 *   `**.example.com` is subdomains only; other `*` (any run) and `?` (one character) wildcards
 *   match the whole host.
 * - `scheme://host/path` wildcards match the whole URL (scheme://host[:port]/path?query, no
 *   fragment, no login). In the host a wildcard never crosses into the path, and `://*.` also
 *   covers the apex (FoxyProxy's reading). Without a path, every path of that host is meant.
 * - `192.0.2.0/24`, `192.0.2.77/24` (the mask decides), a bare IP, `2001:db8::/32`, `[::1]`:
 *   only URLs whose host is an IP literal in that range; names are never resolved.
 * - `/regex/` or `/regex/i`: tested against the whole URL, case-sensitive unless `i`.
 *
 * Rule lists add two forms only they can hold (see rule-list.ts): an AutoProxy keyword and a
 * `|`-anchored URL start.
 */

import { canonicalIPv6, ipv4Number, ipv6Groups, maskIPv4, networkIPv6 } from "./ip";
import { safeRegexSource } from "./regex-safety";
import { MAX_PATTERN_LENGTH } from "./rules";

export type PatternProblem =
  | "empty"
  | "spaces"
  | "bad-host"
  | "bad-wildcard"
  | "bad-cidr"
  | "bad-regex"
  /** A regex that can backtrack without bound on some address (regex-safety.ts). */
  | "slow-regex"
  | "too-long";

export type Pattern =
  /** The host and every subdomain. */
  | { kind: "domain"; domain: string }
  /** A host wildcard, lowercase ASCII, e.g. `*.example.com`, `**.example.com`, `cdn?.*.net`. */
  | { kind: "host-wildcard"; host: string }
  /** A whole-URL wildcard, scheme and host lowercased, path kept (always starts with `/`). */
  | { kind: "url-wildcard"; scheme: string; authority: string; path: string }
  /** An IP range, its address already masked to the network. */
  | { kind: "cidr"; version: 4 | 6; address: string; prefix: number }
  | { kind: "regex"; source: string; flags: "" | "i" }
  /** Rule lists only: AutoProxy's keyword, text in a plain-http URL (with `*`, a wildcard). */
  | { kind: "keyword"; text: string }
  /** Rule lists only: AutoProxy's `|http://…`, the URL's start (and its end with a final `|`). */
  | { kind: "url-start"; text: string; end: boolean };

export type ParsedPattern = { ok: true; pattern: Pattern } | { ok: false; problem: PatternProblem };

/** A regex longer than this is refused: users' rules are short, and a long one is a risk. */
export const MAX_REGEX_LENGTH = 500;

const fail = (problem: PatternProblem): ParsedPattern => ({ ok: false, problem });
const ok = (pattern: Pattern): ParsedPattern => ({ ok: true, pattern });

export function parsePattern(text: string): ParsedPattern {
  const t = text.trim();
  if (t === "") return fail("empty");
  if (t.length > MAX_PATTERN_LENGTH) return fail("too-long");
  if (/\s/.test(t)) return fail("spaces");
  if (t.startsWith("/")) return parseRegex(t);
  if (t.includes("://")) return parseUrlWildcard(t);
  const ip = parseCidr(t);
  if (ip) return ip;
  // A path needs a scheme to say which URLs it is about (`*://example.com/path*`).
  if (t.includes("/")) return fail("bad-host");
  if (/[*?]/.test(t)) return parseHostWildcard(t);
  return parseDomain(t);
}

export function parseRegex(t: string): ParsedPattern {
  const match = /^\/([\s\S]+)\/(i?)$/.exec(t);
  if (!match) return fail("bad-regex");
  const source = match[1] ?? "";
  const flags = match[2] === "i" ? "i" : "";
  if (source.length > MAX_REGEX_LENGTH) return fail("too-long");
  try {
    new RegExp(source, flags);
  } catch {
    // Refused with its code: the editor words it under the rule.
    return fail("bad-regex");
  }
  // Run on every request: one that can backtrack without bound is refused (regex-safety.ts).
  const safe = safeRegexSource(source, flags);
  if (!safe) return fail("bad-regex");
  if (!safe.ok) return fail("slow-regex");
  return ok({ kind: "regex", source: safe.source, flags });
}

/**
 * A host spelled as URLs spell it: lowercase, unicode labels in punycode. Wildcards may stand
 * in ASCII labels only (a punycoded label with a `*` in it would mean nothing). Null if a
 * character no host can hold is there.
 */
export function normalizeHost(text: string, wildcards: boolean): string | null {
  const lower = text.toLowerCase();
  // The common case, plain ASCII, needs no label-by-label conversion.
  if (/^[\x21-\x7e]*$/.test(lower))
    return (wildcards ? HOST_GLOB : HOST_NAME).test(lower) ? lower : null;
  const labels = lower.split(".");
  const out: string[] = [];
  for (const label of labels) {
    if (/^[\x21-\x7e]*$/.test(label)) {
      out.push(label);
      continue;
    }
    if (/[*?]/.test(label)) return null;
    try {
      out.push(new URL(`http://${label}/`).hostname);
    } catch {
      // Not a host name the URL parser takes: the pattern is refused by the caller.
      return null;
    }
  }
  const host = out.join(".");
  return (wildcards ? HOST_GLOB : HOST_NAME).test(host) ? host : null;
}
const HOST_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
const HOST_GLOB = /^[a-z0-9_*?-]+(?:\.[a-z0-9_*?-]+)*$/;

/** WHATWG reads a host whose last label is a number as IPv4, so no name can end in one. */
const endsInNumber = (host: string) => /(?:^|\.)(?:\d+|0x[0-9a-f]*)$/.test(host);

function parseDomain(t: string): ParsedPattern {
  const bare = t.replace(/\.$/, "").replace(/^\./, "");
  const domain = normalizeHost(bare, false);
  if (!domain || endsInNumber(domain)) return fail("bad-host");
  return ok({ kind: "domain", domain });
}

function parseHostWildcard(t: string): ParsedPattern {
  let host = t.replace(/\.$/, "");
  if (host.startsWith(".")) host = `*${host}`;
  const normalized = normalizeHost(host, true);
  if (!normalized) return fail("bad-wildcard");
  return ok({ kind: "host-wildcard", host: normalized });
}

function parseUrlWildcard(t: string): ParsedPattern {
  const at = t.indexOf("://");
  const scheme = t.slice(0, at).toLowerCase();
  if (!/^[a-z*?][a-z0-9+.*?-]*$/.test(scheme)) return fail("bad-wildcard");
  const rest = t.slice(at + 3);
  const slash = rest.indexOf("/");
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? "/*" : encodeNonAscii(rest.slice(slash));
  if (path === null) return fail("bad-wildcard");
  let host = authority;
  let port = "";
  if (authority.startsWith("[")) {
    const close = authority.indexOf("]");
    const v6 = close < 0 ? null : canonicalIPv6(authority.slice(1, close));
    if (v6 === null) return fail("bad-host");
    host = `[${v6}]`;
    port = authority.slice(close + 1);
  } else {
    const colon = authority.lastIndexOf(":");
    if (colon >= 0) {
      host = authority.slice(0, colon);
      port = authority.slice(colon);
    }
    if (host === "") return fail("bad-host");
    const normalized = normalizeHost(host, true);
    if (!normalized) return fail(/[*?]/.test(host) ? "bad-wildcard" : "bad-host");
    host = normalized;
  }
  if (port !== "" && !/^:[0-9*?]+$/.test(port)) return fail("bad-wildcard");
  return ok({ kind: "url-wildcard", scheme, authority: host + port, path });
}

/** A URL carries non-ASCII in its path and query as UTF-8 %XX; so must a pattern for it. */
function encodeNonAscii(path: string): string | null {
  try {
    return path.replace(/[\u0080-\uffff]+/g, (run) => encodeURIComponent(run));
  } catch {
    // A lone surrogate cannot be encoded: the pattern is refused by the caller.
    return null;
  }
}

function parseCidr(t: string): ParsedPattern | null {
  const bracketed = /^\[([^\]]*)\](?:\/(.*))?$/.exec(t);
  const v4 = /^([0-9.]+)(?:\/(.*))?$/.exec(t);
  const v6 = /^([0-9a-f.]*:[0-9a-f:.]*)(?:\/(.*))?$/i.exec(t);
  const match = bracketed ?? v4 ?? v6;
  if (!match) return null;
  const address = match[1] ?? "";
  const prefixText = match[2];
  if (match === v4) {
    const n = ipv4Number(address);
    const prefix = prefixText === undefined ? 32 : prefixOf(prefixText, 32);
    if (n === null || prefix === null) return fail("bad-cidr");
    const net = maskIPv4(n, prefix);
    const dotted = [24, 16, 8, 0].map((shift) => Math.floor(net / 2 ** shift) % 256).join(".");
    return ok({ kind: "cidr", version: 4, address: dotted, prefix });
  }
  const canonical = canonicalIPv6(address);
  const groups = canonical === null ? null : ipv6Groups(canonical);
  const prefix = prefixText === undefined ? 128 : prefixOf(prefixText, 128);
  if (!groups || prefix === null) return fail("bad-cidr");
  return ok({ kind: "cidr", version: 6, address: networkIPv6(groups, prefix), prefix });
}

function prefixOf(text: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

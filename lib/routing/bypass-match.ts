/**
 * The bypass list as Chrome reads it (pure), for every browser: the list is written in Chrome's
 * grammar (its gate, lib/base/bypass-rules.ts, is Chrome's), so Firefox's routing, the PAC
 * script (its ES5 copy in pac.ts) and what the popup and the traffic log say all read an entry
 * as Chrome's fixed_servers config does (Chromium's net/proxy_resolution/proxy_bypass_rules):
 *
 * - `[scheme://]host-pattern[:port]`: the whole host against `*`/`?` wildcards, case-insensitive;
 *   `example.com` is that host only, `*example.com` also `xexample.com`, `.example.com` is
 *   `*.example.com` (subdomains, not the apex).
 * - `[scheme://]ip[:port]`, `[::1]`, and `ip/prefix` (only URLs whose host is an IP literal
 *   in that range: names are never resolved).
 * - `<local>`: a host with no dot that is no IP literal. `<-loopback>` lifts Chrome's own
 *   rule that loopback goes direct (`implicitLoopback`).
 */
import { isLoopbackHost } from "../base/base-url";
import { globMatch } from "./glob-match";
import { ipv4Number, ipv6Groups, maskIPv4, maskIPv6 } from "./ip";

export type BypassEntry =
  | { kind: "local" }
  | { kind: "no-loopback" }
  /**
   * `scheme` "" and `port` -1 match any; `host` a lowercase wildcard, or with `ip` an IP
   * literal's key (ipKey), which only that address's own URLs match.
   */
  | { kind: "host"; scheme: string; host: string; port: number; ip: boolean }
  | { kind: "cidr"; version: 4 | 6; network: string; prefix: number };

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };

/** An IP literal as one key however it is written ("4:<number>", "6:<all eight groups>"). */
export function ipKey(host: string): string | null {
  const v4 = ipv4Number(host);
  if (v4 !== null) return `4:${v4}`;
  const v6 = host.includes(":") ? ipv6Groups(host) : null;
  return v6 === null ? null : `6:${maskIPv6(v6, 128)}`;
}

function parseCidr(text: string): BypassEntry | null {
  const slash = text.lastIndexOf("/");
  const address = text.slice(0, slash).replace(/^\[|\]$/g, "");
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  const v4 = ipv4Number(address);
  if (v4 !== null) {
    return prefix > 32
      ? null
      : { kind: "cidr", version: 4, network: String(maskIPv4(v4, prefix)), prefix };
  }
  const groups = ipv6Groups(address);
  if (groups === null || prefix > 128) return null;
  return { kind: "cidr", version: 6, network: maskIPv6(groups, prefix), prefix };
}

/** One entry of the list, or null for one that matches nothing (Chrome's gate refuses most). */
export function parseBypassEntry(raw: string): BypassEntry | null {
  const text = raw.trim().toLowerCase();
  if (text === "<local>") return { kind: "local" };
  if (text === "<-loopback>") return { kind: "no-loopback" };
  const schemeEnd = text.indexOf("://");
  if (schemeEnd < 0 && text.includes("/")) return parseCidr(text);
  const scheme = schemeEnd < 0 ? "" : text.slice(0, schemeEnd);
  let rest = schemeEnd < 0 ? text : text.slice(schemeEnd + 3);
  let port = -1;
  let host: string;
  if (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    if (close < 0) return null;
    host = rest.slice(1, close);
    rest = rest.slice(close + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return null;
    if (rest !== "") port = Number(rest.slice(1));
  } else {
    const colons = rest.split(":").length - 1;
    const portMatch = colons === 1 ? /^(.*):(\d{1,5})$/.exec(rest) : null;
    if (colons === 1 && !portMatch) return null;
    host = portMatch?.[1] ?? rest;
    if (portMatch?.[2] !== undefined) port = Number(portMatch[2]);
  }
  if (host === "" || port > 65535) return null;
  // ".example.com" is "*.example.com" (Chromium's reading).
  if (host.startsWith(".")) host = `*${host}`;
  const ip = ipKey(host);
  return { kind: "host", scheme, host: ip ?? host, port, ip: ip !== null };
}

/** The entries that can match (a malformed one, which Chrome's gate refuses, matches nothing). */
export const parseBypassList = (list: readonly string[]): BypassEntry[] =>
  list.map(parseBypassEntry).filter((e): e is BypassEntry => e !== null);

/** A stored list keeps its identity until it changes: read once, not per request. */
const parsedLists = new WeakMap<readonly string[], BypassEntry[]>();
function parsedOnce(list: readonly string[]): BypassEntry[] {
  let entries = parsedLists.get(list);
  if (!entries) {
    entries = parseBypassList(list);
    parsedLists.set(list, entries);
  }
  return entries;
}

/** The parts of a URL an entry looks at (the host bare, lowercase; the port as used). */
export function bypassRequest(url: string): { scheme: string; host: string; port: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not an address (a browser page's odd URL): no entry can take it.
    return null;
  }
  const scheme = parsed.protocol.replace(/:$/, "");
  const host = parsed.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  const port = parsed.port ? Number(parsed.port) : (DEFAULT_PORTS[scheme] ?? -1);
  return { scheme, host, port };
}

function entryMatches(
  entry: BypassEntry,
  request: { scheme: string; host: string; port: number },
): boolean {
  const { host } = request;
  switch (entry.kind) {
    case "local":
      return !host.includes(".") && !host.includes(":");
    case "no-loopback":
      return false;
    case "cidr": {
      if (entry.version === 4) {
        const v4 = ipv4Number(host);
        return v4 !== null && String(maskIPv4(v4, entry.prefix)) === entry.network;
      }
      const groups = host.includes(":") ? ipv6Groups(host) : null;
      return groups !== null && maskIPv6(groups, entry.prefix) === entry.network;
    }
    case "host": {
      if (entry.port !== -1 && entry.port !== request.port) return false;
      if (entry.scheme !== "" && entry.scheme !== request.scheme) return false;
      return entry.ip ? ipKey(host) === entry.host : globMatch(entry.host, host);
    }
  }
}

/**
 * Does this URL skip the proxy by the list? `implicitLoopback`: Chrome's own rule that loopback
 * goes direct, which only `<-loopback>` lifts (Firefox has no such rule in its routing).
 */
export function bypassesUrl(url: string, list: readonly string[], implicitLoopback = false) {
  // Asked for every request (Firefox's routing, the traffic log, Chrome's auth carrier).
  if (list.length === 0 && !implicitLoopback) return false;
  const request = bypassRequest(url);
  if (!request) return false;
  const entries = parsedOnce(list);
  if (entries.some((entry) => entryMatches(entry, request))) return true;
  return (
    implicitLoopback &&
    isLoopbackHost(request.host) &&
    !entries.some((e) => e.kind === "no-loopback")
  );
}

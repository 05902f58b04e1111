/**
 * Which site rule a URL falls under (pure): compiled once per change of the rules, then asked
 * per request (Firefox) or per "which route would this URL take?" (the editor). The first
 * enabled rule that matches wins, in list order, whichever kind of pattern it holds: the
 * lookups (host suffixes, IP ranges) hand over their candidates, and the tests no lookup
 * reaches run in rule order only up to the best candidate found.
 */
import { ipv4Number, ipv6Groups, maskIPv4, maskIPv6 } from "./ip";
import type { Route, SiteRule } from "./rules";
import { ANY, compileTables, type IndexTables, SUB_ONLY } from "./tables";

export interface RouteMatch {
  ruleId: string;
  route: Route;
}

export interface Router {
  /** The first matching rule's route, or null when none matches (the default route applies). */
  route(url: string, container?: string): RouteMatch | null;
}

/** A URL as the rules look at it; the PAC script receives the same from Chrome. */
export interface RouteRequest {
  /** scheme://host[:port]/path?query: no login, no fragment. */
  url: string;
  /** Lowercase, without brackets or trailing dots. */
  host: string;
  scheme: string;
  v4: number | null;
  v6: number[] | null;
}

export function requestOf(url: string): RouteRequest | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const scheme = parsed.protocol.slice(0, -1);
  let host = parsed.hostname;
  const bracketed = host.startsWith("[");
  if (bracketed) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.replace(/\.+$/, "");
  let text = parsed.href;
  if (parsed.hash !== "" || parsed.username !== "" || parsed.password !== "") {
    text =
      parsed.host === ""
        ? text.replace(/#.*$/s, "")
        : `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search}`;
  }
  // Names end in a letter; only then is it worth reading the host as an address.
  const last = host.charCodeAt(host.length - 1);
  const v4 = !bracketed && last >= 48 && last <= 57 ? ipv4Number(host) : null;
  const v6 = bracketed ? ipv6Groups(host) : null;
  return { url: text, host, scheme, v4, v6 };
}

interface CompiledTest {
  owner: number;
  onHost: boolean;
  httpOnly: boolean;
  run: (text: string) => boolean;
}

/** A host suffix and its entries, filed under the suffix's hash (see `suffixHash`). */
interface SuffixKey {
  key: string;
  entries: number[];
}

interface Index {
  suffix: Map<number, SuffixKey[]>;
  v4: [number, Map<number, number[]>][];
  v6: [number, Map<string, number[]>][];
  tests: CompiledTest[];
  linear: number[];
}

function compileTest([owner, target, httpOnly, op, source, flags]: IndexTables["tests"][number]) {
  let run: (text: string) => boolean;
  if (op === "sub") run = (text) => text.includes(source);
  else if (op === "pre") run = (text) => text.startsWith(source);
  else {
    try {
      const re = new RegExp(source, flags);
      run = (text) => re.test(text);
    } catch {
      run = () => false;
    }
  }
  return { owner, onHost: target === 0, httpOnly: httpOnly === 1, run };
}

/**
 * One step of a hash built from a string's last character backwards, so walking a host once
 * from its end yields the hash of every suffix: no suffix string is cut out per request.
 */
const step = (hash: number, code: number) => (Math.imul(hash, 31) + code) & 0x3fffffff;

function suffixHash(key: string): number {
  let hash = 0;
  for (let i = key.length - 1; i >= 0; i--) hash = step(hash, key.charCodeAt(i));
  return hash;
}

function suffixMap(pairs: IndexTables["suffix"]): Map<number, SuffixKey[]> {
  const map = new Map<number, SuffixKey[]>();
  for (const [key, entries] of pairs) {
    const hash = suffixHash(key);
    const bucket = map.get(hash);
    if (bucket) bucket.push({ key, entries });
    else map.set(hash, [{ key, entries }]);
  }
  return map;
}

function indexOf(tables: IndexTables): Index {
  return {
    suffix: suffixMap(tables.suffix),
    v4: tables.v4.map(([prefix, nets]) => [prefix, new Map(nets)]),
    v6: tables.v6.map(([prefix, nets]) => [prefix, new Map(nets)]),
    tests: tables.tests.map(compileTest),
    linear: tables.linear,
  };
}

function passes(test: CompiledTest, req: RouteRequest): boolean {
  if (test.httpOnly && req.scheme !== "http") return false;
  return test.run(test.onHost ? req.host : req.url);
}

function pushOwners(hits: [number, number][], owners: number[] | undefined): void {
  if (owners) for (const owner of owners) hits.push([owner, -1]);
}

/** Candidates from the lookups: [owner, test to confirm or -1], in owner order. */
function lookupHits(index: Index, req: RouteRequest): [number, number][] {
  const hits: [number, number][] = [];
  const { host } = req;
  let hash = 0;
  for (let at = host.length - 1; at >= 0; at--) {
    hash = step(hash, host.charCodeAt(at));
    // Suffixes start after a dot (the boundary) or at the host's start.
    if (at > 0 && host.charCodeAt(at - 1) !== 46) continue;
    const bucket = index.suffix.get(hash);
    if (!bucket) continue;
    for (const { key, entries } of bucket) {
      if (key.length !== host.length - at || !host.endsWith(key)) continue;
      for (let k = 0; k < entries.length; k += 2) {
        const owner = entries[k] as number;
        const mode = entries[k + 1] as number;
        if (mode === SUB_ONLY && at === 0) continue;
        hits.push([owner, mode === ANY || mode === SUB_ONLY ? -1 : mode]);
      }
    }
  }
  const { v4, v6 } = req;
  if (v4 !== null) {
    for (const [prefix, nets] of index.v4) pushOwners(hits, nets.get(maskIPv4(v4, prefix)));
  }
  if (v6 !== null) {
    for (const [prefix, nets] of index.v6) pushOwners(hits, nets.get(maskIPv6(v6, prefix)));
  }
  if (hits.length > 1) hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return hits;
}

/**
 * The lowest owner with a matching entry that `eligible` admits and `vetoed` does not refuse,
 * or -1. Lookup hits and linear tests are merged in owner order, so no test of a later rule
 * runs once an earlier rule has matched.
 */
function firstOwner(
  index: Index,
  req: RouteRequest,
  eligible: (owner: number) => boolean,
  vetoed: (owner: number) => boolean,
): number {
  const hits = lookupHits(index, req);
  const { linear, tests } = index;
  let h = 0;
  let l = 0;
  let refused = -1;
  while (h < hits.length || l < linear.length) {
    const hit = hits[h];
    const lin = l < linear.length ? (linear[l] as number) : -1;
    const linOwner = lin >= 0 ? (tests[lin] as CompiledTest).owner : Number.POSITIVE_INFINITY;
    let owner: number;
    let test: number;
    if (hit && hit[0] <= linOwner) {
      [owner, test] = hit;
      h++;
    } else {
      owner = linOwner;
      test = lin;
      l++;
    }
    if (owner === refused) continue;
    if (!eligible(owner)) {
      refused = owner;
      continue;
    }
    if (test >= 0 && !passes(tests[test] as CompiledTest, req)) continue;
    if (vetoed(owner)) {
      refused = owner;
      continue;
    }
    return owner;
  }
  return -1;
}

const always = () => true;
const never = () => false;

export function compileRules(rules: SiteRule[]): Router {
  const tables = compileTables(rules);
  const main = indexOf(tables.index);
  const owners = tables.rules.map((rule) => ({
    ...rule,
    except: rule.except ? indexOf(rule.except) : null,
  }));
  return {
    route(url, container) {
      const req = requestOf(url);
      if (!req) return null;
      const owner = firstOwner(
        main,
        req,
        (o) => {
          const wanted = owners[o]?.container;
          return !wanted || wanted === container;
        },
        (o) => {
          const except = owners[o]?.except;
          return except ? firstOwner(except, req, always, never) >= 0 : false;
        },
      );
      const rule = owners[owner];
      return rule ? { ruleId: rule.id, route: rule.route } : null;
    },
  };
}

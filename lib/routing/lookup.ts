/**
 * The compiled site rules walked for one request (pure): a host-suffix map, IP ranges by
 * prefix length, keywords by their pieces, and the tests no lookup reaches. Every lookup hands
 * over candidates; they and the remaining tests are tried in rule order, so the first rule in
 * the list that matches wins whichever kind of pattern it holds, and no test of a later rule
 * runs once an earlier one has matched. The PAC script (pac.ts) walks the same tables.
 */
import { anyGlob, urlGlobMatch } from "./glob-match";
import { maskIPv4, maskIPv6 } from "./ip";
import { SubstringIndex } from "./substrings";
import { ANY, type IndexTables, SUB_ONLY } from "./tables";

/** A URL as the rules look at it (router.ts `requestOf`); Chrome hands the PAC script the same. */
export interface RouteRequest {
  /** scheme://host[:port]/path?query: no login, no fragment. */
  url: string;
  /** Lowercase, without brackets or trailing dots. */
  host: string;
  scheme: string;
  v4: number | null;
  v6: number[] | null;
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

export interface Index {
  suffix: Map<number, SuffixKey[]>;
  v4: [number, Map<number, number[]>][];
  v6: [number, Map<string, number[]>][];
  tests: CompiledTest[];
  /** Substring tests of the URL (keywords), found by their pieces rather than one by one. */
  substrings: SubstringIndex | null;
  /** All of them look at plain http only: other URLs need no slide. */
  substringsHttpOnly: boolean;
  linear: number[];
}

function compileTest([owner, target, httpOnly, op, source, flags]: IndexTables["tests"][number]) {
  let run: (text: string) => boolean;
  if (op === "sub") run = (text) => text.includes(source);
  else if (op === "pre") run = (text) => text.startsWith(source);
  else if (op === "glob") run = (text) => anyGlob(source, text);
  else if (op === "urlglob") {
    const parts = JSON.parse(source) as [string, string, string];
    run = (text) => urlGlobMatch(parts, text);
  } else {
    try {
      const re = new RegExp(source, flags);
      run = (text) => re.test(text);
    } catch {
      // Checked when the rule was saved (pattern.ts): one that slips through matches nothing.
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

/** The tables ready to walk: maps built, regexes compiled, keywords filed by piece. */
export function lookupIndex(tables: IndexTables): Index {
  const linear: number[] = [];
  const keywords: [number, string][] = [];
  for (const id of tables.linear) {
    const [, target, , op, source] = tables.tests[id] ?? [];
    if (op === "sub" && target === 1 && source !== undefined) keywords.push([id, source]);
    else linear.push(id);
  }
  const substrings = keywords.length > 0 ? new SubstringIndex(keywords, linear) : null;
  return {
    suffix: suffixMap(tables.suffix),
    v4: tables.v4.map(([prefix, nets]) => [prefix, new Map(nets)]),
    v6: tables.v6.map(([prefix, nets]) => [prefix, new Map(nets)]),
    tests: tables.tests.map(compileTest),
    substrings,
    substringsHttpOnly: keywords.every(([id]) => tables.tests[id]?.[2] === 1),
    // Test ids grow with the owner, so in id order the linear tests stay in rule order.
    linear: linear.sort((a, b) => a - b),
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
  const { substrings } = index;
  if (substrings && (!index.substringsHttpOnly || req.scheme === "http")) {
    substrings.candidates(req.url, (id) => {
      const test = index.tests[id];
      if (test) hits.push([test.owner, id]);
    });
  }
  if (hits.length > 1) hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return hits;
}

/**
 * The lowest owner with a matching entry that `eligible` admits and `vetoed` does not refuse,
 * or -1. Lookup hits and linear tests are merged in owner order, so no test of a later rule
 * runs once an earlier rule has matched.
 */
export function firstOwner(
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
  let failed = -1;
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
    // A keyword whose piece occurs twice in the URL is a candidate twice: confirm it once.
    if (test >= 0 && (test === failed || !passes(tests[test] as CompiledTest, req))) {
      failed = test;
      continue;
    }
    if (vetoed(owner)) {
      refused = owner;
      continue;
    }
    return owner;
  }
  return -1;
}

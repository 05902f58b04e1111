/**
 * Site rules compiled into lookup tables (pure, plain JSON data): a host-suffix map, IP ranges
 * grouped by prefix length, and the tests no lookup can reach, in rule order. The router walks
 * them (lookup.ts); the PAC script (pac.ts) carries the very same tables and walks them in
 * plain JavaScript, so Chrome and the "which route?" answer cannot drift apart.
 *
 * Owners are positions in `rules` (enabled rules only), so a lower owner always wins.
 */
import { maskIPv4, maskIPv6 } from "./ip";
import { type Matcher, matcherOf, type Test } from "./matcher";
import { parsePattern } from "./pattern";
import { listDialect, parseListLine } from "./rule-list";
import type { Route, SiteRule } from "./rules";

/** In a suffix entry: the rule covers the key and its subdomains / only its subdomains. */
export const ANY = -1;
export const SUB_ONLY = -2;

export interface IndexTables {
  /** Host suffix → flat pairs [owner, ANY | SUB_ONLY | id of the test to confirm with]. */
  suffix: [string, number[]][];
  /** Prefix length → network → owners. */
  v4: [number, [number, number[]][]][];
  v6: [number, [string, number[]][]][];
  /** [owner, target (0 host, 1 url), plain http only (0/1), op, source, flags]. */
  tests: [number, 0 | 1, 0 | 1, Test["op"], string, string][];
  /** Ids of the tests no suffix leads to, in owner order: tried for every request. */
  linear: number[];
}

export interface TableRule {
  id: string;
  route: Route;
  container: string | null;
  /** A list's `@@` exceptions: when one matches, the list's rule does not. */
  except: IndexTables | null;
}

export interface RouteTables {
  rules: TableRule[];
  index: IndexTables;
}

class IndexBuilder {
  private readonly suffix = new Map<string, number[]>();
  private readonly v4 = new Map<number, Map<number, number[]>>();
  private readonly v6 = new Map<number, Map<string, number[]>>();
  private readonly tests: IndexTables["tests"] = [];
  private readonly linear: number[] = [];
  size = 0;

  add(owner: number, matcher: Matcher): void {
    this.size++;
    switch (matcher.kind) {
      case "suffix":
        this.pushSuffix(matcher.domain, owner, matcher.subdomainsOnly ? SUB_ONLY : ANY);
        return;
      case "ipv4":
        pushOwner(this.v4, matcher.prefix, maskIPv4(matcher.address, matcher.prefix), owner);
        return;
      case "ipv6":
        pushOwner(this.v6, matcher.prefix, maskIPv6(matcher.groups, matcher.prefix), owner);
        return;
      case "test": {
        const { target, httpOnly, op, source, flags } = matcher.test;
        const id = this.tests.length;
        this.tests.push([owner, target === "host" ? 0 : 1, httpOnly ? 1 : 0, op, source, flags]);
        if (matcher.key === null) this.linear.push(id);
        else this.pushSuffix(matcher.key, owner, id);
      }
    }
  }

  private pushSuffix(key: string, owner: number, mode: number): void {
    const entries = this.suffix.get(key);
    if (entries) entries.push(owner, mode);
    else this.suffix.set(key, [owner, mode]);
  }

  build(): IndexTables {
    const nested = <K>(byPrefix: Map<number, Map<K, number[]>>): [number, [K, number[]][]][] =>
      [...byPrefix].map(([prefix, nets]) => [prefix, [...nets]]);
    return {
      suffix: [...this.suffix],
      v4: nested(this.v4),
      v6: nested(this.v6),
      tests: this.tests,
      linear: this.linear,
    };
  }
}

function pushOwner<K>(
  byPrefix: Map<number, Map<K, number[]>>,
  prefix: number,
  network: K,
  owner: number,
): void {
  let nets = byPrefix.get(prefix);
  if (!nets) {
    nets = new Map();
    byPrefix.set(prefix, nets);
  }
  const owners = nets.get(network);
  if (!owners) nets.set(network, [owner]);
  else if (owners[owners.length - 1] !== owner) owners.push(owner);
}

export interface TableOptions {
  /** Leave out rules limited to a container (Chrome's PAC script has no containers). */
  skipContainerRules?: boolean;
}

/** The tables for the enabled rules; a pattern that no longer parses is left out, never thrown. */
export function compileTables(rules: readonly SiteRule[], options: TableOptions = {}): RouteTables {
  const main = new IndexBuilder();
  const out: TableRule[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (options.skipContainerRules && rule.container) continue;
    const owner = out.length;
    let except: IndexBuilder | null = null;
    if (rule.source.type === "pattern") {
      const parsed = parsePattern(rule.source.text);
      const matcher = parsed.ok ? matcherOf(parsed.pattern) : null;
      if (matcher) main.add(owner, matcher);
    } else {
      const lines = rule.source.lines;
      const dialect = listDialect(lines[0] ?? "");
      except = new IndexBuilder();
      for (const line of lines) {
        const parsed = parseListLine(line, dialect);
        if (!parsed.ok || !parsed.line) continue;
        const matcher = matcherOf(parsed.line.pattern);
        if (!matcher) continue;
        (parsed.line.exception ? except : main).add(owner, matcher);
      }
    }
    out.push({
      id: rule.id,
      route: rule.route,
      container: rule.container ?? null,
      except: except && except.size > 0 ? except.build() : null,
    });
  }
  return { rules: out, index: main.build() };
}

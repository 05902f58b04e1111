/**
 * Site rules as a PAC script for Chrome (pure). The script carries the router's own lookup
 * tables (tables.ts) as JSON and walks them with a plain-JavaScript copy of the router's walk
 * (lookup.ts; only its keyword-by-piece shortcut is left out: the script tries keywords in
 * turn), so a URL gets the same rule here as in the "which route?" answer. A test evaluates
 * the script and compares the two on random rules.
 *
 * What Chrome hands a PAC script: for https:// only the origin (`https://host:port/`, no path
 * or query), so path rules can only match plain http:// there (AutoProxy keywords look at plain
 * http:// only, in every browser, as in SwitchyOmega). Rules limited to a Firefox container
 * are left out (Chrome has none). Firefox never uses this script.
 *
 * Every string the user wrote (patterns, and the results `resolve` returns) enters the script
 * as JSON with `<`, `>`, `&`, U+2028/U+2029 and every other non-ASCII character escaped, so no
 * pattern can end the data early or the script itself.
 */
import type { BypassEntry } from "./bypass-match";
import { BYPASS_RUNTIME, bypassRows } from "./pac-bypass";
import type { Route, SiteRule } from "./rules";
import { compileTables, type IndexTables } from "./tables";

/** JSON that is also safe JavaScript source and pure ASCII. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff<>&]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The router's walk (lookup.ts, ip.ts, glob-match.ts) in ES5 for the PAC runtime. `RULES[o]` is
 * [result index, exception tables or null]; tables are prepared into dictionaries once.
 */
const RUNTIME = String.raw`
  function v4num(text) {
    var parts = text.split("."), value = 0;
    if (parts.length !== 4) return null;
    for (var i = 0; i < 4; i++) {
      if (!/^(?:0|[1-9]\d{0,2})$/.test(parts[i])) return null;
      var n = Number(parts[i]);
      if (n > 255) return null;
      value = value * 256 + n;
    }
    return value;
  }
  function v6side(part) {
    if (part === "") return [];
    var pieces = part.split(":"), groups = [];
    for (var i = 0; i < pieces.length; i++) {
      var piece = pieces[i];
      if (i === pieces.length - 1 && piece.indexOf(".") >= 0) {
        var v4 = v4num(piece);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else return null;
    }
    return groups;
  }
  function v6groups(text) {
    if (!/^[0-9a-f:.]+$/i.test(text)) return null;
    var halves = text.split("::");
    if (halves.length > 2) return null;
    var head = v6side(halves[0]), tail = halves.length === 2 ? v6side(halves[1]) : [];
    if (!head || !tail) return null;
    if (halves.length === 1) return head.length === 8 ? head : null;
    var missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    for (var i = 0; i < missing; i++) head.push(0);
    return head.concat(tail);
  }
  function mask4(address, prefix) {
    if (prefix <= 0) return 0;
    var hostBits = Math.pow(2, 32 - prefix);
    return Math.floor(address / hostBits) * hostBits;
  }
  function mask6(groups, prefix) {
    var out = [];
    for (var i = 0; i * 16 < prefix; i++) {
      var hostBits = Math.pow(2, 16 - Math.min(16, prefix - i * 16));
      out.push((Math.floor(groups[i] / hostBits) * hostBits).toString(16));
    }
    return out.join(":");
  }
  function dict(pairs) {
    var d = Object.create(null);
    for (var i = 0; i < pairs.length; i++) d[pairs[i][0]] = pairs[i][1];
    return d;
  }
  function gm(p, t) {
    var pi = 0, ti = 0, star = -1, mark = 0;
    while (ti < t.length) {
      if (pi < p.length && (p.charAt(pi) === "?" || p.charAt(pi) === t.charAt(ti))) { pi++; ti++; }
      else if (pi < p.length && p.charAt(pi) === "*") { star = pi++; mark = ti; }
      else if (star >= 0) { pi = star + 1; ti = ++mark; }
      else return false;
    }
    while (p.charAt(pi) === "*") pi++;
    return pi === p.length;
  }
  function anyGm(alts, t) {
    var list = alts.split("\n");
    for (var i = 0; i < list.length; i++) if (gm(list[i], t)) return true;
    return false;
  }
  function urlGm(parts, url) {
    var colon = url.indexOf(":");
    if (colon < 0 || url.slice(colon + 1, colon + 3) !== "//") return false;
    var rest = url.slice(colon + 3), slash = rest.indexOf("/");
    var at = slash < 0 ? rest.length : slash;
    return gm(parts[0], url.slice(0, colon)) && anyGm(parts[1], rest.slice(0, at)) && gm(parts[2], rest.slice(at));
  }
  function prepare(t) {
    var i, tests = [];
    for (i = 0; i < t.tests.length; i++) {
      var x = t.tests[i], re = null, parts = null;
      if (x[3] === "re") {
        try { re = new RegExp(x[4], x[5]); } catch (e) { re = /(?!)/; }
      }
      if (x[3] === "urlglob") parts = JSON.parse(x[4]);
      tests.push({ owner: x[0], onHost: x[1] === 0, httpOnly: x[2] === 1, op: x[3], s: x[4], re: re, parts: parts });
    }
    var v4 = [], v6 = [];
    for (i = 0; i < t.v4.length; i++) v4.push([t.v4[i][0], dict(t.v4[i][1])]);
    for (i = 0; i < t.v6.length; i++) v6.push([t.v6[i][0], dict(t.v6[i][1])]);
    return { suffix: dict(t.suffix), v4: v4, v6: v6, tests: tests, linear: t.linear };
  }
  function passes(test, req) {
    if (test.httpOnly && req.scheme !== "http") return false;
    var text = test.onHost ? req.host : req.url;
    if (test.op === "sub") return text.indexOf(test.s) >= 0;
    if (test.op === "pre") return text.slice(0, test.s.length) === test.s;
    if (test.op === "glob") return anyGm(test.s, text);
    if (test.op === "urlglob") return urlGm(test.parts, text);
    return test.re.test(text);
  }
  function hitsOf(ix, req) {
    var hits = [], host = req.host, at = 0, i, k, owners;
    for (;;) {
      var entries = ix.suffix[at === 0 ? host : host.slice(at)];
      if (entries) {
        for (k = 0; k < entries.length; k += 2) {
          var mode = entries[k + 1];
          if (mode === -2 && at === 0) continue;
          hits.push([entries[k], mode < 0 ? -1 : mode]);
        }
      }
      var dot = host.indexOf(".", at);
      if (dot < 0) break;
      at = dot + 1;
    }
    if (req.v4 !== null) {
      for (i = 0; i < ix.v4.length; i++) {
        owners = ix.v4[i][1][mask4(req.v4, ix.v4[i][0])];
        for (k = 0; owners && k < owners.length; k++) hits.push([owners[k], -1]);
      }
    }
    if (req.v6 !== null) {
      for (i = 0; i < ix.v6.length; i++) {
        owners = ix.v6[i][1][mask6(req.v6, ix.v6[i][0])];
        for (k = 0; owners && k < owners.length; k++) hits.push([owners[k], -1]);
      }
    }
    if (hits.length > 1) hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    return hits;
  }
  function firstOwner(ix, req, vetoed) {
    var hits = hitsOf(ix, req), linear = ix.linear, tests = ix.tests;
    var h = 0, l = 0, refused = -1, owner, test;
    while (h < hits.length || l < linear.length) {
      var lin = l < linear.length ? linear[l] : -1;
      var linOwner = lin >= 0 ? tests[lin].owner : Infinity;
      if (h < hits.length && hits[h][0] <= linOwner) {
        owner = hits[h][0]; test = hits[h][1]; h++;
      } else {
        owner = linOwner; test = lin; l++;
      }
      if (owner === refused) continue;
      if (test >= 0 && !passes(tests[test], req)) continue;
      if (vetoed(owner, req)) { refused = owner; continue; }
      return owner;
    }
    return -1;
  }
  ${BYPASS_RUNTIME}
  var MAIN = prepare(INDEX), EXCEPT = [];
  for (var r = 0; r < RULES.length; r++) EXCEPT.push(RULES[r][1] ? prepare(RULES[r][1]) : null);
  function never() { return false; }
  function vetoed(owner, req) {
    return EXCEPT[owner] !== null && firstOwner(EXCEPT[owner], req, never) >= 0;
  }
  return function FindProxyForURL(url, host) {
    url = String(url);
    host = String(host).toLowerCase().replace(/^\[|\]$/g, "").replace(/\.+$/, "");
    var colon = url.indexOf(":");
    var v4 = v4num(host);
    var req = {
      url: url,
      host: host,
      scheme: colon < 0 ? "" : url.slice(0, colon).toLowerCase(),
      v4: v4,
      v6: v4 === null && host.indexOf(":") >= 0 ? v6groups(host) : null
    };
    // The bypass list first, as Chrome's fixed_servers config reads it (bypass-match.ts).
    if (BYPASS.length > 0 && bypassed(req)) return "DIRECT";
    var owner = firstOwner(MAIN, req, vetoed);
    return owner < 0 ? DEFAULT : RESULTS[RULES[owner][0]];
  };
`;

/**
 * A PAC script answering, for each URL, "DIRECT" when the bypass list takes it, else
 * `resolve(route)` of the first matching enabled rule (e.g. "PROXY 127.0.0.1:8000", "DIRECT"),
 * else `defaultResult`.
 */
export function pacScript(
  rules: SiteRule[],
  resolve: (route: Route) => string,
  defaultResult: string,
  bypass: readonly BypassEntry[] = [],
): string {
  const tables = compileTables(rules, { skipContainerRules: true });
  const results: string[] = [];
  const resultIndex = new Map<string, number>();
  const ruleRows: [number, IndexTables | null][] = tables.rules.map((rule) => {
    const result = resolve(rule.route);
    let index = resultIndex.get(result);
    if (index === undefined) {
      index = results.length;
      results.push(result);
      resultIndex.set(result, index);
    }
    return [index, rule.except];
  });
  return [
    "// Proxy Deck site rules: generated, do not edit.",
    "var FindProxyForURL = (function () {",
    '  "use strict";',
    `  var RESULTS = ${scriptJson(results)};`,
    `  var DEFAULT = ${scriptJson(defaultResult)};`,
    `  var RULES = ${scriptJson(ruleRows)};`,
    `  var INDEX = ${scriptJson(tables.index)};`,
    `  var BYPASS = ${scriptJson(bypassRows(bypass))};`,
    RUNTIME,
    "})();",
    "",
  ].join("\n");
}

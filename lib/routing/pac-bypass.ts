/**
 * The bypass list in the PAC script (pure): an ES5 copy of bypass-match.ts's reading, with the
 * entries as rows. It runs inside pac.ts's runtime and uses its IP and wildcard functions
 * (v4num, v6groups, mask4, mask6, gm); the bypass-match test runs both on random lists.
 */
import type { BypassEntry } from "./bypass-match";

/** Bypass entries as the script's rows (its `bypassed` reads them). */
export function bypassRows(entries: readonly BypassEntry[]): unknown[] {
  return entries.flatMap((e) => {
    if (e.kind === "local") return [["l"]];
    if (e.kind === "cidr") return [["c", e.version, e.network, e.prefix]];
    if (e.kind === "host") return [["h", e.scheme, e.host, e.port, e.ip ? 1 : 0]];
    return [];
  });
}

/** `bypassed(req)` for FindProxyForURL: true when the list sends the request direct. */
export const BYPASS_RUNTIME = String.raw`
  function ipKeyOf(host) {
    var v4 = v4num(host);
    if (v4 !== null) return "4:" + v4;
    var g = host.indexOf(":") >= 0 ? v6groups(host) : null;
    return g ? "6:" + mask6(g, 128) : null;
  }
  var PORTS = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };
  function portOf(url, scheme) {
    var start = url.indexOf("://");
    if (start < 0) return -1;
    var rest = url.slice(start + 3), end = rest.search(/[\/?#]/);
    var authority = end < 0 ? rest : rest.slice(0, end);
    var m = /:(\d+)$/.exec(authority.slice(authority.lastIndexOf("@") + 1));
    if (m) return Number(m[1]);
    return Object.prototype.hasOwnProperty.call(PORTS, scheme) ? PORTS[scheme] : -1;
  }
  function bypassed(req) {
    var key = null, keyed = false;
    for (var i = 0; i < BYPASS.length; i++) {
      var e = BYPASS[i];
      if (e[0] === "l") {
        if (req.host.indexOf(".") < 0 && req.host.indexOf(":") < 0) return true;
      } else if (e[0] === "c") {
        if (e[1] === 4 ? req.v4 !== null && String(mask4(req.v4, e[3])) === e[2]
            : req.v6 !== null && mask6(req.v6, e[3]) === e[2]) return true;
      } else {
        if (e[3] !== -1 && e[3] !== portOf(req.url, req.scheme)) continue;
        if (e[1] !== "" && e[1] !== req.scheme) continue;
        if (e[4]) {
          if (!keyed) { key = ipKeyOf(req.host); keyed = true; }
          if (key === e[2]) return true;
        } else if (gm(e[2], req.host)) return true;
      }
    }
    return false;
  }
`;

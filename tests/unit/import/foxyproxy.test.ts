/**
 * A FoxyProxy 9 export read into Proxy Deck: proxies with their logins, each proxy's includes
 * and excludes in order, and where each URL goes compared with FoxyProxy's own reading
 * (on-request.js processPattern: first active proxy whose include matches and no exclude
 * does, case-insensitive regex over the URL; nothing matched: direct).
 */
import { describe, expect, it } from "vitest";
import type { ForeignImport } from "../../../lib/import/foreign";
import { foxyPattern } from "../../../lib/import/foxyproxy-patterns";
import { readForeignFile } from "../../../lib/import/read-foreign";
import { EXAMPLE_GATEWAYS, foxyExport } from "./fixtures";
import { routesOf } from "./route-table";

function setupOf(value: unknown): ForeignImport {
  const file = readForeignFile(JSON.stringify(value, null, 2));
  if (file.kind !== "setup" || !file.read.ok) throw new Error(JSON.stringify(file));
  return file.read.setup;
}

describe("FoxyProxy export", () => {
  const setup = setupOf(foxyExport());

  it("brings the proxies with their logins, in order; those it cannot use are named with why", () => {
    expect(setup.format).toBe("foxyproxy");
    expect(
      setup.proxies.map((p) => [p.name, p.type, p.host, p.port, p.username, p.password]),
    ).toEqual([
      ["Iceland", "http", "gw1.example.net", 3128, "ice", EXAMPLE_GATEWAYS.one.password],
      ["London", "socks5", "gw2.example.net", 1080, "lon", "secret"],
      ["Old", "http", "gw3.example.net", 8080, "old", "old"],
      ["Spaces", "http", "gw1.example.net", 3128, "ice", EXAMPLE_GATEWAYS.one.password],
    ]);
    expect(setup.skipped).toEqual([
      { what: "TOR", why: "no-login" },
      { what: "TOR (1)", why: "no-proxy", detail: "TOR" },
      { what: "Office PAC", why: "proxy-type", detail: "pac" },
      { what: "Legacy", why: "proxy-type", detail: "socks4" },
      { what: "Legacy (1)", why: "no-proxy", detail: "Legacy" },
      { what: "Spaces: a b", why: "pattern", detail: "regex" },
    ]);
    expect(setup.bypass).toEqual(["intranet.test", "*.corp.test", "10.0.0.0/8", "<local>"]);
  });

  it("one list rule per proxy, in the export's order: includes, then excludes as @@ lines", () => {
    expect(setup.rules.map((r) => [r.from, r.route, r.enabled, r.source])).toEqual([
      [
        "Iceland",
        { kind: "proxy", proxy: 0 },
        true,
        {
          type: "list",
          name: "Iceland",
          lines: [
            "/://news\\.test//i",
            "/^https?://api\\.shop\\.test//i",
            "/^[^:]+://(.+\\.)?video\\.test/.*$/i",
            "@@/://news\\.test/local//i",
          ],
        },
      ],
      [
        "Bank direct",
        { kind: "direct" },
        true,
        { type: "list", name: "Bank direct", lines: ["/://bank\\.test//i", "/://news\\.test//i"] },
      ],
      [
        "London",
        { kind: "proxy", proxy: 1 },
        true,
        { type: "list", name: "London", lines: ["/\\.shop\\.test//i", "/://bank\\.test//i"] },
      ],
      [
        "Old",
        { kind: "proxy", proxy: 2 },
        false,
        { type: "list", name: "Old", lines: ["/://old\\.test//i"] },
      ],
    ]);
  });

  it("routes each URL where FoxyProxy would: first proxy with an include and no exclude; an exclude falls through", () => {
    expect(
      routesOf(setup, [
        "http://news.test/",
        "http://NEWS.test/today",
        "http://news.test/local/weather",
        "https://api.shop.test/v1",
        "http://www.shop.test/",
        "http://shop.test/",
        "http://x.video.test/a",
        "https://video.test/",
        "http://bank.test/",
        "http://old.test/",
        "http://a.onion/",
        "http://other.test/",
      ]),
    ).toEqual({
      "http://news.test/": "Iceland",
      "http://NEWS.test/today": "Iceland",
      // Iceland excludes it, so the next proxy whose include matches takes it.
      "http://news.test/local/weather": "direct",
      "https://api.shop.test/v1": "Iceland",
      "http://www.shop.test/": "London",
      // `*.shop.test/*` is `\.shop\.test/` there: no dot before shop, no match.
      "http://shop.test/": "rest",
      "http://x.video.test/a": "Iceland",
      "https://video.test/": "Iceland",
      // Bank direct stands before London, whose include matches too.
      "http://bank.test/": "direct",
      // Old is inactive: FoxyProxy skips it, and its rule is off here.
      "http://old.test/": "rest",
      "http://a.onion/": "rest",
      "http://other.test/": "rest",
    });
    expect(setup.rest).toEqual({ kind: "direct" });
  });

  it("outside pattern mode the rules come over switched off, and the preview says why", () => {
    const single = setupOf(foxyExport(EXAMPLE_GATEWAYS, "gw1.example.net:3128"));
    expect(single.rules.every((r) => !r.enabled)).toBe(true);
    expect(single.skipped).toContainEqual({
      what: "mode",
      why: "mode-off",
      detail: "gw1.example.net:3128",
    });
  });

  it("converts each pattern type as pattern.js does", () => {
    expect(foxyPattern("wildcard", "*")).toBe("/\\w+/i");
    expect(foxyPattern("wildcard", "*.example.com/a?c")).toBe("/\\.example\\.com/a.c/i");
    // A run of * is one: the same addresses, without a miss that backtracks for seconds.
    expect(foxyPattern("wildcard", "w******#")).toBe("/w.*#/i");
    expect(foxyPattern("match", "<all_urls>")).toBe("/\\w+/i");
    expect(foxyPattern("match", "https://example.com/*")).toBe("/^https://example\\.com/.*$/i");
    expect(foxyPattern("regex", "([")).toBeNull();
    expect(foxyPattern("glob", "x")).toBeNull();
  });
});

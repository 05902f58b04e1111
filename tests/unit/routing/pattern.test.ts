import { describe, expect, it } from "vitest";
import { type Pattern, parsePattern } from "../../../lib/routing/pattern";
import { compileRules } from "../../../lib/routing/router";

/** Does a rule holding only `text` match `url`? */
const matches = (text: string, url: string): boolean =>
  compileRules([
    { id: "r", enabled: true, source: { type: "pattern", text }, route: { kind: "direct" } },
  ]).route(url) !== null;

describe("parsePattern: what each form reads as", () => {
  it.each<[string, Pattern]>([
    ["example.com", { kind: "domain", domain: "example.com" }],
    ["  Example.COM.  ", { kind: "domain", domain: "example.com" }],
    [".example.com", { kind: "domain", domain: "example.com" }],
    ["localhost", { kind: "domain", domain: "localhost" }],
    ["Bücher.de", { kind: "domain", domain: "xn--bcher-kva.de" }],
    ["xn--bcher-kva.de", { kind: "domain", domain: "xn--bcher-kva.de" }],
    ["例え。jp", { kind: "domain", domain: "xn--r8jz45g.jp" }],
    ["*.Example.com", { kind: "host-wildcard", host: "*.example.com" }],
    ["**.example.com", { kind: "host-wildcard", host: "**.example.com" }],
    ["foo*.example.com", { kind: "host-wildcard", host: "foo*.example.com" }],
    ["cdn?.例え.jp", { kind: "host-wildcard", host: "cdn?.xn--r8jz45g.jp" }],
    ["*", { kind: "host-wildcard", host: "*" }],
    [
      "*://*.Example.com/Path*",
      { kind: "url-wildcard", scheme: "*", authority: "*.example.com", path: "/Path*" },
    ],
    [
      "HTTP://example.com",
      { kind: "url-wildcard", scheme: "http", authority: "example.com", path: "/*" },
    ],
    [
      "https://example.com:8443/a?b=*",
      { kind: "url-wildcard", scheme: "https", authority: "example.com:8443", path: "/a?b=*" },
    ],
    [
      "https://example.com/日本*",
      {
        kind: "url-wildcard",
        scheme: "https",
        authority: "example.com",
        path: "/%E6%97%A5%E6%9C%AC*",
      },
    ],
    [
      "http://[2001:DB8::1]:8080/*",
      { kind: "url-wildcard", scheme: "http", authority: "[2001:db8::1]:8080", path: "/*" },
    ],
    ["192.0.2.77/24", { kind: "cidr", version: 4, address: "192.0.2.0", prefix: 24 }],
    ["192.0.2.77", { kind: "cidr", version: 4, address: "192.0.2.77", prefix: 32 }],
    ["10.1.2.3/0", { kind: "cidr", version: 4, address: "0.0.0.0", prefix: 0 }],
    ["2001:db8:ffff::1/32", { kind: "cidr", version: 6, address: "2001:db8::", prefix: 32 }],
    ["[::1]", { kind: "cidr", version: 6, address: "::1", prefix: 128 }],
    ["[2001:db8::7]/64", { kind: "cidr", version: 6, address: "2001:db8::", prefix: 64 }],
    ["::ffff:192.0.2.1", { kind: "cidr", version: 6, address: "::ffff:c000:201", prefix: 128 }],
    ["/example\\.com/", { kind: "regex", source: "example\\.com", flags: "" }],
    ["/^https?:\\/\\/x\\//i", { kind: "regex", source: "^https?:\\/\\/x\\/", flags: "i" }],
  ])("%s", (text, pattern) => {
    expect(parsePattern(text)).toEqual({ ok: true, pattern });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["exa mple.com", "spaces"],
    ["example\u2028.com", "spaces"],
    ["a\tb", "spaces"],
    ["x".repeat(2001), "too-long"],
    [`/${"a".repeat(501)}/`, "too-long"],
    ["example..com", "bad-host"],
    ["exa_mple!.com", "bad-host"],
    ["example.com:8080", "bad-host"],
    ["www.example.com:8080", "bad-host"],
    ["example.123", "bad-host"],
    ["example.com/path", "bad-host"],
    ["%41.com", "bad-host"],
    ["http://", "bad-host"],
    ["http://exa mple.com/", "spaces"],
    ["http://a@b.com/*", "bad-host"],
    ["http://*.例*.jp/*", "bad-wildcard"],
    ["ht^tp://example.com/*", "bad-wildcard"],
    ["http://example.com:80a/*", "bad-wildcard"],
    ["http://[::1/*", "bad-host"],
    ["http://example.com/\ud800*", "bad-wildcard"],
    ["*.exa!mple.com", "bad-wildcard"],
    ["*.例*.jp", "bad-wildcard"],
    ["1.2.3", "bad-cidr"],
    ["256.0.0.1", "bad-cidr"],
    ["010.0.0.1", "bad-cidr"],
    ["192.0.2.0/33", "bad-cidr"],
    ["192.0.2.0/", "bad-cidr"],
    ["2001:db8::/129", "bad-cidr"],
    ["2001:db8:::1", "bad-cidr"],
    ["[example.com]", "bad-cidr"],
    ["/(unclosed/", "bad-regex"],
    ["/abc/g", "bad-regex"],
    ["/abc", "bad-regex"],
    ["//", "bad-regex"],
  ])("%j → %s", (text, problem) => {
    expect(parsePattern(text)).toEqual({ ok: false, problem });
  });
});

describe("what a pattern matches", () => {
  it.each([
    // Domain: itself and subdomains, on a dot boundary, whatever the case.
    ["example.com", "https://example.com/", true],
    ["example.com", "https://a.b.example.com/x?y", true],
    ["example.com", "https://EXAMPLE.com/", true],
    ["example.com", "https://example.com./", true],
    ["example.com", "https://notexample.com/", false],
    ["example.com", "https://example.com.evil.test/", false],
    ["example.com", "https://evil.test/?u=https://example.com/", false],
    ["example.com", "https://evil.test/example.com", false],
    ["Bücher.de", "https://www.bücher.de/", true],
    ["Bücher.de", "https://www.xn--bcher-kva.de/", true],
    // Host wildcards (SwitchyOmega): `*.` covers the apex, `**.` does not.
    ["*.example.com", "http://example.com/", true],
    ["*.example.com", "http://a.example.com/", true],
    ["*.example.com", "http://notexample.com/", false],
    ["**.example.com", "http://example.com/", false],
    ["**.example.com", "http://a.example.com/", true],
    ["foo*.example.com", "http://foobar.example.com/", true],
    ["foo*.example.com", "http://bar.example.com/", false],
    ["foo*.example.com", "http://foo.example.com.evil.test/", false],
    ["cdn?.example.net", "http://cdn1.example.net/", true],
    ["cdn?.example.net", "http://cdn12.example.net/", false],
    ["*example.com", "http://notexample.com/", true],
    ["example.*", "http://example.org/", true],
    ["192.168.*", "http://192.168.4.5/", true],
    ["*", "http://anything.test/", true],
    // URL wildcards: the whole URL, ports and queries included; the host part stays the host.
    ["*://*.example.com/path*", "https://example.com/path/x", true],
    ["*://*.example.com/path*", "https://a.example.com/pathology?q=1", true],
    ["*://*.example.com/path*", "https://a.example.com/other", false],
    ["*://*.example.com/*", "https://evil.test/a.example.com/", false],
    ["*://*.example.com/*", "https://evil.test/?x=.example.com/", false],
    ["*://*.example.com/*", "https://example.com:8443/", false],
    ["*://*.example.com:*/*", "https://example.com:8443/", true],
    ["http://example.com/*", "http://example.com/", true],
    ["http://example.com/*", "https://example.com/", false],
    ["http://example.com/*", "http://example.com:8080/", false],
    ["http://example.com:8080/*", "http://example.com:8080/x", true],
    ["http://example.com:8080/*", "http://example.com:80/x", false],
    ["http://example.com", "http://example.com/any/path", true],
    ["https://example.com/search?q=*", "https://example.com/search?q=cats", true],
    ["https://example.com/search?q=*", "https://example.com/search?x=cats", false],
    ["https://example.com/a", "https://example.com/a?b", false],
    ["https://example.com/Path", "https://example.com/path", false],
    ["https://example.com/*", "https://user:pw@example.com/#frag", true],
    ["https://example.com/日本/*", "https://example.com/日本/x?q=日本", true],
    ["https://example.com/*?q=日本", "https://example.com/a?q=%E6%97%A5%E6%9C%AC", true],
    ["https://example.com/x#*", "https://example.com/x#frag", false],
    ["http://[2001:db8::1]:8080/*", "http://[2001:db8:0::1]:8080/", true],
    // CIDR: mask-based, IP literals only, IPv6 included.
    ["192.0.2.77/24", "http://192.0.2.10/", true],
    ["192.0.2.77/24", "http://192.0.3.10/", false],
    ["192.0.2.77", "http://192.0.2.77:8080/", true],
    ["192.0.2.77", "http://192.0.2.78/", false],
    ["10.0.0.0/8", "http://0x0a.1.2.3/", true],
    ["0.0.0.0/0", "http://198.51.100.1/", true],
    ["0.0.0.0/0", "http://example.com/", false],
    ["0.0.0.0/0", "http://[::1]/", false],
    ["192.0.2.0/24", "http://192.0.2.10.evil.test/", false],
    ["2001:db8::/32", "http://[2001:db8:1234::5]/", true],
    ["2001:db8::/32", "http://[2001:db9::5]/", false],
    ["2001:db8::/33", "http://[2001:db8:7fff::]/", true],
    ["2001:db8::/33", "http://[2001:db8:8000::]/", false],
    ["[::1]", "http://[::1]:3000/", true],
    ["::/0", "http://192.0.2.1/", false],
    ["::ffff:192.0.2.1", "http://[::ffff:c000:201]/", true],
    // Regular expressions: the whole URL, case-sensitive unless /i.
    ["/^https:\\/\\/[^/]*example\\.com\\//", "https://www.example.com/", true],
    ["/^https:\\/\\/[^/]*example\\.com\\//", "http://www.example.com/", false],
    ["/\\?q=secret/", "https://search.test/?q=secret", true],
    ["/EXAMPLE/", "https://example.com/", false],
    ["/EXAMPLE/i", "https://example.com/", true],
    ["/#frag/", "https://example.com/#frag", false],
  ])("%s on %s → %s", (text, url, expected) => {
    expect(matches(text, url)).toBe(expected);
  });
});

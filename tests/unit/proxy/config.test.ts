import { describe, expect, it } from "vitest";
import {
  chromeBlockingConfig,
  chromeBypasses,
  chromeProxyConfig,
  DEAD_END,
  firefoxProxyInfo,
  gatewayOrigin,
  isBypassed,
  normalizeBypassList,
  withProxyAuthorization,
} from "../../../lib/proxy/config";
import { makeToken } from "../stored-token";

const decodeBasic = (header: string | undefined) => {
  expect(header).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
  return Buffer.from((header ?? "").slice("Basic ".length), "base64").toString("utf8");
};

describe("chromeProxyConfig", () => {
  it.each([
    { networkType: "HTTP", scheme: "http" },
    { networkType: "SOCKS5", scheme: "socks5" },
  ] as const)(
    "$networkType token → fixed_servers with scheme $scheme",
    ({ networkType, scheme }) => {
      const token = makeToken({ networkType, host: "gw.example.net", port: 8123 });
      expect(chromeProxyConfig(token, ["<local>"])).toEqual({
        mode: "fixed_servers",
        rules: {
          singleProxy: { scheme, host: "gw.example.net", port: 8123 },
          bypassList: ["<local>"],
        },
      });
    },
  );

  it("normalises the bypass list: trimmed, de-duplicated, empties dropped, order kept", () => {
    const config = chromeProxyConfig(makeToken(), [
      "  <local> ",
      "",
      "*.corp.example",
      "   ",
      "<local>",
      "10.0.0.1",
      "*.corp.example ",
    ]);
    expect(config.rules.bypassList).toEqual(["<local>", "*.corp.example", "10.0.0.1"]);
  });

  it("an empty bypass list stays empty", () => {
    expect(chromeProxyConfig(makeToken(), []).rules.bypassList).toEqual([]);
  });
});

describe("normalizeBypassList", () => {
  it.each([
    { input: [], expected: [] },
    { input: [" a ", "a", "b"], expected: ["a", "b"] },
    { input: ["b", "a", "b"], expected: ["b", "a"] },
    { input: ["", " ", "\t"], expected: [] },
  ])("$input → $expected", ({ input, expected }) => {
    expect(normalizeBypassList(input)).toEqual(expected);
  });
});

describe("firefoxProxyInfo", () => {
  it("HTTP → http ProxyInfo with a Basic proxyAuthorizationHeader and no plain credentials", () => {
    const info = firefoxProxyInfo(
      makeToken({
        id: 7,
        networkType: "HTTP",
        host: "gw.example.net",
        port: 8000,
        username: "alice",
        password: "s3cret",
      }),
    );
    expect(info).toEqual({
      type: "http",
      host: "gw.example.net",
      port: 8000,
      proxyAuthorizationHeader: `Basic ${Buffer.from("alice:s3cret").toString("base64")}`,
      connectionIsolationKey: "token-7",
    });
    expect(info).not.toHaveProperty("username");
    expect(info).not.toHaveProperty("proxyDNS");
  });

  it.each([
    { username: "ünïcödé", password: "пароль" },
    { username: "用户", password: "密码🔑" },
    { username: "a:b", password: "c:d" },
    { username: "plain", password: "with space" },
  ])("Basic header is UTF-8 base64 of user:password ($username)", ({ username, password }) => {
    const info = firefoxProxyInfo(makeToken({ username, password }));
    expect(decodeBasic(info.proxyAuthorizationHeader)).toBe(`${username}:${password}`);
    expect(info.proxyAuthorizationHeader).toBe(
      `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`,
    );
  });

  it("SOCKS5 → socks ProxyInfo with username/password and proxyDNS on", () => {
    const info = firefoxProxyInfo(
      makeToken({
        id: 8,
        networkType: "SOCKS5",
        host: "198.51.100.9",
        port: 1080,
        username: "bob",
        password: "pw",
      }),
    );
    expect(info).toEqual({
      type: "socks",
      host: "198.51.100.9",
      port: 1080,
      username: "bob",
      password: "pw",
      proxyDNS: true,
      connectionIsolationKey: "token-8",
    });
    expect(info).not.toHaveProperty("proxyAuthorizationHeader");
  });

  it("two tokens on one gateway get different connection isolation keys", () => {
    const a = firefoxProxyInfo(makeToken({ id: 1, username: "a" }));
    const b = firefoxProxyInfo(makeToken({ id: 2, username: "b" }));
    expect(`${a.host}:${a.port}`).toBe(`${b.host}:${b.port}`);
    expect(a.connectionIsolationKey).not.toBe(b.connectionIsolationKey);
  });
});

describe("withProxyAuthorization", () => {
  const token = makeToken({
    networkType: "HTTP",
    host: "gw.example.net",
    port: 8000,
    username: "alice",
    password: "s3cret",
  });
  const proxy = firefoxProxyInfo(token);
  const via = { type: "http", host: "gw.example.net", port: 8000 };
  const basic = `Basic ${Buffer.from("alice:s3cret").toString("base64")}`;

  it("replaces a cached Proxy-Authorization (any case) with the active token's", () => {
    const headers = [
      { name: "Accept", value: "*/*" },
      { name: "proxy-authorization", value: "Basic b2xkOm9sZA==" },
    ];
    expect(withProxyAuthorization(headers, via, proxy)).toEqual([
      { name: "Accept", value: "*/*" },
      { name: "Proxy-Authorization", value: basic },
    ]);
  });

  it("adds it when the request carries none; the gateway host matches case-insensitively", () => {
    expect(withProxyAuthorization([], { ...via, host: "GW.Example.NET" }, proxy)).toEqual([
      { name: "Proxy-Authorization", value: basic },
    ]);
  });

  it.each([
    { what: "direct (no proxy)", via: null },
    { what: "another host", via: { ...via, host: "other.example.net" } },
    { what: "another port", via: { ...via, port: 8001 } },
    { what: "a SOCKS proxy", via: { ...via, type: "socks" } },
  ])("leaves the request alone when it goes $what", ({ via: other }) => {
    const headers = [{ name: "Proxy-Authorization", value: "Basic eDp5" }];
    expect(withProxyAuthorization(headers, other, proxy)).toBeUndefined();
  });

  it("leaves the request alone without an HTTP token", () => {
    expect(withProxyAuthorization([], via, null)).toBeUndefined();
    const socks = firefoxProxyInfo({ ...token, networkType: "SOCKS5" });
    expect(withProxyAuthorization([], { ...via, type: "socks" }, socks)).toBeUndefined();
  });
});

describe("gatewayOrigin", () => {
  it.each([
    { host: "gw.example.net", port: 8000, expected: "http://gw.example.net:8000" },
    { host: "127.0.0.1", port: 1, expected: "http://127.0.0.1:1" },
    { host: "::1", port: 8788, expected: "http://[::1]:8788" },
    { host: "2001:db8::7", port: 80, expected: "http://[2001:db8::7]:80" },
  ])("$host:$port → $expected", ({ host, port, expected }) => {
    expect(gatewayOrigin({ host, port })).toBe(expected);
  });

  it("is the same for two tokens on one gateway and differs across ports", () => {
    const a = makeToken({ id: 1, username: "a" });
    const b = makeToken({ id: 2, username: "b" });
    expect(gatewayOrigin(a)).toBe(gatewayOrigin(b));
    expect(gatewayOrigin(a)).not.toBe(gatewayOrigin({ ...a, port: a.port + 1 }));
  });
});

describe("isBypassed (the bypass list as Chrome reads it, for Firefox's routing)", () => {
  it.each([
    // <local>: plain host names only, never an IP literal
    { url: "http://localhost/", list: ["<local>"], expected: true },
    { url: "http://intranet:8080/x", list: ["<local>"], expected: true },
    { url: "https://example.com/", list: ["<local>"], expected: false },
    { url: "http://127.0.0.1/", list: ["<local>"], expected: false },
    { url: "http://[::1]/", list: ["<local>"], expected: false },
    // A host pattern is the whole host: `*.example.com` and `.example.com` are subdomains only
    { url: "https://a.example.com/", list: ["*.example.com"], expected: true },
    { url: "https://a.b.example.com/", list: [".example.com"], expected: true },
    { url: "https://example.com/", list: ["*.example.com"], expected: false },
    { url: "https://badexample.com/", list: ["*.example.com"], expected: false },
    { url: "https://badexample.com/", list: ["*example.com"], expected: true },
    { url: "https://example.com.evil.net/", list: ["*.example.com"], expected: false },
    // exact host, case-insensitive on both sides
    { url: "https://Example.COM/", list: ["example.com"], expected: true },
    { url: "https://example.com/", list: ["EXAMPLE.com"], expected: true },
    { url: "https://www.example.com/", list: ["example.com"], expected: false },
    { url: "http://10.0.0.1/", list: ["10.0.0.1"], expected: true },
    // a scheme and a port narrow an entry (the port as used, default ports included)
    { url: "https://example.com/", list: ["example.com:443"], expected: true },
    { url: "https://example.com:8443/", list: ["example.com:443"], expected: false },
    { url: "https://example.com/", list: ["http://example.com"], expected: false },
    { url: "http://example.com/a", list: ["http://example.com"], expected: true },
    { url: "https://x.corp.example:99/", list: ["https://x.*.example:99"], expected: true },
    // IP ranges: IP literals only, however they are written
    { url: "http://10.1.2.3/", list: ["10.0.0.0/8"], expected: true },
    { url: "http://11.1.2.3/", list: ["10.0.0.0/8"], expected: false },
    { url: "http://ten.example/", list: ["10.0.0.0/8"], expected: false },
    { url: "http://[2001:db8::5]/", list: ["2001:db8::/32"], expected: true },
    { url: "http://[2001:db9::5]/", list: ["2001:db8::/32"], expected: false },
    { url: "http://[::1]:99/", list: ["[0:0::1]"], expected: true },
    { url: "http://[::1]:99/", list: ["http://[::1]:99"], expected: true },
    { url: "http://[::1]:98/", list: ["http://[::1]:99"], expected: false },
    // rules are trimmed
    { url: "https://example.com/", list: ["  example.com  "], expected: true },
    // <-loopback> matches nothing (it only removes Chrome's implicit loopback bypass)
    { url: "http://localhost/", list: ["<-loopback>"], expected: false },
    { url: "http://127.0.0.1/", list: ["<-loopback>"], expected: false },
    { url: "http://localhost/", list: ["<-loopback>", "<local>"], expected: true },
    // empty list: nothing bypassed; a non-URL is never bypassed
    { url: "http://localhost/", list: [], expected: false },
    { url: "https://example.com/", list: ["", " "], expected: false },
    { url: "not a url", list: ["<local>"], expected: false },
  ])("$url with $list → $expected", ({ url, list, expected }) => {
    expect(isBypassed(url, list)).toBe(expected);
  });
});

describe("chromeBypasses", () => {
  it.each([
    // Chrome's implicit loopback rule: lifted only by <-loopback>.
    { url: "http://127.0.0.1/", list: ["<local>"], expected: true },
    { url: "http://localhost/", list: [], expected: true },
    { url: "http://[::1]/", list: [], expected: true },
    { url: "http://127.0.0.1/", list: ["<-loopback>"], expected: false },
    { url: "http://localhost/", list: ["<-loopback>"], expected: false },
    // The user's rules.
    { url: "https://api.example.com/", list: ["<local>"], expected: false },
    { url: "http://intranet/", list: ["<local>"], expected: true },
    { url: "https://api.example.com/", list: ["*.example.com"], expected: true },
    { url: "http://192.168.1.20/", list: ["<local>"], expected: false },
    { url: "http://192.168.1.20/", list: ["192.168.0.0/16"], expected: true },
  ])("$url with $list → $expected", ({ url, list, expected }) => {
    expect(chromeBypasses(url, list)).toBe(expected);
  });
});

describe("chromeBlockingConfig", () => {
  it("sends everything to the dead end but the user's bypass rules and the provider", () => {
    expect(chromeBlockingConfig(["<-loopback>", " "], "api.example.com")).toEqual({
      mode: "fixed_servers",
      rules: {
        singleProxy: { scheme: "http", host: DEAD_END.host, port: DEAD_END.port },
        bypassList: ["<-loopback>", "api.example.com"],
      },
    });
  });
});

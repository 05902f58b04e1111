import { describe, expect, it } from "vitest";
import {
  chromeProxyConfig,
  firefoxProxyInfo,
  gatewayOrigin,
  isBypassed,
  normalizeBypassList,
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
    });
    expect(info).not.toHaveProperty("proxyAuthorizationHeader");
  });
});

describe("gatewayOrigin", () => {
  it.each([
    { host: "gw.example.net", port: 8000, expected: "http://gw.example.net:8000" },
    { host: "127.0.0.1", port: 1, expected: "http://127.0.0.1:1" },
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

describe("isBypassed", () => {
  it.each([
    // <local>: plain host names only
    { host: "localhost", list: ["<local>"], expected: true },
    { host: "intranet", list: ["<local>"], expected: true },
    { host: "example.com", list: ["<local>"], expected: false },
    { host: "127.0.0.1", list: ["<local>"], expected: false },
    { host: "[::1]", list: ["<local>"], expected: false },
    // *.suffix: subdomains and the bare domain, not look-alikes
    { host: "a.example.com", list: ["*.example.com"], expected: true },
    { host: "a.b.example.com", list: ["*.example.com"], expected: true },
    { host: "example.com", list: ["*.example.com"], expected: true },
    { host: "badexample.com", list: ["*.example.com"], expected: false },
    { host: "example.com.evil.net", list: ["*.example.com"], expected: false },
    // exact host, case-insensitive on both sides
    { host: "Example.COM", list: ["example.com"], expected: true },
    { host: "example.com", list: ["EXAMPLE.com"], expected: true },
    { host: "www.example.com", list: ["example.com"], expected: false },
    { host: "10.0.0.1", list: ["10.0.0.1"], expected: true },
    // rules are trimmed
    { host: "example.com", list: ["  example.com  "], expected: true },
    // <-loopback> matches nothing (it only removes Chrome's implicit loopback bypass)
    { host: "localhost", list: ["<-loopback>"], expected: false },
    { host: "127.0.0.1", list: ["<-loopback>"], expected: false },
    { host: "localhost", list: ["<-loopback>", "<local>"], expected: true },
    // empty list: nothing bypassed
    { host: "localhost", list: [], expected: false },
    { host: "example.com", list: ["", " "], expected: false },
  ])("$host with $list → $expected", ({ host, list, expected }) => {
    expect(isBypassed(host, list)).toBe(expected);
  });
});

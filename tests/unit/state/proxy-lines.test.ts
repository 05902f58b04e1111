import { describe, expect, it } from "vitest";
import { parseLine, parseProxyLines } from "../../../lib/state/proxy-lines";

const proxy = (over: Record<string, unknown>) => ({
  networkType: "HTTP",
  name: "",
  country: "",
  expiresAt: null,
  providerId: null,
  ...over,
});

describe("parseLine", () => {
  it.each([
    [
      "gw.example.net:8000:user:pass",
      { host: "gw.example.net", port: 8000, username: "user", password: "pass" },
    ],
    [
      "user:pass@gw.example.net:8000",
      { host: "gw.example.net", port: 8000, username: "user", password: "pass" },
    ],
    [
      "http://user:pass@10.0.0.1:3128",
      { host: "10.0.0.1", port: 3128, username: "user", password: "pass" },
    ],
    [
      "socks5://u:p@10.0.0.1:1080",
      { host: "10.0.0.1", port: 1080, username: "u", password: "p", networkType: "SOCKS5" },
    ],
    [
      "  GW.Example.NET:8000:user:pass  ",
      { host: "gw.example.net", port: 8000, username: "user", password: "pass" },
    ],
    // "@" and ":" in passwords: the last "@" ends the password; after the third colon, all of it.
    [
      "user:p@ss@gw.example.net:8000",
      { host: "gw.example.net", port: 8000, username: "user", password: "p@ss" },
    ],
    [
      "gw.example.net:8000:user:pa:ss",
      { host: "gw.example.net", port: 8000, username: "user", password: "pa:ss" },
    ],
    [
      "http://user:p%40ss@gw.example.net:8000",
      { host: "gw.example.net", port: 8000, username: "user", password: "p@ss" },
    ],
    // IPv6, bracketed as a URL writes it; stored bare, as a proxy config wants it.
    [
      "[2001:db8::1]:8000:user:pass",
      { host: "2001:db8::1", port: 8000, username: "user", password: "pass" },
    ],
    ["user:pass@[::1]:8000", { host: "::1", port: 8000, username: "user", password: "pass" }],
    // Unicode in credentials is kept as is.
    [
      "gw.example.net:8000:ユーザー:密码",
      { host: "gw.example.net", port: 8000, username: "ユーザー", password: "密码" },
    ],
  ])("%s", (text, expected) => {
    expect(parseLine(text)).toEqual({ ok: true, proxy: proxy(expected) });
  });

  it.each([
    ["gw.example.net:8000", "credentials"],
    ["gw.example.net", "format"],
    ["gw.example.net:99999:user:pass", "port"],
    ["gw.example.net:0:user:pass", "port"],
    ["gw.example.net:80a:user:pass", "port"],
    ["bad host:8000:user:pass", "host"],
    ["gw.example.net:8000::pass", "credentials"],
    ["ftp://user:pass@gw.example.net:21", "scheme"],
    ["http://gw.example.net:8000", "credentials"],
    ["user@gw.example.net:8000", "format"],
  ])("%s → %s", (text, problem) => {
    expect(parseLine(text)).toEqual({ ok: false, problem });
  });
});

describe("parseProxyLines", () => {
  it("judges every line: added, already there, refused with its line number", () => {
    const held = [{ host: "gw.example.net", port: 8000, username: "held" }];
    const text = [
      "# my proxies",
      "gw.example.net:8000:held:x",
      "",
      "gw.example.net:8000:new:x",
      "gw.example.net:8000:new:y",
      "nonsense",
    ].join("\n");
    const verdicts = parseProxyLines(text, held);
    expect(verdicts.map((v) => [v.line, v.outcome])).toEqual([
      [2, "duplicate"],
      [4, "added"],
      [5, "duplicate"],
      [6, "rejected"],
    ]);
  });

  it("reads CSV with a header, quoted cells, type, name, country and expiry", () => {
    const text = [
      "Host,Port,Username,Password,Type,Name,Country,Expires",
      'gw.example.net,8000,u1,"p,1",http,Office,Germany,2026-12-01T00:00:00Z',
      "10.0.0.2,1080,u2,p2,socks5,,,",
      "10.0.0.3,1080,u3,p3,ftp,,,",
      "10.0.0.4,1080,u4,p4,http,,,someday",
    ].join("\r\n");
    const verdicts = parseProxyLines(text, []);
    expect(verdicts[0]).toEqual({
      line: 2,
      outcome: "added",
      proxy: proxy({
        host: "gw.example.net",
        port: 8000,
        username: "u1",
        password: "p,1",
        name: "Office",
        country: "Germany",
        expiresAt: Date.parse("2026-12-01T00:00:00Z"),
      }),
    });
    expect(verdicts[1]).toMatchObject({ outcome: "added", proxy: { networkType: "SOCKS5" } });
    expect(verdicts[2]).toMatchObject({ outcome: "rejected", problem: "scheme" });
    expect(verdicts[3]).toMatchObject({ outcome: "rejected", problem: "expires" });
  });

  it("takes the provider's token id from a token_id column, and refuses one that is not a number", () => {
    const text = [
      "host,port,username,password,token_id",
      "10.0.0.1,80,u,p,4711",
      "10.0.0.2,80,u,p,x",
    ].join("\n");
    const verdicts = parseProxyLines(text, []);
    expect(verdicts[0]).toMatchObject({ outcome: "added", proxy: { providerId: 4711 } });
    expect(verdicts[1]).toMatchObject({ outcome: "rejected", problem: "token-id" });
  });

  it("refuses lines past 10,000", () => {
    const text = Array.from({ length: 10_002 }, (_, i) => `10.0.${i >> 8}.${i & 255}:80:u:p`).join(
      "\n",
    );
    const verdicts = parseProxyLines(text, []);
    expect(verdicts.filter((v) => v.outcome === "added")).toHaveLength(10_000);
    expect(verdicts.slice(-2).map((v) => v.outcome === "rejected" && v.problem)).toEqual([
      "too-many",
      "too-many",
    ]);
  });
});

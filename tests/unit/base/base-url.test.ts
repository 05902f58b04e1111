import { describe, expect, it } from "vitest";
import { isLoopbackHost, validateBaseUrl } from "../../../lib/base/base-url";

describe("validateBaseUrl", () => {
  it.each([
    ["https://api.example.com", "https://api.example.com"],
    ["  https://api.example.com/  ", "https://api.example.com"],
    ["https://API.Example.com:8443/v2//", "https://api.example.com:8443/v2"],
    ["https://api.example.com/prefix", "https://api.example.com/prefix"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["http://LOCALHOST", "http://localhost"],
    ["http://api.localhost:3000/", "http://api.localhost:3000"],
    ["http://127.0.0.1:46553", "http://127.0.0.1:46553"],
    ["http://127.45.6.7", "http://127.45.6.7"],
    ["http://[::1]:9000", "http://[::1]:9000"],
    ["http://[::ffff:127.0.0.1]:9000", "http://[::ffff:7f00:1]:9000"],
  ])("accepts %j as %j", (input, url) => {
    expect(validateBaseUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["api.example.com", "not-a-url"],
    ["//api.example.com", "not-a-url"],
    ["https://", "not-a-url"],
    ["https://exa mple.com", "not-a-url"],
    ["ftp://api.example.com", "scheme"],
    ["javascript://alert(1)", "scheme"],
    ["http://api.example.com", "https-required"],
    ["http://192.168.1.10:8080", "https-required"],
    ["http://10.0.0.1", "https-required"],
    // Looks like loopback, is a public name.
    ["http://127.0.0.1.nip.io", "https-required"],
    ["http://localhost.example.com", "https-required"],
    ["https://user:pass@api.example.com", "credentials-in-url"],
    ["https://token@api.example.com", "credentials-in-url"],
    ["https://:secret@api.example.com", "credentials-in-url"],
    ["https://api.example.com/?key=1", "query-or-fragment"],
    ["https://api.example.com/#top", "query-or-fragment"],
    ["https://api.example.com/?", "query-or-fragment"],
  ])("refuses %j: %s", (input, problem) => {
    expect(validateBaseUrl(input)).toEqual({ ok: false, problem });
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost", true],
    ["localhost.", true],
    ["a.b.localhost", true],
    ["127.0.0.1", true],
    ["127.255.255.254", true],
    ["[::1]", true],
    ["::1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["[::ffff:7f00:1]", true],
    ["128.0.0.1", false],
    ["[::2]", false],
    ["[::ffff:c0a8:1]", false],
    ["mylocalhost", false],
    ["localhost.evil.com", false],
  ])("%s → %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { type DynamicToken, dynamicTokenSchema, staticTokenSchema } from "../../../lib/api";
import { isDynamic, proxyEndpoint } from "../../../lib/state/token-facts";
import {
  fromDynamicToken,
  fromStaticToken,
  storedTokenSchema,
  withRefreshedAddress,
} from "../../../lib/state/tokens";
import * as samples from "../api/samples";

const NOW = 1_750_000_000_000;
const staticToken = staticTokenSchema.parse(samples.staticToken);
const dynamicIp = dynamicTokenSchema.parse(samples.dynamicIpToken);
const dynamicTraffic = dynamicTokenSchema.parse(samples.dynamicTrafficToken);

describe("fromStaticToken", () => {
  const context = { networkType: "SOCKS5" as const, countryCode: "US", now: NOW };

  it("maps every field and takes network type and country code from the request", () => {
    const stored = fromStaticToken(staticToken, "static-ip", context);
    expect(stored).toEqual({
      id: 101,
      kind: "static-ip",
      networkType: "SOCKS5",
      host: "gw.example.net",
      port: 8000,
      username: "u101",
      password: "p-secret-101",
      ip: "203.0.113.7",
      name: "",
      country: "United States",
      countryCode: "US",
      state: "California",
      city: "Los Angeles",
      expiresAt: 1767225600 * 1000,
      refreshUrl: "",
      trafficQuota: null,
      trafficUsed: null,
      createdAt: NOW,
    });
    expect(storedTokenSchema.safeParse(stored).success).toBe(true);
  });

  it.each([
    { expired_on: 1767225600, expected: 1767225600000 },
    { expired_on: 1, expected: 1000 },
    { expired_on: 0, expected: null },
    { expired_on: -5, expected: null },
  ])("expired_on $expired_on s → expiresAt $expected", ({ expired_on, expected }) => {
    const stored = fromStaticToken({ ...staticToken, expired_on }, "static-traffic", context);
    expect(stored.expiresAt).toBe(expected);
  });

  it("keeps an empty ip (not yet assigned) and stays storable", () => {
    const empty = staticTokenSchema.parse(samples.staticTokenEmptyIp);
    const stored = fromStaticToken(empty, "static-ip", context);
    expect(stored.ip).toBe("");
    expect(stored.host).toBe("gw.example.net");
    expect(storedTokenSchema.safeParse(stored).success).toBe(true);
  });

  it.each(["static-ip", "static-traffic"] as const)("kind %s is kept", (kind) => {
    expect(fromStaticToken(staticToken, kind, context).kind).toBe(kind);
  });
});

describe("fromDynamicToken", () => {
  const context = { countryCode: "DE", now: NOW };

  it("dynamic IP: host is the ip when absent, expire_time parsed, no traffic fields", () => {
    const stored = fromDynamicToken(dynamicIp, "dynamic-ip", context);
    expect(stored).toEqual({
      id: 201,
      kind: "dynamic-ip",
      networkType: "HTTP",
      host: "198.51.100.23",
      port: 9000,
      username: "d201",
      password: "dp-201",
      ip: "198.51.100.23",
      name: "dyn-201",
      country: "Germany",
      countryCode: "DE",
      state: "",
      city: "Berlin",
      expiresAt: Date.UTC(2026, 0, 31),
      refreshUrl: "https://api.example.net/token/dynamic/ip/refresh/201",
      trafficQuota: null,
      trafficUsed: null,
      createdAt: NOW,
    });
    expect(storedTokenSchema.safeParse(stored).success).toBe(true);
  });

  it("dynamic traffic: network type from the answer, traffic fields kept, no expiry", () => {
    const stored = fromDynamicToken(dynamicTraffic, "dynamic-traffic", context);
    expect(stored).toMatchObject({
      id: 202,
      kind: "dynamic-traffic",
      networkType: "SOCKS5",
      trafficQuota: 1024,
      trafficUsed: 17,
      expiresAt: null,
    });
  });

  it.each([
    { host: undefined, expected: "198.51.100.23" },
    { host: "", expected: "198.51.100.23" },
    { host: "dyn.example.net", expected: "dyn.example.net" },
  ])("host $host → $expected", ({ host, expected }) => {
    const stored = fromDynamicToken({ ...dynamicIp, host }, "dynamic-ip", context);
    expect(stored.host).toBe(expected);
    expect(stored.ip).toBe("198.51.100.23");
  });

  it.each([
    { expire_time: "2026-01-31T00:00:00Z", expected: Date.UTC(2026, 0, 31) },
    { expire_time: "2026-01-31T08:30:00+08:00", expected: Date.UTC(2026, 0, 31, 0, 30) },
    { expire_time: undefined, expected: null },
    { expire_time: "", expected: null },
    { expire_time: "not a date", expected: null },
  ])("expire_time $expire_time → $expected", ({ expire_time, expected }) => {
    const stored = fromDynamicToken({ ...dynamicIp, expire_time }, "dynamic-ip", context);
    expect(stored.expiresAt).toBe(expected);
  });

  it("a missing refresh_url becomes an empty string, missing traffic fields null", () => {
    const bare: DynamicToken = { ...dynamicIp, refresh_url: undefined };
    const stored = fromDynamicToken(bare, "dynamic-ip", context);
    expect(stored.refreshUrl).toBe("");
    expect(stored.trafficQuota).toBeNull();
    expect(stored.trafficUsed).toBeNull();
  });

  it("zero traffic used is kept as 0, not turned into null", () => {
    const stored = fromDynamicToken(
      { ...dynamicTraffic, traffic_used: 0 },
      "dynamic-traffic",
      context,
    );
    expect(stored.trafficUsed).toBe(0);
  });
});

describe("withRefreshedAddress", () => {
  const stored = {
    ...fromDynamicToken(dynamicTraffic, "dynamic-traffic", { countryCode: "DE", now: NOW }),
    name: "my renamed token",
  };

  it("moves to the new address and credentials, keeps what the user owns", () => {
    const fresh: DynamicToken = {
      ...dynamicTraffic,
      ip: "198.51.100.99",
      port: 9100,
      username: "d202-new",
      password: "pw-new",
      traffic_used: 42,
      token: "server-renamed",
      country: "France",
    };
    const refreshed = withRefreshedAddress(stored, fresh);
    expect(refreshed).toEqual({
      ...stored,
      host: "198.51.100.99",
      port: 9100,
      ip: "198.51.100.99",
      username: "d202-new",
      password: "pw-new",
      trafficUsed: 42,
    });
    expect(refreshed.name).toBe("my renamed token");
    expect(refreshed.createdAt).toBe(NOW);
  });

  it("uses a given host over the ip", () => {
    const refreshed = withRefreshedAddress(stored, { ...dynamicTraffic, host: "gw2.example.net" });
    expect(refreshed.host).toBe("gw2.example.net");
  });

  it("keeps the stored traffic use when the answer has none", () => {
    const refreshed = withRefreshedAddress(stored, { ...dynamicTraffic, traffic_used: undefined });
    expect(refreshed.trafficUsed).toBe(17);
  });

  it("does not mutate the stored token", () => {
    const copy = structuredClone(stored);
    withRefreshedAddress(stored, { ...dynamicTraffic, ip: "198.51.100.1" });
    expect(stored).toEqual(copy);
  });
});

describe("proxyEndpoint and isDynamic", () => {
  it.each([
    { host: "gw.example.net", port: 8000, expected: "gw.example.net:8000" },
    { host: "127.0.0.2", port: 65535, expected: "127.0.0.2:65535" },
  ])("$host/$port → $expected", ({ host, port, expected }) => {
    expect(proxyEndpoint({ host, port })).toBe(expected);
  });

  it.each([
    { kind: "static-ip", expected: false },
    { kind: "static-traffic", expected: false },
    { kind: "dynamic-ip", expected: true },
    { kind: "dynamic-traffic", expected: true },
  ] as const)("isDynamic($kind) = $expected", ({ kind, expected }) => {
    expect(isDynamic({ kind })).toBe(expected);
  });
});

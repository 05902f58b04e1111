/** A valid StoredToken with overrides, shared by the proxy, storage and command tests. */
import type { StoredToken } from "../../lib/state/tokens";

export function makeToken(overrides: Partial<StoredToken> = {}): StoredToken {
  const id = overrides.id ?? 1;
  return {
    id,
    kind: "static-ip",
    networkType: "HTTP",
    host: "gw.example.net",
    port: 8000,
    username: `user${id}`,
    password: `secret${id}`,
    ip: `203.0.113.${id}`,
    name: "",
    country: "United States",
    countryCode: "US",
    state: "California",
    city: "Los Angeles",
    expiresAt: null,
    refreshUrl: "",
    trafficQuota: null,
    trafficUsed: null,
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}

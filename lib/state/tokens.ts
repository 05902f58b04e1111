/**
 * The stored token: one shape for both of the provider's token shapes, because the provider has
 * no "list my tokens" call and this record is the user's only copy of what they paid for.
 */
import * as z from "zod/mini";
import type { DynamicToken, NetworkType, StaticToken } from "../api";
import { storedLookSchema } from "./look-check";
import { TOKEN_KINDS } from "./token-kinds";

/** An instant in epoch ms that Date can hold: a stored 1e300 must not crash a view. */
export const instantSchema = z.number().check(z.gte(0), z.lte(8_640_000_000_000_000));
const amountSchema = z.number().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER));

export const storedTokenSchema = z.object({
  id: z.int(),
  kind: z.enum(TOKEN_KINDS),
  networkType: z.enum(["HTTP", "SOCKS5"]),
  /**
   * Where the browser connects: the shared gateway for static kinds, the token's own IP for
   * dynamic ones; "" while the provider has not given a dynamic token its address yet.
   */
  host: z.string().check(z.maxLength(255)),
  port: z.int().check(z.gte(1), z.lte(65535)),
  username: z.string().check(z.minLength(1), z.maxLength(1024)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** The exit IP; "" while the provider is still assigning a new static IP. */
  ip: z.string(),
  /** The provider's token string (dynamic kinds), or a hand-added proxy's line name. */
  name: z.string(),
  /**
   * The user's name and colour (token-look.ts). Optional: tokens stored before looks existed
   * read as they are, with no migration, and no provider answer ever carries it.
   */
  look: z.optional(storedLookSchema),
  country: z.string(),
  countryCode: z.string(),
  state: z.string(),
  city: z.string(),
  /** Epoch ms; null when the kind has no fixed expiry (static traffic, dynamic traffic). */
  expiresAt: z.nullable(instantSchema),
  refreshUrl: z.string(),
  trafficQuota: z.nullable(amountSchema),
  trafficUsed: z.nullable(amountSchema),
  createdAt: instantSchema,
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

/** Facts the create request knew that the answer does not repeat. */
export interface CreateContext {
  networkType: NetworkType;
  countryCode: string;
  now: number;
}

export function fromStaticToken(
  token: StaticToken,
  kind: "static-ip" | "static-traffic",
  context: CreateContext,
): StoredToken {
  return {
    id: token.id,
    kind,
    networkType: context.networkType,
    host: token.host,
    port: token.port,
    username: token.username,
    password: token.password,
    ip: token.ip,
    name: "",
    country: token.country,
    countryCode: context.countryCode,
    state: token.state,
    city: token.city,
    expiresAt: token.expired_on > 0 ? token.expired_on * 1000 : null,
    refreshUrl: "",
    trafficQuota: null,
    trafficUsed: null,
    createdAt: context.now,
  };
}

export function fromDynamicToken(
  token: DynamicToken,
  kind: "dynamic-ip" | "dynamic-traffic",
  context: Omit<CreateContext, "networkType">,
): StoredToken {
  const expires = token.expire_time ? Date.parse(token.expire_time) : Number.NaN;
  return {
    id: token.id,
    kind,
    networkType: token.network_type,
    // The spec gives dynamic tokens no host: they are reached at their current IP.
    host: token.host || token.ip,
    port: token.port,
    username: token.username,
    password: token.password,
    ip: token.ip,
    name: token.token,
    country: token.country,
    countryCode: context.countryCode,
    state: "",
    city: token.city,
    expiresAt: Number.isFinite(expires) ? expires : null,
    refreshUrl: token.refresh_url ?? "",
    trafficQuota: token.traffic_quota ?? null,
    trafficUsed: token.traffic_used ?? null,
    createdAt: context.now,
  };
}

/**
 * A restored token at the address the provider gives it back at (`token_info`): its exit IP
 * and port, and a dynamic token's host with them where it was reached at its IP. An empty IP
 * leaves the one it had.
 */
export function withRestoredAddress(
  stored: StoredToken,
  info: { ip: string; port: number },
): StoredToken {
  const ip = info.ip || stored.ip;
  const atItsIp = stored.kind.startsWith("dynamic") && stored.host === stored.ip;
  return { ...stored, ip, port: info.port, host: atItsIp ? ip : stored.host };
}

/** A refreshed dynamic token moves to a new address; everything the user owns stays. */
export function withRefreshedAddress(stored: StoredToken, fresh: DynamicToken): StoredToken {
  return {
    ...stored,
    host: fresh.host || fresh.ip,
    port: fresh.port,
    ip: fresh.ip,
    username: fresh.username,
    password: fresh.password,
    trafficUsed: fresh.traffic_used ?? stored.trafficUsed,
  };
}

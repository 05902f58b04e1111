/** Token records as the spec's responses show them. */
import type { Context } from "./context";
import { findCity, findCountry, findState } from "./regions";
import type { Token } from "./state";

export function gatewayPort(ctx: Context, t: Token): number {
  return t.networkType === "HTTP" ? ctx.proxyPort : ctx.socksPort;
}

function names(t: Token) {
  return {
    country: findCountry(t.countryId)?.name ?? "",
    state: t.stateId === null ? "" : (findState(t.stateId)?.name ?? ""),
    city: t.cityId === null ? "" : (findCity(t.cityId)?.name ?? ""),
  };
}

/** `data[]` entry of the static creates. A static IP's ip is only "assigned later": "" here. */
export function staticView(ctx: Context, t: Token) {
  const n = names(t);
  return {
    id: t.id,
    ip: t.kind === "static_ip" ? "" : t.ip,
    host: t.gatewayHost,
    port: gatewayPort(ctx, t),
    username: t.username,
    password: t.password,
    expired_on: t.expiresAt === null ? 0 : Math.floor(t.expiresAt / 1000),
    country: n.country,
    state: n.state,
    city: n.city,
  };
}

/** `tokens[]` entry of the dynamic creates (and `data` of a refresh). No host: ip is the host. */
export function dynamicView(ctx: Context, t: Token) {
  const n = names(t);
  const base = {
    id: t.id,
    token: t.name,
    ip: t.ip,
    port: gatewayPort(ctx, t),
    username: t.username,
    password: t.password,
    country: n.country,
    city: n.city,
    network_type: t.networkType,
    refresh_url: `${ctx.baseUrl}/token/dynamic/ip/refresh/${t.id}`,
  };
  if (t.kind === "dynamic_ip") {
    return { ...base, expire_time: new Date(t.expiresAt ?? 0).toISOString() };
  }
  return { ...base, traffic_quota: t.trafficQuota, traffic_used: t.trafficUsed };
}

/** Internal dump for GET /__sandbox/state. */
export function dumpToken(ctx: Context, t: Token) {
  return {
    ...t,
    status: ctx.store.status(t),
    port: gatewayPort(ctx, t),
    host: t.kind.startsWith("static") ? t.gatewayHost : t.ip,
    created_at: ctx.clock.iso(t.createdAt),
    expires_at: t.expiresAt === null ? null : ctx.clock.iso(t.expiresAt),
    deleted_at: t.deletedAt === null ? null : ctx.clock.iso(t.deletedAt),
  };
}

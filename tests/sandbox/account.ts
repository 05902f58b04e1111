/** Account operations the spec lists without shapes, and the proxy retrieval operation. */
import type { Context } from "./context";
import { ok } from "./http-util";
import { isStaticKind } from "./kinds";
import type { PlanName } from "./rate-limit";
import { REQUESTS_PER_MINUTE } from "./rate-limit";
import { findCountry } from "./regions";
import { gatewayPort } from "./views";

/** Quotas per plan (amounts are not in the spec; these are the sandbox's). */
export const PLAN_QUOTAS: Readonly<
  Record<
    PlanName,
    { monthlyRequests: number | null; trafficGb: number | null; proxyIps: number | null }
  >
> = {
  free: { monthlyRequests: 10_000, trafficGb: 1, proxyIps: 50 },
  basic: { monthlyRequests: 100_000, trafficGb: 50, proxyIps: 500 },
  professional: { monthlyRequests: 1_000_000, trafficGb: 500, proxyIps: 2000 },
  enterprise: { monthlyRequests: null, trafficGb: null, proxyIps: null },
};

function trafficUsedGb(ctx: Context): number {
  let bytes = 0;
  for (const t of ctx.store.tokens.values()) bytes += t.trafficUsed;
  return Math.round((bytes / 1024 ** 3) * 1e6) / 1e6;
}

export function accountQuota(ctx: Context) {
  const plan = ctx.limiter.plan;
  const q = PLAN_QUOTAS[plan];
  const now = new Date(ctx.clock.now());
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return ok({
    code: 0,
    message: "success",
    data: {
      plan,
      period_start: new Date(start).toISOString(),
      period_end: new Date(end).toISOString(),
      requests: { used: ctx.requestCount, limit: q.monthlyRequests },
      traffic_gb: { used: trafficUsedGb(ctx), limit: q.trafficGb },
      proxy_ips: { used: ctx.store.heldCount(), limit: q.proxyIps },
      rate_limit: {
        requests_per_minute: Number.isFinite(REQUESTS_PER_MINUTE[plan])
          ? REQUESTS_PER_MINUTE[plan]
          : null,
      },
    },
  });
}

export function accountInfo(ctx: Context) {
  return ok({
    code: 0,
    message: "success",
    data: {
      username: ctx.credentials.username,
      email: `${ctx.credentials.username}@sandbox.invalid`,
      plan: ctx.limiter.plan,
      status: "active",
      balance: "100.00",
      currency: "USD",
      created_at: "2024-01-08T00:00:00.000Z",
    },
  });
}

/**
 * GET /v1/proxy/get: the account's usable tokens as proxy endpoints. `country` matches the ISO
 * code or the name (case-insensitive); `type` matches static, dynamic, residential (all sandbox
 * proxies), datacenter (none), http, socks5, or a kind name such as static_ip. Unknown type: [].
 */
export function proxyGet(ctx: Context, q: URLSearchParams) {
  const country = q.get("country")?.trim().toLowerCase() || undefined;
  const type = q.get("type")?.trim().toLowerCase() || undefined;
  const proxies = [];
  for (const t of ctx.store.tokens.values()) {
    if (ctx.store.status(t) !== "active") continue;
    const c = findCountry(t.countryId);
    const code = c?.code ?? "";
    if (country && country !== code.toLowerCase() && country !== c?.name.toLowerCase()) continue;
    if (type && !typeMatches(type, t.kind, t.networkType)) continue;
    const isStatic = isStaticKind(t.kind);
    proxies.push({
      ip: isStatic ? t.gatewayHost : t.ip,
      port: gatewayPort(ctx, t),
      country: code,
      protocol: t.networkType === "HTTP" ? "http" : "socks5",
    });
  }
  return ok({ code: 0, message: "success", data: { proxies } });
}

function typeMatches(type: string, kind: string, networkType: string): boolean {
  switch (type) {
    case "static":
      return kind.startsWith("static");
    case "dynamic":
      return kind.startsWith("dynamic");
    case "residential":
      return true;
    case "datacenter":
      return false;
    case "http":
    case "socks5":
      return networkType.toLowerCase() === type;
    default:
      return kind === type;
  }
}

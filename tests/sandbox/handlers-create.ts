/** The four create operations and the dynamic refresh. */
import { PLAN_QUOTAS } from "./account";
import { DAY } from "./clock";
import { type Context, GATEWAY_HOST, GATEWAY_HOST_V6 } from "./context";
import {
  badRequest,
  bodyInt,
  HttpError,
  notFound,
  ok,
  type Reply,
  requireObject,
} from "./http-util";
import { ipHash, pick } from "./ip-info";
import { isStaticKind, isTrafficKind, type NetworkType, type ProxyKind } from "./kinds";
import { BALANCE_DAYS, findPlan } from "./plans";
import { type City, findCity, findCountry, findState } from "./regions";
import type { Token } from "./state";
import { dynamicView, staticView } from "./views";

interface CreateRequest {
  number: number;
  networkType: NetworkType;
  countryId: number;
  stateId: number | null;
  cityId: number | null;
  paywayId: number | null;
  days: number | null;
  candidates: readonly City[];
}

function parseCreate(kind: ProxyKind, raw: unknown): CreateRequest {
  const b = requireObject(raw);
  const number = bodyInt(b, "number", { min: 1, max: 10, required: true }) ?? 1;
  const nt = b.network_type ?? "HTTP";
  if (typeof nt !== "string" || !["HTTP", "SOCKS5"].includes(nt.toUpperCase())) {
    throw badRequest(`network_type must be "HTTP" or "SOCKS5" (got ${JSON.stringify(nt)})`);
  }
  const countryId = bodyInt(b, "country_id", { required: true }) ?? 0;
  const country = findCountry(countryId);
  if (!country) throw badRequest(`country_id ${countryId} does not exist`);
  const stateId = bodyInt(b, "state_id") ?? null;
  const state = stateId === null ? undefined : findState(stateId);
  if (stateId !== null && state?.countryId !== countryId) {
    throw badRequest(`state_id ${stateId} is not a state of country_id ${countryId}`);
  }
  const cityId = bodyInt(b, "city_id") ?? null;
  const city = cityId === null ? undefined : findCity(cityId);
  if (cityId !== null) {
    if (state && city?.stateId !== state.id) {
      throw badRequest(`city_id ${cityId} is not a city of state_id ${stateId}`);
    }
    if (city?.countryId !== countryId) {
      throw badRequest(`city_id ${cityId} is not a city of country_id ${countryId}`);
    }
  }
  const paywayId = bodyInt(b, "payway_id") ?? null;
  let days: number | null = null;
  if (isTrafficKind(kind)) {
    if (paywayId !== null) throw badRequest("payway_id is not accepted for traffic proxies");
  } else if (paywayId === null) {
    days = BALANCE_DAYS;
  } else {
    const plan = findPlan(paywayId);
    if (!plan) throw badRequest(`payway_id ${paywayId} does not exist`);
    if (plan.kind !== kind) {
      throw badRequest(`payway_id ${paywayId} is a ${plan.kind} plan, not a ${kind} plan`);
    }
    days = plan.days;
  }
  const candidates = city ? [city] : state ? state.cities : country.states.flatMap((s) => s.cities);
  return {
    number,
    networkType: nt.toUpperCase() as NetworkType,
    countryId,
    stateId,
    cityId,
    paywayId,
    days,
    candidates,
  };
}

/** Takes this create's share of the one-shot quirks (each counts creates, not tokens). */
function takeQuirks(
  ctx: Context,
  kind: ProxyKind,
): { ipv6Host: boolean; emptyIp: boolean; emptyPassword: boolean } {
  const q = ctx.quirks;
  const emptyPassword = q.emptyPassword > 0;
  if (emptyPassword) q.emptyPassword--;
  if (isStaticKind(kind)) {
    const ipv6Host = q.ipv6Host > 0;
    if (ipv6Host) q.ipv6Host--;
    return { ipv6Host, emptyIp: false, emptyPassword };
  }
  const emptyIp = q.emptyDynamicIp > 0;
  if (emptyIp) q.emptyDynamicIp--;
  return { ipv6Host: false, emptyIp, emptyPassword };
}

const BIND_ATTEMPTS = 5;

/** Opens the gateway on token.ip, drawing another address when the OS refuses this one. */
export async function bindDynamic(ctx: Context, token: Token): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.gateways.openDynamic(token);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EADDRINUSE" || attempt >= BIND_ATTEMPTS) throw error;
      ctx.store.pool.block(token.ip);
      token.ip = ctx.store.pool.allocate();
    }
  }
}

export async function createTokens(ctx: Context, kind: ProxyKind, raw: unknown): Promise<Reply> {
  const req = parseCreate(kind, raw);
  const limit = PLAN_QUOTAS[ctx.limiter.plan].proxyIps;
  if (limit !== null && ctx.store.heldCount() + req.number > limit) {
    throw new HttpError(
      403,
      `insufficient quota: the ${ctx.limiter.plan} plan holds at most ${limit} proxy IPs at once`,
    );
  }
  const country = findCountry(req.countryId);
  const quirks = takeQuirks(ctx, kind);
  const created: Token[] = [];
  for (let i = 0; i < req.number; i++) {
    const token = ctx.store.create({
      kind,
      networkType: req.networkType,
      countryId: req.countryId,
      stateId: req.stateId,
      cityId: req.cityId,
      paywayId: req.paywayId,
      expiresAt: req.days === null ? null : ctx.clock.now() + req.days * DAY,
      gatewayHost: quirks.ipv6Host ? GATEWAY_HOST_V6 : GATEWAY_HOST,
      countryCode: country?.code ?? "XX",
      exitCityId: (id) => pick(req.candidates, ipHash(String(id), "exit-city")).id,
    });
    if (!isStaticKind(kind)) {
      try {
        await bindDynamic(ctx, token);
      } catch {
        ctx.store.discard(token);
        continue;
      }
    }
    created.push(token);
  }
  // The first token answered without its password (the gateway still takes the real one).
  const odd = <T extends object>(view: T, i: number): T =>
    quirks.emptyPassword && i === 0 ? { ...view, password: "" } : view;
  if (isStaticKind(kind)) {
    const data = created.map((t, i) => odd(staticView(ctx, t), i));
    return ok({ code: 0, msg: "success", data });
  }
  return ok({
    // The exit address exists (and serves); the answer only has not caught up with it yet.
    tokens: created.map((t, i) =>
      odd({ ...dynamicView(ctx, t), ...(quirks.emptyIp ? { ip: "" } : {}) }, i),
    ),
    total_count: req.number,
    success_count: created.length,
  });
}

const OLD_ADDRESS_GRACE_MS = 300;

/** GET (or POST) /token/dynamic/ip/refresh/<id>: the token moves to a fresh address. */
export async function refreshToken(ctx: Context, id: number): Promise<Reply> {
  const token = ctx.store.get(id);
  const status = token ? ctx.store.status(token) : "purged";
  if (!token || status === "purged" || isStaticKind(token.kind)) {
    throw notFound(`dynamic token ${id} does not exist`);
  }
  if (status === "deleted") throw badRequest(`token ${id} is deleted; restore it first`);
  if (status === "expired") throw badRequest(`token ${id} has expired`);
  const closeOld = await moveDynamic(ctx, token);
  token.refreshedAt = ctx.clock.now();
  return { ...ok({ code: 0, msg: "success", data: dynamicView(ctx, token) }), after: closeOld };
}

/**
 * Moves a dynamic token to a fresh address (a refresh; a restore under the restore_moves
 * quirk), serving there at once. Gives the closing of the old address, for after the answer:
 * a client asking through this very token (its traffic, the extension's own included, goes
 * through it) still hears the answer.
 */
export async function moveDynamic(ctx: Context, token: Token): Promise<() => Promise<void>> {
  const oldIp = token.ip;
  token.ip = ctx.store.pool.allocate();
  try {
    await bindDynamic(ctx, token);
  } catch (error) {
    ctx.store.pool.release(token.ip);
    token.ip = oldIp;
    throw new HttpError(500, `could not move the token: ${(error as Error).message}`);
  }
  return async () => {
    // The answer may still be on its way back through the gateway on the old address.
    await new Promise((resolve) => setTimeout(resolve, OLD_ADDRESS_GRACE_MS));
    // A reset meanwhile hands addresses out afresh: a token of the next test may serve there
    // now (a loaded run closed its listener under it: ECONNREFUSED).
    if (ctx.store.byIp(oldIp)) return;
    await ctx.gateways.closeDynamic(oldIp, token);
    ctx.store.pool.release(oldIp);
  };
}

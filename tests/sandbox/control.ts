/** Control endpoints under /__sandbox/ (no auth, never rate-limited, never consume faults). */
import type { Context } from "./context";
import { parseFault } from "./faults";
import { CHAOS_DEFAULTS, type ChaosSettings } from "./gateway-behaviour";
import { badRequest, notFound, ok, type Reply, requireObject } from "./http-util";
import { isStaticKind } from "./kinds";
import { isPlanName, PLAN_NAMES } from "./rate-limit";
import { dumpToken } from "./views";

export const CONTROL_PREFIX = "/__sandbox/";

/** Purges tokens past their restore window and closes the listeners they still had. */
export async function sweepPurged(ctx: Context): Promise<void> {
  for (const t of ctx.store.sweep()) {
    ctx.gateways.dropToken(t.id);
    if (!isStaticKind(t.kind)) await ctx.gateways.closeDynamic(t.ip, t);
  }
}

export async function resetSandbox(ctx: Context): Promise<void> {
  for (const t of ctx.store.reset()) {
    ctx.gateways.dropToken(t.id);
    if (!isStaticKind(t.kind) && !t.purged) await ctx.gateways.closeDynamic(t.ip, t);
  }
  ctx.clock.reset();
  ctx.faults.clear();
  ctx.limiter.reset();
  ctx.limiter.plan = ctx.initialPlan;
  ctx.gatewayLog.clear();
  ctx.gatewayBehaviour.reset();
  ctx.quirks.emptyDynamicIp = 0;
  ctx.quirks.ipv6Host = 0;
  ctx.quirks.emptyPassword = 0;
  ctx.quirks.restoreMoves = 0;
  ctx.quirks.noRestore = 0;
  ctx.quirks.refreshPostOnly = false;
  ctx.quirks.strictAuth = false;
  ctx.requestCount = 0;
  ctx.ruleLists.reset();
}

function quirksView(ctx: Context) {
  return {
    empty_dynamic_ip: ctx.quirks.emptyDynamicIp,
    ipv6_host: ctx.quirks.ipv6Host,
    empty_password: ctx.quirks.emptyPassword,
    restore_moves: ctx.quirks.restoreMoves,
    no_restore: ctx.quirks.noRestore,
    refresh_post_only: ctx.quirks.refreshPostOnly,
    strict_auth: ctx.quirks.strictAuth,
  };
}

const flag = (body: Record<string, unknown>, name: string): boolean | undefined => {
  const value = body[name];
  if (value !== undefined && typeof value !== "boolean") {
    throw badRequest(`"${name}" must be true or false`);
  }
  return value;
};

const count = (body: Record<string, unknown>, name: string): number | undefined => {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw badRequest(`${name} must be a non-negative integer (creates to affect)`);
  }
  return value;
};

/** POST /quirks: sets the counters it names; ipv6_host also opens the [::1] gateways. */
async function setQuirks(ctx: Context, body: Record<string, unknown>) {
  const emptyDynamicIp = count(body, "empty_dynamic_ip");
  const ipv6Host = count(body, "ipv6_host");
  const emptyPassword = count(body, "empty_password");
  const restoreMoves = count(body, "restore_moves");
  const noRestore = count(body, "no_restore");
  const postOnly = flag(body, "refresh_post_only");
  const strictAuth = flag(body, "strict_auth");
  const all = [emptyDynamicIp, ipv6Host, emptyPassword, restoreMoves, noRestore, postOnly];
  if ([...all, strictAuth].every((v) => v === undefined)) {
    throw badRequest(
      'expected "empty_dynamic_ip", "ipv6_host", "empty_password" (counts of creates), "no_restore" (of deletes), "restore_moves" (of restores), "refresh_post_only" and/or "strict_auth" (true or false)',
    );
  }
  if (postOnly !== undefined) ctx.quirks.refreshPostOnly = postOnly;
  if (strictAuth !== undefined) ctx.quirks.strictAuth = strictAuth;
  if (emptyDynamicIp !== undefined) ctx.quirks.emptyDynamicIp = emptyDynamicIp;
  if (noRestore !== undefined) ctx.quirks.noRestore = noRestore;
  if (emptyPassword !== undefined) ctx.quirks.emptyPassword = emptyPassword;
  if (restoreMoves !== undefined) ctx.quirks.restoreMoves = restoreMoves;
  if (ipv6Host === undefined) return quirksView(ctx);
  ctx.quirks.ipv6Host = ipv6Host;
  return { ...quirksView(ctx), ipv6_gateway: await ctx.gateways.openIpv6() };
}

/** POST /gateway/chaos: a seed and a duration; the chances default to CHAOS_DEFAULTS. */
function parseChaos(body: Record<string, unknown>): ChaosSettings {
  const int = (name: string, max: number) => {
    const value = body[name];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > max) {
      throw badRequest(`${name} must be an integer from 0 to ${max}`);
    }
    return value;
  };
  const chance = (name: string, fallback: number) => {
    const value = body[name] ?? fallback;
    if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
      throw badRequest(`${name} must be a chance from 0 to 1`);
    }
    return value;
  };
  const settings = {
    seed: int("seed", 2 ** 32 - 1),
    durationMs: int("duration_ms", 3_600_000),
    askAgain: chance("ask_again", CHAOS_DEFAULTS.askAgain),
    endSessions: chance("end_sessions", CHAOS_DEFAULTS.endSessions),
    cut: chance("cut", CHAOS_DEFAULTS.cut),
    stall: chance("stall", CHAOS_DEFAULTS.stall),
    maxStallMs:
      body.max_stall_ms === undefined ? CHAOS_DEFAULTS.maxStallMs : int("max_stall_ms", 60_000),
  };
  if (settings.askAgain + settings.endSessions + settings.cut + settings.stall > 1) {
    throw badRequest("the chances add up to more than 1");
  }
  return settings;
}

function clockView(ctx: Context) {
  return { now: ctx.clock.iso(), offset_ms: ctx.clock.offset };
}

export async function handleControl(
  ctx: Context,
  method: string,
  path: string,
  body: unknown,
): Promise<Reply> {
  const route = `${method} ${path.slice(CONTROL_PREFIX.length - 1)}`;
  const list = /^POST \/lists\/([\w.-]{1,100})$/.exec(route);
  if (list) return ok(ctx.ruleLists.configure(list[1] as string, body));
  switch (route) {
    case "GET /clock":
      return ok(clockView(ctx));
    case "POST /clock": {
      const ms = requireObject(body).advance_ms;
      if (typeof ms !== "number" || !Number.isSafeInteger(ms) || ms < 0) {
        throw badRequest("advance_ms must be a non-negative integer");
      }
      ctx.clock.advance(ms);
      await sweepPurged(ctx);
      return ok(clockView(ctx));
    }
    case "GET /faults":
      return ok({
        pending: ctx.faults.pending(),
        held: ctx.faults.held(),
        last_oversize: ctx.faults.lastOversize,
      });
    case "POST /faults/release":
      return ok({ released: ctx.faults.release() });
    case "POST /faults": {
      const parsed = parseFault(body);
      if (typeof parsed === "string") throw badRequest(parsed);
      ctx.faults.add(parsed.fault, parsed.count, parsed.method);
      return ok({ pending: ctx.faults.pending() });
    }
    case "DELETE /faults":
      ctx.faults.clear();
      return ok({ pending: [] });
    case "POST /reset":
      await resetSandbox(ctx);
      return ok({ reset: true, ...clockView(ctx), plan: ctx.limiter.plan });
    case "GET /plan":
      return ok({ plan: ctx.limiter.plan });
    case "POST /plan": {
      const plan = requireObject(body).plan;
      if (!isPlanName(plan)) throw badRequest(`plan must be one of ${PLAN_NAMES.join(", ")}`);
      ctx.limiter.plan = plan;
      return ok({ plan });
    }
    case "GET /state":
      return ok({
        ...clockView(ctx),
        plan: ctx.limiter.plan,
        request_count: ctx.requestCount,
        tokens: [...ctx.store.tokens.values()].map((t) => dumpToken(ctx, t)),
      });
    case "GET /list-log":
      return ok({ fetches: ctx.ruleLists.log });
    case "GET /gateway-log":
      return ok({ events: ctx.gatewayLog.list() });
    case "POST /gateway/rechallenge": {
      const { count, username = null } = requireObject(body);
      if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) {
        throw badRequest("count must be a non-negative integer");
      }
      if (username !== null && typeof username !== "string") {
        throw badRequest("username must be a string");
      }
      ctx.gatewayBehaviour.reaskRemaining = count;
      ctx.gatewayBehaviour.reaskOnly = username;
      return ok({ remaining: count, username });
    }
    case "POST /gateway/end-sessions":
      return ok({ ended: ctx.gatewayBehaviour.endSessions(ctx.gateways.openHttpConnections()) });
    case "POST /gateway/chaos":
      ctx.gatewayBehaviour.startChaos(parseChaos(requireObject(body)), Date.now());
      return ok(ctx.gatewayBehaviour.chaosReport(Date.now()));
    case "GET /gateway/chaos":
      return ok(ctx.gatewayBehaviour.chaosReport(Date.now()));
    case "POST /gateway/refuse-password": {
      const { token_id: id, refused = true } = requireObject(body);
      const token = typeof id === "number" ? ctx.store.get(id) : undefined;
      if (!token || token.purged) throw notFound(`token_id ${JSON.stringify(id)} does not exist`);
      if (typeof refused !== "boolean") throw badRequest('"refused" must be true or false');
      token.passwordRefused = refused;
      // Open connections were let in with the old password; they end now, as on a real rotation.
      if (refused) ctx.gateways.dropToken(token.id);
      return ok({ token_id: token.id, password_refused: refused });
    }
    case "POST /gateway/token": {
      // One token's gateway made slow (`slow_ms`), or its own listener closed (`down`: a
      // dynamic token's gateway going away; static tokens share theirs with every other).
      const { token_id: id, slow_ms: slowMs, down } = requireObject(body);
      const token = typeof id === "number" ? ctx.store.get(id) : undefined;
      if (!token || token.purged) throw notFound(`token_id ${JSON.stringify(id)} does not exist`);
      if (slowMs !== undefined) {
        if (typeof slowMs !== "number" || !Number.isSafeInteger(slowMs) || slowMs < 0) {
          throw badRequest("slow_ms must be a non-negative integer");
        }
        token.slowMs = slowMs;
      }
      if (down !== undefined) {
        if (typeof down !== "boolean") throw badRequest('"down" must be true or false');
        if (isStaticKind(token.kind)) throw badRequest("a static token shares its gateway");
        await (down ? ctx.gateways.closeDynamic(token.ip, token) : ctx.gateways.openDynamic(token));
      }
      return ok({ token_id: token.id, slow_ms: token.slowMs, down: down ?? false });
    }
    case "GET /quirks":
      return ok(quirksView(ctx));
    case "POST /quirks":
      return ok(await setQuirks(ctx, requireObject(body)));
    case "POST /gateway-log/clear":
      ctx.gatewayLog.clear();
      return ok({ cleared: true });
    default:
      throw notFound(`no control endpoint ${method} ${path}`);
  }
}

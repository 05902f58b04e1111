/** Delete and restore, one token or a batch. Deleted tokens can be restored for 30 days. */
import type { Context } from "./context";
import { moveDynamic } from "./handlers-create";
import { badRequest, type HttpError, notFound, ok, type Reply, requireObject } from "./http-util";
import { isStaticKind } from "./kinds";
import { RESTORE_WINDOW_MS, type Token } from "./state";
import { gatewayPort } from "./views";

export const MAX_BATCH = 100;

type Outcome = { ok: true; token: Token } | { ok: false; error: HttpError };

function tryDelete(ctx: Context, id: number, now: number): Outcome {
  const token = ctx.store.get(id);
  const status = token ? ctx.store.status(token, now) : "purged";
  if (!token || status === "purged")
    return { ok: false, error: notFound(`token ${id} does not exist`) };
  if (status === "deleted")
    return { ok: false, error: badRequest(`token ${id} is already deleted`) };
  token.deletedAt = now;
  ctx.gateways.dropToken(id);
  return { ok: true, token };
}

function tryRestore(ctx: Context, id: number, now: number): Outcome {
  const token = ctx.store.get(id);
  if (!token) return { ok: false, error: notFound(`token ${id} does not exist`) };
  if (token.purged || (token.deletedAt !== null && now - token.deletedAt > RESTORE_WINDOW_MS)) {
    return {
      ok: false,
      error: badRequest(
        `token ${id} cannot be restored: it was deleted more than 30 days ago (restore window expired)`,
      ),
    };
  }
  if (token.deletedAt === null)
    return { ok: false, error: badRequest(`token ${id} is not deleted`) };
  if (token.noRestore) {
    return { ok: false, error: badRequest(`token ${id} cannot be restored (can_restore: false)`) };
  }
  token.deletedAt = null;
  token.restoredAt = now;
  return { ok: true, token };
}

export function deleteOne(ctx: Context, id: number): Reply {
  const now = ctx.clock.now();
  const r = tryDelete(ctx, id, now);
  if (!r.ok) throw r.error;
  // The no_restore quirk: this delete is final, and the answer says so.
  const final = ctx.quirks.noRestore > 0;
  if (final) {
    ctx.quirks.noRestore--;
    r.token.noRestore = true;
  }
  return ok({
    status: "success",
    message: "Token deleted successfully",
    data: {
      token_id: id,
      deleted_at: ctx.clock.iso(now),
      can_restore: !final,
      restore_deadline: ctx.clock.iso(now + RESTORE_WINDOW_MS),
    },
  });
}

export async function restoreOne(ctx: Context, id: number): Promise<Reply> {
  const now = ctx.clock.now();
  const r = tryRestore(ctx, id, now);
  if (!r.ok) throw r.error;
  // The restore_moves quirk: a dynamic token comes back at a fresh address.
  const moves = !isStaticKind(r.token.kind) && ctx.quirks.restoreMoves > 0;
  if (moves) ctx.quirks.restoreMoves--;
  const closeOld = moves ? await moveDynamic(ctx, r.token) : undefined;
  const reply = ok({
    status: "success",
    message: "Token restored successfully",
    data: {
      token_id: id,
      restored_at: ctx.clock.iso(now),
      token_info: { ip: r.token.ip, port: gatewayPort(ctx, r.token), status: "active" },
    },
  });
  return closeOld ? { ...reply, after: closeOld } : reply;
}

function parseIds(raw: unknown): number[] {
  const ids = requireObject(raw).token_ids;
  if (!Array.isArray(ids) || !ids.every((v) => typeof v === "number" && Number.isSafeInteger(v))) {
    throw badRequest("token_ids must be an array of integers");
  }
  if (ids.length === 0) throw badRequest("token_ids must not be empty");
  if (ids.length > MAX_BATCH) {
    throw badRequest(`token_ids holds ${ids.length} ids; at most ${MAX_BATCH} are allowed`);
  }
  return ids as number[];
}

function batch(
  ctx: Context,
  raw: unknown,
  op: (ctx: Context, id: number, now: number) => Outcome,
  verb: string,
  stampName: "deleted_at" | "restored_at",
): Reply {
  const ids = parseIds(raw);
  const now = ctx.clock.now();
  const failed: number[] = [];
  for (const id of ids) if (!op(ctx, id, now).ok) failed.push(id);
  const success = ids.length - failed.length;
  return ok({
    status: "success",
    message:
      failed.length === 0
        ? `${ids.length} tokens ${verb}`
        : `${success} of ${ids.length} tokens ${verb}; ${failed.length} failed`,
    data: {
      total_count: ids.length,
      success_count: success,
      failed_count: failed.length,
      failed_ids: failed,
      [stampName]: ctx.clock.iso(now),
    },
  });
}

export function deleteBatch(ctx: Context, raw: unknown): Reply {
  return batch(ctx, raw, tryDelete, "deleted", "deleted_at");
}

export function restoreBatch(ctx: Context, raw: unknown): Reply {
  return batch(ctx, raw, tryRestore, "restored", "restored_at");
}

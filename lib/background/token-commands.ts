/**
 * Create, delete, restore: each runs to the end in the background and is stored before the
 * reply, so a popup closed mid-request loses nothing. Deleted tokens move to the trash with
 * their restore deadline; ids the server refused stay where they were.
 */
import type { ApiClient, CreateTimeBilledParams } from "../api";
import type { Engine } from "../proxy/engine";
import { readConnection, readTrash, updateTokens, updateTrash } from "../state/storage";
import {
  fromDynamicToken,
  fromStaticToken,
  type StoredToken,
  type TokenKind,
} from "../state/tokens";
import { canRestore, trashEntry } from "../state/trash";

export interface CreateRequest {
  kind: TokenKind;
  params: CreateTimeBilledParams & { network_type: "HTTP" | "SOCKS5" };
  countryCode: string;
}

export interface BatchOutcome {
  done: number[];
  failed: { id: number; reason: string }[];
}

const REFUSED = "The provider refused this token (it may already be gone).";

export async function createTokens(api: ApiClient, request: CreateRequest, now: number) {
  const { params } = request;
  const context = { networkType: params.network_type, countryCode: request.countryCode, now };
  // Traffic kinds take no payment plan; the client refuses one locally.
  const { payway_id: _plan, ...trafficParams } = params;
  let created: StoredToken[];
  let requested = params.number;
  switch (request.kind) {
    case "static-ip":
      created = (await api.createStaticIp(params)).map((t) =>
        fromStaticToken(t, "static-ip", context),
      );
      break;
    case "static-traffic":
      created = (await api.createStaticTraffic(trafficParams)).map((t) =>
        fromStaticToken(t, "static-traffic", context),
      );
      break;
    case "dynamic-ip": {
      const answer = await api.createDynamicIp(params);
      requested = answer.total_count;
      created = answer.tokens.map((t) => fromDynamicToken(t, "dynamic-ip", context));
      break;
    }
    case "dynamic-traffic": {
      const answer = await api.createDynamicTraffic(trafficParams);
      requested = answer.total_count;
      created = answer.tokens.map((t) => fromDynamicToken(t, "dynamic-traffic", context));
      break;
    }
  }
  await updateTokens((tokens) => ({
    tokens: [...created, ...tokens.filter((t) => !created.some((c) => c.id === t.id))],
    result: undefined,
  }));
  return { tokens: created, requested, created: created.length };
}

export async function deleteTokens(
  api: ApiClient,
  engine: Engine,
  ids: number[],
  now: number,
): Promise<BatchOutcome> {
  // Deleting the connected token disconnects first, so traffic never hits a dead proxy.
  if (ids.includes((await readConnection()).activeTokenId ?? -1)) await engine.disconnect();
  const unique = [...new Set(ids)];
  let deletedAt: string | undefined;
  let deadline: string | undefined;
  let failedIds: number[];
  let reasons = new Map<number, string>();
  const [single] = unique;
  if (unique.length === 1 && single !== undefined) {
    // One token: the single call returns the server's own restore_deadline.
    const answer = await api.deleteToken(single);
    deletedAt = answer.deleted_at;
    deadline = answer.restore_deadline || undefined;
    failedIds = [];
  } else {
    const answer = await api.deleteTokens(unique);
    deletedAt = answer.deleted_at;
    failedIds = answer.failed_ids;
    reasons = new Map(
      answer.chunk_errors.flatMap((c) => c.ids.map((id) => [id, c.error.userMessage] as const)),
    );
  }
  const done = unique.filter((id) => !failedIds.includes(id));
  const moved = await updateTokens((tokens) => ({
    tokens: tokens.filter((t) => !done.includes(t.id)),
    result: tokens.filter((t) => done.includes(t.id)),
  }));
  await updateTrash((trash) => ({
    trash: [
      ...moved.map((t) => trashEntry(t, deletedAt, deadline, now)),
      ...trash.filter((e) => !done.includes(e.token.id)),
    ],
    result: undefined,
  }));
  return { done, failed: failedIds.map((id) => ({ id, reason: reasons.get(id) ?? REFUSED })) };
}

export async function restoreTokens(
  api: ApiClient,
  ids: number[],
  now: number,
): Promise<BatchOutcome> {
  const trash = await readTrash();
  const unique = [...new Set(ids)];
  // Past the deadline the server refuses; say so without asking it.
  const expired = unique.filter((id) => {
    const entry = trash.find((e) => e.token.id === id);
    return !entry || !canRestore(entry, now);
  });
  const asked = unique.filter((id) => !expired.includes(id));
  let failedIds: number[] = [];
  const addresses = new Map<number, { ip: string; port: number }>();
  const [single] = asked;
  if (asked.length === 1 && single !== undefined) {
    const answer = await api.restoreToken(single);
    addresses.set(single, answer.token_info);
  } else if (asked.length > 1) {
    failedIds = (await api.restoreTokens(asked)).failed_ids;
  }
  const done = asked.filter((id) => !failedIds.includes(id));
  const restored = await updateTrash((entries) => ({
    trash: entries.filter((e) => !done.includes(e.token.id)),
    result: entries.filter((e) => done.includes(e.token.id)).map((e) => e.token),
  }));
  await updateTokens((tokens) => ({
    tokens: [
      ...restored.map((t) => {
        const address = addresses.get(t.id);
        return address?.ip ? { ...t, ip: address.ip } : t;
      }),
      ...tokens.filter((t) => !done.includes(t.id)),
    ],
    result: undefined,
  }));
  return {
    done,
    failed: [
      ...expired.map((id) => ({
        id,
        reason: "The 30-day restore window has passed; this token can no longer be restored.",
      })),
      ...failedIds.map((id) => ({ id, reason: REFUSED })),
    ],
  };
}

/** Removes trash entries for good (the user dismisses tokens that can no longer come back). */
export async function dismissTrash(ids: number[]): Promise<void> {
  await updateTrash((trash) => ({
    trash: trash.filter((e) => !ids.includes(e.token.id)),
    result: undefined,
  }));
}

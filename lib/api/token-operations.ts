/**
 * Operations on proxy tokens: the four creates, delete/restore (one and batch) and the dynamic
 * IP refresh. These are the calls that cost money or change what the user holds, so their
 * parameters are checked before anything is sent.
 */
import * as z from "zod/mini";
import {
  type BatchChunkAnswer,
  type BatchResult,
  type ChunkOutcome,
  chunkIds,
  lastStamp,
  mergeBatch,
  uniqueIds,
} from "./batch";
import { type CreatedTokens, readEachToken } from "./created-tokens";
import { ApiError } from "./errors";
import type { Http } from "./http";
import {
  REFRESH_METHOD,
  type RefreshMethod,
  type RefreshMethodMemory,
  type RefreshTarget,
  resolveRefreshTarget,
} from "./refresh";
import type { HttpMethod } from "./retry";
import * as s from "./schemas";

/** A dynamic create's answer: its counts, and its tokens each checked on its own. */
export type DynamicCreated<T> = CreatedTokens<T> & { total_count: number; success_count: number };
export type BatchDeleteResult = BatchResult & { deleted_at: string | undefined };
export type BatchRestoreResult = BatchResult & { restored_at: string | undefined };

import { requireId, validateParams } from "./validate";

export function createTokenOperations(
  http: Http,
  baseUrl: string,
  memory: RefreshMethodMemory = {},
) {
  let refreshMethod: RefreshMethod = memory.refreshMethod ?? REFRESH_METHOD;
  const create =
    <B extends z.ZodMiniType, S extends z.ZodMiniType>(
      operation: string,
      path: string,
      bodySchema: B,
      schema: S,
    ) =>
    async (params: z.input<B>): Promise<z.output<S>> => {
      const body = validateParams(bodySchema, params, operation);
      // POST: never retried by the http core, a lost answer may already have bought a token;
      // so it is waited for longer than a read (a purchase: http.ts).
      const purchase = true;
      return http.request({
        operation,
        method: "POST",
        path,
        body,
        authenticated: true,
        schema,
        purchase,
      });
    };

  /** One token deleted or restored: the id is checked locally, the answer's `data` returned. */
  const single =
    <T>(
      operation: string,
      method: HttpMethod,
      pathOf: (id: number) => string,
      schema: z.ZodMiniType<{ data: T }>,
    ) =>
    async (tokenId: number): Promise<T> => {
      const path = pathOf(requireId(tokenId, "token id", operation));
      return (await http.request({ operation, method, path, authenticated: true, schema })).data;
    };

  async function runBatch<T extends BatchChunkAnswer>(
    operation: string,
    method: HttpMethod,
    path: string,
    ids: readonly number[],
    schema: z.ZodMiniType<{ data: T }>,
  ): Promise<{ merged: BatchResult; answers: T[] }> {
    const list = validateParams(z.array(z.unknown()), ids, operation);
    const unique = uniqueIds(list.map((id) => requireId(id, "token_ids[]", operation)));
    const outcomes: ChunkOutcome<T>[] = [];
    // One chunk at a time: stays within the rate limit and keeps partial failure readable.
    for (const chunk of chunkIds(unique)) {
      let lostAnswer = false;
      try {
        const body = { token_ids: chunk };
        const answer = await http.request({
          operation,
          method,
          path,
          body,
          authenticated: true,
          schema,
          onLostAnswer: () => {
            lostAnswer = true;
          },
        });
        outcomes.push({ ids: chunk, ok: true, answer: answer.data, lostAnswer });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes.push({ ids: chunk, ok: false, error });
      }
    }
    // Nothing happened at all: the caller gets the error itself rather than a result to decode
    // (unless a chunk's repeat was refused after a lost answer: the caller decides what was done).
    const first = outcomes[0];
    const lost = outcomes.some((o) => !o.ok && o.error.afterLostAnswer);
    if (first && !first.ok && !lost && outcomes.every((o) => !o.ok)) throw first.error;
    const answers = outcomes.flatMap((o) => (o.ok ? [o.answer] : []));
    return { merged: mergeBatch(outcomes), answers };
  }

  /** Many tokens at once; the latest chunk's timestamp is reported under the answer's own name. */
  const batch =
    <T extends BatchChunkAnswer, K extends keyof T & string>(
      operation: string,
      method: HttpMethod,
      path: string,
      schema: z.ZodMiniType<{ data: T }>,
      stampKey: K,
    ) =>
    async (tokenIds: readonly number[]): Promise<BatchResult & Record<K, string | undefined>> => {
      const { merged, answers } = await runBatch(operation, method, path, tokenIds, schema);
      const stamp = lastStamp(answers.map((answer) => answer[stampKey] as string | undefined));
      return { ...merged, [stampKey]: stamp } as BatchResult & Record<K, string | undefined>;
    };

  /** The static kinds answer `{code, msg, data: [token]}`; callers only want the tokens. */
  const createStatic = <B extends z.ZodMiniType>(
    operation: string,
    path: string,
    bodySchema: B,
  ) => {
    const send = create(operation, path, bodySchema, s.staticCreateResponseSchema);
    return async (params: z.input<B>): Promise<CreatedTokens<s.StaticToken>> =>
      readEachToken(s.staticTokenSchema, (await send(params)).data);
  };
  /** The dynamic kinds answer `{tokens, total_count, success_count}`. */
  const createDynamic = <B extends z.ZodMiniType, T>(
    operation: string,
    path: string,
    bodySchema: B,
    tokenSchema: z.ZodMiniType<T>,
  ) => {
    const send = create(operation, path, bodySchema, s.dynamicCreateResponseSchema);
    return async (params: z.input<B>): Promise<DynamicCreated<T>> => {
      const { tokens, ...counts } = await send(params);
      return { ...counts, ...readEachToken(tokenSchema, tokens) };
    };
  };
  const timeBilled = s.createTimeBilledBodySchema;
  // Traffic kinds take no payway_id; passing one fails locally, before any request.
  const traffic = s.createTrafficBodySchema;

  return {
    /** Returns the created tokens; `ip` may still be "" (assigned later by the provider). */
    createStaticIp: createStatic("createStaticIp", "/token/static/ip", timeBilled),
    createDynamicIp: createDynamic(
      "createDynamicIp",
      "/token/variable/ip",
      timeBilled,
      s.dynamicIpTokenSchema,
    ),
    createStaticTraffic: createStatic("createStaticTraffic", "/token/static/traffic", traffic),
    createDynamicTraffic: createDynamic(
      "createDynamicTraffic",
      "/token/variable/traffic",
      traffic,
      s.dynamicTrafficTokenSchema,
    ),

    deleteToken: single("deleteToken", "DELETE", (id) => `/token/${id}`, s.deleteOneResponseSchema),
    restoreToken: single(
      "restoreToken",
      "PUT",
      (id) => `/token/reset/${id}`,
      s.restoreOneResponseSchema,
    ),

    /** Ids are de-duplicated and sent in chunks of at most 100; the answers are merged. */
    deleteTokens: batch(
      "deleteTokens",
      "DELETE",
      "/token/batch",
      s.deleteBatchResponseSchema,
      "deleted_at",
    ),
    restoreTokens: batch(
      "restoreTokens",
      "PUT",
      "/token/batch/restore",
      s.restoreBatchResponseSchema,
      "restored_at",
    ),

    /** Draws a new exit IP for a dynamic token; returns the token as the provider now has it. */
    /**
     * Whether the provider takes these credentials for token operations, with no effect: a
     * batch delete of no tokens. A 400 for the empty list means the credentials passed.
     */
    async probeTokenAccess(): Promise<void> {
      await http.request({
        operation: "probeTokenAccess",
        method: "DELETE",
        path: "/token/batch",
        body: { token_ids: [] },
        authenticated: true,
        schema: z.unknown(),
      });
    },

    async refreshDynamicIp(target: RefreshTarget): Promise<s.DynamicToken> {
      const operation = "refreshDynamicIp";
      const where = resolveRefreshTarget(target, baseUrl, operation);
      const call = (method: HttpMethod) =>
        http.request({
          operation,
          method,
          ...where,
          authenticated: true,
          schema: s.refreshResponseSchema,
        });
      try {
        return (await call(refreshMethod)).data;
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === "http" && error.status === 405)) {
          throw error;
        }
      }
      const other: RefreshMethod = refreshMethod === "GET" ? "POST" : "GET";
      const answer = await call(other);
      refreshMethod = other;
      memory.onRefreshMethod?.(other);
      return answer.data;
    },
  };
}

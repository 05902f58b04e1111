/**
 * Batch delete/restore helpers: the provider takes at most 100 ids per call, so larger
 * selections are split and the per-chunk answers merged into one result. Pure.
 */
import type { ApiError } from "./errors";
import { MAX_BATCH_IDS } from "./request-schemas";

export interface BatchChunkAnswer {
  total_count: number;
  success_count: number;
  failed_count: number;
  failed_ids: number[];
}

export interface BatchChunkError {
  ids: number[];
  error: ApiError;
}

export interface BatchResult extends BatchChunkAnswer {
  /** Chunks that failed as a whole; their ids are also in `failed_ids`. */
  chunk_errors: BatchChunkError[];
  /**
   * Failed ids of chunks sent again after an attempt that got no answer (http.ts): that
   * attempt may have done them, and the repeat refuses them as done already.
   */
  failed_after_lost_answer: number[];
}

/** De-duplicates while keeping the caller's order (sending an id twice would count twice). */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

export function chunkIds(ids: readonly number[], size = MAX_BATCH_IDS): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

export type ChunkOutcome<T extends BatchChunkAnswer> =
  | { ids: number[]; ok: true; answer: T; lostAnswer?: boolean }
  | { ids: number[]; ok: false; error: ApiError };

/** Sums the counts; a failed chunk counts all its ids as failed. */
export function mergeBatch<T extends BatchChunkAnswer>(outcomes: ChunkOutcome<T>[]): BatchResult {
  const merged: BatchResult = {
    total_count: 0,
    success_count: 0,
    failed_count: 0,
    failed_ids: [],
    chunk_errors: [],
    failed_after_lost_answer: [],
  };
  for (const outcome of outcomes) {
    if (outcome.ok) {
      merged.total_count += outcome.answer.total_count;
      merged.success_count += outcome.answer.success_count;
      merged.failed_count += outcome.answer.failed_count;
      merged.failed_ids.push(...outcome.answer.failed_ids);
      if (outcome.lostAnswer) merged.failed_after_lost_answer.push(...outcome.answer.failed_ids);
    } else {
      merged.total_count += outcome.ids.length;
      merged.failed_count += outcome.ids.length;
      merged.failed_ids.push(...outcome.ids);
      merged.chunk_errors.push({ ids: outcome.ids, error: outcome.error });
      if (outcome.error.afterLostAnswer) merged.failed_after_lost_answer.push(...outcome.ids);
    }
  }
  return merged;
}

/** Chunks run one after another, so the last reported timestamp is the latest. */
export function lastStamp(stamps: (string | undefined)[]): string | undefined {
  return stamps.filter((s): s is string => s !== undefined && s !== "").at(-1);
}

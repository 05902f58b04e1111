/** Public surface of the provider API client. */

export type { BatchChunkError, BatchResult } from "./batch";
export {
  type ApiClient,
  type ApiClientConfig,
  type ApiClientDeps,
  createApiClient,
} from "./client";
export { ApiError, type ApiErrorKind, isApiError } from "./errors";
export { type AuthConfig, authorizationHeader, type FetchLike, joinUrl } from "./http";
export { PLAN_REQUESTS_PER_MINUTE, type Plan } from "./rate-limiter";
export * from "./schemas";
export {
  type BatchDeleteResult,
  type BatchRestoreResult,
  REFRESH_METHOD,
  type RefreshTarget,
} from "./token-operations";

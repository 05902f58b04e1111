/** Public surface of the provider API client. */

export { isRecord } from "../base/is-record";
export {
  type AuthConfig,
  authorizationHeader,
  basicAuthorization,
} from "./authorization";
export type { BatchChunkError, BatchResult } from "./batch";
export {
  type ApiClient,
  type ApiClientConfig,
  type ApiClientDeps,
  createApiClient,
} from "./client";
export { ApiError, type ApiErrorKind, isApiError } from "./errors";
export type { FetchLike } from "./http";
export { PLAN_REQUESTS_PER_MINUTE, type Plan } from "./rate-limiter";
export { REFRESH_METHOD, type RefreshTarget } from "./refresh";
export { joinUrl } from "./request-url";
export * from "./schemas";
export type { BatchDeleteResult, BatchRestoreResult } from "./token-operations";

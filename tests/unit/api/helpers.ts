/** Small helpers shared by the API tests. */
import { type ApiError, isApiError } from "../../../lib/api";

/** Sleep that records the requested delays and returns at once. */
export function recordingSleep() {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

/** Awaits a promise that must reject with an ApiError, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error("expected a failure, but the call succeeded");
}

/** Small helpers shared by the API tests. */
import { type ApiError, isApiError } from "../../../lib/api";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { apiFailure } from "../../../lib/protocol/api-failure";

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

/** What the user reads for this error: the failure it becomes, worded (English). */
export const userSentence = (error: ApiError): string => describeFailure(apiFailure(error), "en");

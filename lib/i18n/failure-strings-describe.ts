/** How a failure becomes one sentence, whatever the language's table (no table here). */
import type { FailureCode } from "../base/failure";

export type FailureLike = { code: string; cause?: unknown; [param: string]: unknown };
type Translate = (key: FailureCode, values?: Record<string, string | number>) => string;

/**
 * `known` is a table with every code: a code this build does not know (a newer background,
 * damaged storage) still gets a sentence. A cause is worded inside its failure's sentence.
 */
export function describeWith(
  known: Record<FailureCode, string>,
  t: Translate,
  failure: FailureLike,
): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(failure)) {
    if (typeof value === "string" || typeof value === "number") params[key] = value;
  }
  if (!(failure.code in known)) return t("internal");
  if (typeof failure.cause === "string") {
    params.because = describeWith(known, t, { ...failure, code: failure.cause, cause: undefined });
  }
  return t(failure.code as FailureCode, params);
}

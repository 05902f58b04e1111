/**
 * Client-side validation of parameters, so a bad request fails with a clear sentence before
 * anything reaches the network (and before anything can be charged).
 */
import type * as z from "zod/mini";
import { ApiError } from "./errors";

type Issue = z.core.$ZodIssue;

/**
 * A short English description of a zod issue. zod/mini ships without locale messages (they
 * would bloat the popup), so the few issue kinds our schemas produce are worded here.
 */
export function describeIssue(issue: Issue, input?: unknown): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "value";
  switch (issue.code) {
    case "invalid_type":
      // zod does not report the offending input by default; look it up when we have it.
      return input !== undefined && valueAt(input, issue.path) === undefined
        ? `${where} is required`
        : `${where} must be ${article(issue.expected)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `${where} is empty`;
      return issue.origin === "array" || issue.origin === "string"
        ? `${where} must have at least ${issue.minimum} ${unit(issue.origin)}`
        : `${where} must be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "array" || issue.origin === "string"
        ? `${where} must have at most ${issue.maximum} ${unit(issue.origin)}`
        : `${where} must be at most ${issue.maximum}`;
    case "invalid_value":
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys":
      return `${issue.keys.join(", ")} ${issue.keys.length === 1 ? "is" : "are"} not accepted here`;
    default:
      return `${where} is invalid`;
  }
}

const unit = (origin: string) => (origin === "string" ? "characters" : "items");

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function article(expected: string): string {
  if (expected === "int") return "an integer";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Parses `value` or throws an `invalid-request` ApiError naming the first problem. */
export function validateParams<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  operation: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiError({
    kind: "invalid-request",
    operation,
    issuePath: issue?.path.map(String).join("."),
    detail: issue ? describeIssue(issue, value ?? null) : "invalid parameters",
  });
}

/** Rejects anything but a positive safe integer, the shape of every id in the spec. */
export function requireId(value: unknown, name: string, operation: string): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  throw new ApiError({
    kind: "invalid-request",
    operation,
    issuePath: name,
    detail: `${name} must be a positive integer`,
  });
}

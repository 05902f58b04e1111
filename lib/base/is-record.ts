/**
 * The one guard for "a JSON object with named fields", shared by every reader of loosely typed
 * data (provider envelopes, replies of the background). Arrays are objects to `typeof` but never
 * carry the named fields such readers look up, so they are not records here.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

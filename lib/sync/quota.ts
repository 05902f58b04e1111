/**
 * The sync area's limits, as both browsers document them (Chrome's chrome.storage.sync
 * constants; MDN's storage.sync gives Firefox the same byte and item limits and no write rate
 * limit). Sizes are counted the browsers' way: a key's length plus its value's JSON, in bytes.
 */
export const SYNC_QUOTA = {
  bytes: 102_400,
  perItem: 8_192,
  maxItems: 512,
  writesPerMinute: 120,
  writesPerHour: 1_800,
} as const;

/** Left free of the total: the manifest and each chunk key's own length come out of it. */
export const SYNC_MARGIN = 2_048;

const encoder = new TextEncoder();
export const byteLength = (text: string): number => encoder.encode(text).length;

/** What one stored item costs against the quotas. */
export const itemBytes = (key: string, value: unknown): number =>
  byteLength(key) + byteLength(JSON.stringify(value));

/**
 * Each sync is at most three operations (chunks, manifest, stale chunks removed): these caps
 * keep a busy editor well inside both the per-minute and the per-hour limits.
 */
export const WRITES_PER_MINUTE = 20;
export const WRITES_PER_HOUR = 500;

/** The earliest time a write may go out, given the times of the last hour's writes. */
export function nextWriteAllowed(writes: readonly number[], now: number): number {
  const hour = writes.filter((at) => at > now - 3_600_000).sort((a, b) => a - b);
  const minute = hour.filter((at) => at > now - 60_000);
  let at = now;
  if (minute.length >= WRITES_PER_MINUTE) at = Math.max(at, (minute[0] ?? now) + 60_000);
  if (hour.length >= WRITES_PER_HOUR) at = Math.max(at, (hour[0] ?? now) + 3_600_000);
  return at;
}

/**
 * Position keys: strings over [0-9a-z] compared as text, never ending in "0", so there is
 * always a key before, after and between any two. A rule's place in the synced order is its
 * key, an item of its own: moving one rule changes one key, and a rule added elsewhere takes a
 * key between its neighbours there, so edits of different rules' places never conflict.
 * The open ends step one digit (a list that grows at its top or bottom, as the popup's
 * one-site rules do, adds a character every ~30 rules, not every ~5).
 */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const TOP = DIGITS.length;
const digit = (key: string, at: number) =>
  at < key.length ? DIGITS.indexOf(key[at] as string) : 0;

export const POSITION_KEY = /^[0-9a-z]*[1-9a-z]$/;
export const isPositionKey = (key: unknown): key is string =>
  typeof key === "string" && key.length <= 200 && POSITION_KEY.test(key);

/** A key above `low`. The first key of all is the middle; a deeper digit starts low, for room. */
function after(low: string, deeper = false): string {
  if (low === "") return deeper ? "1" : (DIGITS[TOP >> 1] as string);
  const first = digit(low, 0);
  if (first < TOP - 1) return DIGITS[first + 1] as string;
  return `z${after(low.slice(1), true)}`;
}

function before(high: string): string {
  const first = digit(high, 0);
  if (first >= 2) return DIGITS[first - 1] as string;
  // "0" alone would end in 0: go one digit deeper, starting high, for room.
  if (first === 1) return "0z";
  return `0${before(high.slice(1))}`;
}

/** A key strictly between `low` ("" for the bottom) and `high`; low < high. */
function midpoint(low: string, high: string): string {
  let at = 0;
  while (at < high.length && digit(low, at) === digit(high, at)) at++;
  const prefix = high.slice(0, at);
  const lowDigit = digit(low, at);
  const highDigit = digit(high, at);
  if (highDigit - lowDigit > 1) return prefix + DIGITS[(lowDigit + highDigit) >> 1];
  // Neighbouring digits: `high` cut after this digit is still above `low`, if it goes on.
  if (at + 1 < high.length) return prefix + high[at];
  return prefix + DIGITS[lowDigit] + after(low.slice(at + 1));
}

/** A key between the two (null: open end). */
export function keyBetween(low: string | null, high: string | null): string {
  if (low !== null && high !== null && low >= high)
    throw new Error(`position keys out of order: ${low} ≥ ${high}`);
  if (high === null) return after(low ?? "");
  if (low === null) return before(high);
  return midpoint(low, high);
}

/** `count` increasing keys between the two, spread by halving (short keys for long runs). */
export function keysBetween(low: string | null, high: string | null, count: number): string[] {
  if (count <= 0) return [];
  const middle = keyBetween(low, high);
  const left = keysBetween(low, middle, (count - 1) >> 1);
  const right = keysBetween(middle, high, count - 1 - left.length);
  return [...left, middle, ...right];
}

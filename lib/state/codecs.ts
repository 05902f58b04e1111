/**
 * How a stored item is read and written (see items.ts): every read is checked, and nothing
 * unreadable is ever written back over what storage holds.
 */
import * as z from "zod/mini";

/** Valid entries, and the raw ones that failed their check (kept, never rewritten). */
export function splitList<T>(
  schema: z.ZodMiniType<T>,
  raw: unknown,
): { valid: T[]; invalid: unknown[] } {
  const valid: T[] = [];
  const invalid: unknown[] = [];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const result = schema.safeParse(entry);
    if (result.success) valid.push(result.data);
    else invalid.push(entry);
  }
  return { valid, invalid };
}

/**
 * How an item is read and written. `read` checks the raw value and sets aside what is
 * unreadable (`kept`); `write` checks the new value (nothing unreadable is ever written: it
 * throws instead) and puts the kept entries back, so a token this version cannot read survives
 * every write.
 */
export interface Codec<T> {
  read(raw: unknown): { value: T; kept: unknown[] };
  write(value: T, kept: unknown[]): unknown;
  /**
   * Whether `next` may replace `before`, for a rule about the whole value that no entry's
   * check sees (a cap on a list's length). Refused: the write throws, and nothing is written.
   */
  admits?(next: T, before: T): boolean;
}

export function valueCodec<T>(schema: z.ZodMiniType<T>, decodeRaw: (raw: unknown) => T): Codec<T> {
  return {
    read: (raw) => ({ value: decodeRaw(raw), kept: [] }),
    write: (value) => z.parse(schema, value),
  };
}

export function listCodec<T>(schema: z.ZodMiniType<T>): Codec<T[]> {
  // Entries this codec read or wrote, already checked: state is never changed in place (every
  // change makes new objects), so writing 10,000 site rules back with one changed checks one.
  const checked = new WeakSet<object>();
  const remember = (entry: T): T => {
    if (typeof entry === "object" && entry !== null) checked.add(entry);
    return entry;
  };
  const check = (entry: T): T => {
    if (typeof entry === "object" && entry !== null && checked.has(entry)) return entry;
    const parsed = remember(z.parse(schema, entry));
    // The caller's object passed too (the background keeps it as its decoded copy).
    remember(entry);
    return parsed;
  };
  return {
    read: (raw) => {
      const { valid, invalid } = splitList(schema, raw);
      return { value: valid.map(remember), kept: invalid };
    },
    write: (value, kept) => {
      if (!Array.isArray(value)) throw new Error("not a list");
      return [...value.map(check), ...kept];
    },
  };
}

/**
 * A list stored as one JSON text: Chrome converts a stored object into its own value tree node
 * by node (10,000 site rules: ~500 ms per write, measured in Chromium 156), one string in a
 * few ms. A list stored as an array (before this, or written by hand) is read as well.
 */
export function textListCodec<T>(schema: z.ZodMiniType<T>): Codec<T[]> {
  const list = listCodec(schema);
  return {
    read: (raw) => {
      if (typeof raw !== "string") return list.read(raw);
      try {
        return list.read(JSON.parse(raw));
      } catch {
        // Not JSON: nothing of it can be read, and it is not kept (it is no list).
        return list.read([]);
      }
    },
    write: (value, kept) => JSON.stringify(list.write(value, kept)),
  };
}

/**
 * A large value stored as one JSON text (see textListCodec: 10,000 tokens' health results as a
 * value tree would cost Chrome hundreds of ms per write). Unreadable: the fallback.
 */
export function textValueCodec<T>(schema: z.ZodMiniType<T>, fallback: T): Codec<T> {
  const decodeRaw = checkedOr(schema, fallback);
  return {
    read(raw) {
      if (typeof raw !== "string") return { value: decodeRaw(raw), kept: [] };
      try {
        return { value: decodeRaw(JSON.parse(raw)), kept: [] };
      } catch {
        // Not JSON: read as the default, as every value that fails its check is (items.ts).
        return { value: fallback, kept: [] };
      }
    },
    write: (value) => JSON.stringify(z.parse(schema, value)),
  };
}

export function checkedOr<T>(schema: z.ZodMiniType<T>, fallback: T) {
  return (raw: unknown): T => {
    const result = schema.safeParse(raw);
    return result.success ? result.data : fallback;
  };
}

/**
 * Any JSON value as rows of a nested key/value table (pure). The account records' shapes are
 * not in the spec, so nothing here assumes a field: depth and size are bounded and every
 * value becomes text.
 */
import { isRecord } from "../base/is-record";

export type KvNode =
  | { kind: "value"; key: string; text: string }
  | { kind: "group"; key: string; children: KvNode[]; truncated: number };

export interface KvLimits {
  maxDepth: number;
  maxEntries: number;
}

const DEFAULT_LIMITS: KvLimits = { maxDepth: 6, maxEntries: 200 };

/** The provider's envelope `{code: 0, message, data: {...}}` shows only what is inside. */
export function unwrapEnvelope(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { code, data } = value;
  if ((code === 0 || code === undefined) && isRecord(data)) return data;
  return value;
}

export function toKvNodes(value: unknown, limits: Partial<KvLimits> = {}): KvNode[] {
  const { maxDepth, maxEntries } = { ...DEFAULT_LIMITS, ...limits };
  const seen = new WeakSet<object>();

  function entriesOf(container: object): [string, unknown][] {
    return Array.isArray(container)
      ? container.map((item, index): [string, unknown] => [String(index + 1), item])
      : Object.entries(container);
  }

  function node(key: string, item: unknown, depth: number): KvNode {
    if (item === null || typeof item !== "object") return { kind: "value", key, text: text(item) };
    if (seen.has(item) || depth >= maxDepth) return { kind: "value", key, text: "…" };
    seen.add(item);
    const entries = entriesOf(item);
    const children = entries.slice(0, maxEntries).map(([k, v]) => node(k, v, depth + 1));
    seen.delete(item);
    return { kind: "group", key, children, truncated: Math.max(0, entries.length - maxEntries) };
  }

  if (value === null || typeof value !== "object")
    return [{ kind: "value", key: "", text: text(value) }];
  const root = node("", value, 0);
  return root.kind === "group" ? root.children : [root];
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? "—" : value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return typeof value;
}

/** "requests_per_minute" → "Requests per minute". */
export function humanKey(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced === "" ? key : spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

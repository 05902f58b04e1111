/**
 * The traffic viewer's port (Options' Traffic section, the popup): what each side sends. The
 * port's name, and its messages as JSON text (lib/protocol/wire.ts: a 5,000-entry snapshot as
 * one string, not a value tree).
 */
import type { TrafficEntry } from "./entry";

export const TRAFFIC_PORT = "traffic";

export type ViewerMessage =
  /** Start (or keep) watching; `fullUrls` keeps addresses, secrets taken out. */
  | { type: "watch"; fullUrls: boolean }
  | { type: "clear" }
  /** Sent every few seconds: a watched worker must not be stopped as idle. */
  | { type: "ping" };

export type LogMessage =
  /** Everything kept: the viewer's list is replaced (at connect, after a clear). */
  | { type: "snapshot"; entries: TrafficEntry[] }
  /** Entries added or changed since the last message. */
  | { type: "changes"; entries: TrafficEntry[] };

export function readViewerMessage(value: unknown): ViewerMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const message = value as { type?: unknown; fullUrls?: unknown };
  if (message.type === "watch") return { type: "watch", fullUrls: message.fullUrls === true };
  if (message.type === "clear" || message.type === "ping") return { type: message.type };
  return null;
}

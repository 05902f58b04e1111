/**
 * The diagnostics ring (pure): the last few hundred events, oldest first. An event is a time,
 * a kind, a short tag of where it happened and a short text, all already scrubbed (scrub.ts).
 * A stored ring is read back entry by entry: a value that is not a ring reads as an empty one
 * and an entry of the wrong shape is dropped, so a corrupt store never throws into the caller.
 */

export const EVENT_KINDS = [
  /** A failure caught in a catch (where, and its message). */
  "error",
  /** A value refused at a gate (a malformed command, a setting or rule not taken). */
  "refusal",
  /** The browser's proxy setting applied, and how that went. */
  "apply",
  /** The background started: a browser start, an install, or a stopped worker woken. */
  "wake",
  /** A proxy's challenge answered or refused, by gateway host. */
  "auth",
  /** A rule list fetched by URL, and its outcome (by host). */
  "list",
  /** A command from a page that ended in a failure the page was told of. */
  "command",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface DiagEvent {
  /** Milliseconds since the epoch. */
  at: number;
  kind: EventKind;
  where: string;
  text: string;
  /** The same event seen this many times in a row (absent: once). */
  repeat?: number;
}

/** How many events the ring keeps: enough for a morning of trouble, small enough to copy. */
export const RING_CAP = 300;

const isKind = (value: unknown): value is EventKind =>
  typeof value === "string" && (EVENT_KINDS as readonly string[]).includes(value);

/** One stored entry, or null when it is not one (a hand-edited or older store). */
function eventOf(raw: unknown): DiagEvent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { at, kind, where, text, repeat } = raw as Record<string, unknown>;
  if (typeof at !== "number" || !Number.isFinite(at) || !isKind(kind)) return null;
  if (typeof where !== "string" || typeof text !== "string") return null;
  const event: DiagEvent = { at, kind, where, text };
  if (typeof repeat === "number" && Number.isInteger(repeat) && repeat > 1) event.repeat = repeat;
  return event;
}

/** A stored ring as events, oldest first; anything unreadable is left out, nothing throws. */
export function readRing(raw: unknown, cap = RING_CAP): DiagEvent[] {
  if (!Array.isArray(raw)) return [];
  const events: DiagEvent[] = [];
  for (const entry of raw.slice(-cap)) {
    const event = eventOf(entry);
    if (event) events.push(event);
  }
  return events;
}

const sameEvent = (a: DiagEvent, b: DiagEvent) =>
  a.kind === b.kind && a.where === b.where && a.text === b.text;

/**
 * The ring with `events` appended, the oldest dropped past `cap`. An event equal to the one
 * before it (kind, where and text) counts as a repeat of it, at the later time: a failure that
 * loops (a refused login asked again and again) takes one line, not the whole ring.
 */
export function appendEvents(
  ring: readonly DiagEvent[],
  events: readonly DiagEvent[],
  cap = RING_CAP,
): DiagEvent[] {
  const next = ring.slice();
  for (const event of events) {
    const last = next[next.length - 1];
    if (last && sameEvent(last, event)) {
      next[next.length - 1] = {
        ...last,
        at: event.at,
        repeat: (last.repeat ?? 1) + (event.repeat ?? 1),
      };
    } else next.push(event);
  }
  return next.length > cap ? next.slice(next.length - cap) : next;
}

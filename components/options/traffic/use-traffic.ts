/**
 * The traffic log as the page watches it: a port to the background (which logs only while one
 * is open), its snapshot and batches of changes merged, paused and cleared on demand. A port
 * closed by a worker stop is opened again; the new snapshot replaces the list, so nothing is
 * shown twice.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { mergeEntries } from "@/lib/options/traffic-view";
import { fromWire, toWire } from "@/lib/protocol/wire";
import type { TrafficEntry } from "@/lib/traffic/entry";
import { type LogMessage, TRAFFIC_PORT, type ViewerMessage } from "@/lib/traffic/viewer-protocol";

const PING_MS = 20_000;
const RECONNECT_MS = 1_000;

export function useTraffic(fullUrls: boolean) {
  // The list lives in a ref, changed in place; `version` re-renders (no 5,000-entry copy per batch).
  const entries = useRef(new Map<string, TrafficEntry>());
  const [, setVersion] = useState(0);
  const [paused, setPaused] = useState(false);
  /** Entries that came while paused (a request changed twice counts twice). */
  const [heldCount, setHeldCount] = useState(0);
  /** A worker stop closed the port: "lost" until the new port's snapshot is in. */
  const [restart, setRestart] = useState<"lost" | "again" | null>(null);
  /** The background listens: its snapshot came (until then no request would be logged). */
  const [live, setLive] = useState(false);
  const port = useRef<ReturnType<typeof browser.runtime.connect> | null>(null);
  /** What came while paused: shown on resume. */
  const held = useRef<LogMessage[]>([]);
  const pausedRef = useRef(false);
  const fullUrlsRef = useRef(fullUrls);
  fullUrlsRef.current = fullUrls;

  const apply = (message: LogMessage) => {
    if (message.type === "snapshot") entries.current.clear();
    mergeEntries(entries.current, message.entries);
    setVersion((n) => n + 1);
  };

  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = (message: ViewerMessage) => port.current?.postMessage(toWire(message));
    const connect = (again: boolean) => {
      const opened = browser.runtime.connect({ name: TRAFFIC_PORT });
      port.current = opened;
      opened.onMessage.addListener((raw: unknown) => {
        const message = fromWire(raw).value as LogMessage;
        if (message.type === "snapshot") setLive(true);
        if (again && message.type === "snapshot") setRestart("again");
        if (pausedRef.current) {
          held.current.push(message);
          setHeldCount((n) => n + message.entries.length);
        } else apply(message);
      });
      opened.onDisconnect.addListener(() => {
        if (closed) return;
        setLive(false);
        setRestart("lost");
        timer = setTimeout(() => connect(true), RECONNECT_MS);
      });
      say({ type: "watch", fullUrls: fullUrlsRef.current });
    };
    connect(false);
    const ping = setInterval(() => say({ type: "ping" }), PING_MS);
    return () => {
      closed = true;
      clearInterval(ping);
      clearTimeout(timer);
      port.current?.disconnect();
    };
  }, []);

  // The address setting goes with the next "watch" (the background keeps one per viewer).
  useEffect(() => {
    port.current?.postMessage(toWire({ type: "watch", fullUrls } satisfies ViewerMessage));
  }, [fullUrls]);

  return {
    entries: entries.current,
    paused,
    heldCount,
    restart,
    live,
    pause(next: boolean) {
      pausedRef.current = next;
      setPaused(next);
      if (!next) {
        for (const message of held.current.splice(0)) apply(message);
        setHeldCount(0);
      }
    },
    clear() {
      held.current = [];
      setHeldCount(0);
      port.current?.postMessage(toWire({ type: "clear" } satisfies ViewerMessage));
    },
  };
}

/**
 * The diagnostics as the user copies them into a support request (pure): a header saying which
 * Proxy Deck, browser and language, then one event a line, oldest first, at its ISO time. The
 * lines are a technical record for the extension's support, so they stay in English whatever
 * the page's language (as the events' own texts, error messages, do); the page around them
 * is worded in the user's language.
 */
import type { DiagEvent } from "./ring";

export interface DiagnosticsHeader {
  /** The extension's version (its manifest's). */
  version: string;
  /** The browser: runtime.getBrowserInfo() where there is one, else the user agent. */
  browser: string;
  /** The language Proxy Deck speaks, and the browser's own. */
  language: string;
  browserLanguage: string;
  /** When the copy was made (ms epoch). */
  now: number;
}

const iso = (ms: number): string => {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
};

/** One event: time, kind, where, text (and how many times in a row it came). */
export function formatEvent(event: DiagEvent): string {
  const times = event.repeat && event.repeat > 1 ? ` (×${event.repeat})` : "";
  return `${iso(event.at)} ${event.kind.padEnd(8)} ${event.where}: ${event.text}${times}`;
}

export function formatDiagnostics(header: DiagnosticsHeader, events: readonly DiagEvent[]): string {
  return [
    "Proxy Deck diagnostics",
    `Version: ${header.version}`,
    `Browser: ${header.browser}`,
    `Language: ${header.language} (browser: ${header.browserLanguage})`,
    `Copied: ${iso(header.now)}`,
    `Events: ${events.length}, oldest first`,
    "",
    ...events.map(formatEvent),
    "",
  ].join("\n");
}

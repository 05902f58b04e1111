/**
 * The background's diagnostics: the log in storage.session (in memory where a browser has
 * none), installed as the place every `recordFailure` of the worker goes, a wake recorded at
 * each start, and the commands' failures and refusals noted as they leave the door.
 */

import type { Failure } from "../base/failure";
import { createDiagnosticsLog, type DiagnosticsLog, type RingArea } from "../diagnostics/log";
import { withText } from "../diagnostics/message";
import { recordEvent, recordFailure, setDiagnosticsSink } from "../diagnostics/record";
import { recordUncaught } from "../diagnostics/uncaught";
import type { ParsedCommand } from "../protocol/commands";

interface DiagnosticsApis {
  storage: { session?: RingArea };
  runtime: { getManifest(): { version: string } };
}

/** Starts the log; called first in the worker's first turn, so a failure at start is kept. */
export function startDiagnostics(browser: DiagnosticsApis): DiagnosticsLog {
  const log = createDiagnosticsLog({ area: browser.storage.session ?? null });
  setDiagnosticsSink((event) => log.record(withText(event)));
  recordEvent("wake", "background", `worker started, version ${versionOf(browser)}`);
  recordUncaught("background");
  return log;
}

const versionOf = (browser: DiagnosticsApis): string => {
  try {
    return browser.runtime.getManifest().version;
  } catch (error) {
    recordFailure("background:manifest", error);
    return "unknown";
  }
};

/** What the commands reach of the log. */
export type DiagnosticsDoor = Pick<DiagnosticsLog, "read" | "clear" | "record">;

/** The log's three commands: read (Options' "Copy"), clear, and a page's own failures. */
export function diagnosticsCommands(log: DiagnosticsDoor | undefined, now: () => number) {
  return {
    diagnostics: async () => ({ events: (await log?.read()) ?? [] }),
    clearDiagnostics: async () => {
      // Thrown: recorded, and answered as a failure the page words ("not cleared").
      if ((await log?.clear()) === false) throw new Error("storage refused to clear the log");
      return null;
    },
    recordDiagnostics: async ({ events }: ParsedCommand<"recordDiagnostics">) => {
      // A page's clock is the browser's too; only a time yet to come is taken as now.
      for (const event of events) log?.record({ ...event, at: Math.min(event.at, now()) });
      return null;
    },
  };
}

/** A failure's code and its parameters, as one short line (scrubbed where it is kept). */
export const failureText = (failure: Failure): string => {
  const { code, ...params } = failure as { code: string; [param: string]: unknown };
  const rest = Object.entries(params).map(([name, value]) => `${name} ${String(value)}`);
  return rest.length ? `${code} (${rest.join(", ")})` : code;
};

/** A command answered with a failure: the page words it, the log keeps its code. */
export function noteCommandFailure(type: string, failure: Failure): void {
  recordEvent("command", `command:${type}`, failureText(failure));
}

/**
 * A command that succeeded but refused part of what it was given (a setting, a line, a name):
 * the refusal's code, and what was refused when it is a name (line texts are not kept).
 */
export function noteRefusals(type: string, data: unknown): void {
  if (typeof data !== "object" || data === null) return;
  const reply = data as Record<string, unknown>;
  const parts: string[] = [];
  const refusal = reply.refusal as { code?: unknown; detail?: unknown } | undefined;
  if (refusal && typeof refusal.code === "string") {
    parts.push(
      typeof refusal.detail === "string" ? `${refusal.code} ${refusal.detail}` : refusal.code,
    );
  }
  if (typeof reply.problem === "string") parts.push(reply.problem);
  for (const name of ["rejected", "managed"] as const) {
    const list = reply[name];
    if (typeof list === "number" && list > 0) parts.push(`${name} ${list}`);
    if (!Array.isArray(list) || list.length === 0) continue;
    const shown = list
      .slice(0, 5)
      .map((entry) =>
        typeof entry === "string"
          ? entry
          : `line ${(entry as { line?: unknown }).line} ${(entry as { problem?: unknown }).problem}`,
      );
    parts.push(`${name} ${list.length}: ${shown.join(", ")}`);
  }
  if (parts.length > 0) recordEvent("refusal", `command:${type}`, parts.join("; "));
}

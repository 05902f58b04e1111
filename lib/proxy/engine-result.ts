/** What the engine's actions answer, and the status rules they share (pure). */
import type { Failure } from "../base/failure";
import type { ProxyStatus } from "../state/status";

export type EngineResult = { ok: true } | { ok: false; failure: Failure };

/** Reasons a chosen token cannot carry traffic at all (see usable.ts). */
const UNUSABLE: ReadonlySet<string> = new Set([
  "token-missing",
  "token-expired",
  "address-pending",
  "socks5-unsupported",
  "config-failed",
]);

/**
 * Traffic is not going through the chosen token: blocked, (when the user prefers it) sent
 * direct because the token cannot be used, or carried by another extension's proxy, which
 * holds the browser's setting. Nothing seen then is evidence about the token.
 */
export const notThroughToken = (
  status: Pick<ProxyStatus, "state" | "error" | "controlledByOther">,
): boolean =>
  status.controlledByOther ||
  status.state === "blocked" ||
  UNUSABLE.has(status.error?.failure.code ?? "");

/** What the engine's actions answer, and the status rules they share (pure). */
import type { Failure } from "../protocol/failure";
import type { ProxyStatus } from "../state/status";

export type EngineResult = { ok: true } | { ok: false; failure: Failure };

/** Errors after which reconcile cleared the proxy setting: traffic goes out direct. */
const CLEARED_BY: ReadonlySet<string> = new Set(["token-missing", "socks5-unsupported"]);

export const proxyCleared = (status: Pick<ProxyStatus, "error">): boolean =>
  CLEARED_BY.has(status.error?.failure.code ?? "");

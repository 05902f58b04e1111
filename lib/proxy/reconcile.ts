/**
 * The reconcile: the browser's proxy setting made equal to what is stored, on every wake and
 * every change. One run at a time, and none while a switch or a leave applies and stores its
 * choice (they hold the same lock): a run that read older state can never land after a newer
 * one. Callers that come while one waits share it (it has not read anything yet).
 */
import { Mutex } from "async-mutex";
import type { ProxyStatus } from "../state/status";
import { unusableReason } from "../state/usable";
import { readState } from "../storage/read";
import { noteApply } from "./apply-events";
import type { createFailClosed } from "./fail-closed";
import type { createNoToken } from "./no-token";
import type { createRouteApplier } from "./route-apply";

/** What a switch (and a reconcile) reads, in one call, before it writes the setting. */
export const SWITCH_READS = [
  "tokens",
  "settings",
  "connection",
  "siteRules",
  "gatewayOwners",
] as const;

export interface ReconcileDeps {
  supportsSocksAuth: boolean;
  now: () => number;
  applyToken: ReturnType<typeof createRouteApplier>["applyToken"];
  noToken: ReturnType<typeof createNoToken>;
  failClosed: ReturnType<typeof createFailClosed>;
  tokenApplied: (tokenId: number) => Promise<ProxyStatus>;
}

export function createReconciler(deps: ReconcileDeps) {
  const lock = new Mutex();
  let waiting: Promise<ProxyStatus> | null = null;
  function reconcile(): Promise<ProxyStatus> {
    waiting ??= lock.runExclusive(() => {
      waiting = null;
      return reconcileNow();
    });
    return waiting;
  }

  /** One run; the caller holds the lock. */
  async function reconcileNow(): Promise<ProxyStatus> {
    // One read, as a switch does: on a wake a challenge waits behind every storage call here.
    const known = await readState(SWITCH_READS);
    const { connection, tokens, settings } = known;
    const id = connection.activeTokenId;
    if (id === null) return deps.noToken(connection.off === true, tokens, settings);
    const token = tokens.find((t) => t.id === id);
    let problem = unusableReason(token, deps.supportsSocksAuth, deps.now());
    if (!problem && token) {
      // Applied before anything else: at browser start every millisecond here is a page load
      // that could go out direct.
      try {
        await deps.applyToken(token, tokens, settings, null, known);
      } catch (error) {
        problem = { code: "config-failed", detail: String(error).slice(0, 200) };
      }
    }
    if (problem) {
      noteApply("reconcile", `token #${id}`, "fail closed", problem);
      return deps.failClosed(id, problem, settings);
    }
    noteApply("reconcile", `token #${id}`, "applied");
    return deps.tokenApplied(id);
  }

  return { lock, reconcile, reconcileNow };
}

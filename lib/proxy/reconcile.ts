/**
 * The reconcile: the browser's proxy setting made equal to what is stored, on every wake and
 * every change. One run at a time, and none while a switch or a leave applies and stores its
 * choice (they hold the same lock): a run that read older state can never land after a newer
 * one. Callers that come while one waits share it (it has not read anything yet).
 */
import { Mutex } from "async-mutex";
import type { ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
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
  /** Drops the browser's cached copies of these logins (the tokens as they were). */
  forgetLogins: (tokens: StoredToken[]) => Promise<void>;
}

/**
 * The tokens whose login changed since the last run, as they were: Chrome sends a cached login
 * at the same gateway spelling unasked, whichever door changed it (an edit, a backup, sync).
 */
function loginChanges() {
  let seen = new Map<number, StoredToken>();
  return (tokens: readonly StoredToken[]): StoredToken[] => {
    const changed = tokens.flatMap((t) => {
      const before = seen.get(t.id);
      return before && (before.username !== t.username || before.password !== t.password)
        ? [before]
        : [];
    });
    seen = new Map(tokens.map((t) => [t.id, t]));
    return changed;
  };
}

export function createReconciler(deps: ReconcileDeps) {
  const lock = new Mutex();
  const changedLogins = loginChanges();
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
    const relogins = changedLogins(tokens);
    if (relogins.length > 0) await deps.forgetLogins(relogins);
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

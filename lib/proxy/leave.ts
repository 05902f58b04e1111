/**
 * Leaving a token: the user's Off (everything direct, site rules and lists included),
 * Disconnect (no token; site rules still route their sites) and the toggle between the last
 * token and Off.
 */
import { recordedAs } from "../diagnostics/record";
import type { Connection } from "../state/status";
import { readState } from "../storage/read";
import type { createDeleteMarks } from "./delete-marks";
import type { EngineResult } from "./engine-result";

export interface LeavingDeps {
  /**
   * Runs `store` (the choice) and then the reconcile that applies it, as one step among the
   * engine's switches and reconciles, after any purchase, delete or restore on the wire
   * (engine.ts): a proxy change can cut one on its way through the token, and a token bought
   * and never stored is the user's money lost. No reconcile that another change starts (a
   * purchase stored, say) applies the choice before then. `change` gives the connection to
   * store, or null for none: then nothing is held, stored or applied.
   */
  storeAndApply: (change: (connection: Connection) => Connection | null) => Promise<unknown>;
  checkExitIp: () => Promise<unknown>;
  connect: (tokenId: number) => Promise<EngineResult>;
  /** Tokens a delete is asking about: no switch lands on them meanwhile (connect). */
  deletes: ReturnType<typeof createDeleteMarks>;
}

export function createLeaving(deps: LeavingDeps) {
  /**
   * No token: `off` sends everything direct; otherwise the site rules still route. The reply
   * waits for the direct exit check (the popup shows its answer) unless the caller has its own
   * work to do: a delete of the connected token asks the provider meanwhile.
   */
  async function leave(off: boolean, waitForExitCheck = true): Promise<EngineResult> {
    await deps.storeAndApply((connection) => ({
      ...connection,
      activeTokenId: null,
      lastTokenId: connection.activeTokenId ?? connection.lastTokenId,
      off,
    }));
    // Leaving has worked; the direct exit IP is informational.
    const checked = deps.checkExitIp();
    if (waitForExitCheck) await checked;
    else void checked.catch(recordedAs("leave:exit-check"));
    return { ok: true };
  }
  /** The user's Off: everything direct, site rules and lists included. */
  const off = () => leave(true);
  /** No connected token; site rules (if any) still route their sites, the rest goes direct. */
  const disconnect = (options: { waitForExitCheck?: boolean } = {}) =>
    leave(false, options.waitForExitCheck);

  /**
   * A delete of `ids` is about to ask the provider: no switch lands on them until `release`,
   * and the connected one is left first, in one step with the engine's switches (a switch
   * that lands meanwhile is seen): traffic never goes to a dead proxy, nor the delete's own
   * request through the token it deletes. `left`: the token left, if one was.
   */
  async function leaveForDelete(ids: readonly number[]) {
    const release = deps.deletes.mark(ids);
    try {
      return { left: await disconnectFrom(ids), release };
    } catch (error) {
      release();
      throw error;
    }
  }

  async function disconnectFrom(ids: readonly number[]): Promise<number | null> {
    let left: number | null = null;
    await deps.storeAndApply((connection) => {
      const active = connection.activeTokenId;
      left = active !== null && ids.includes(active) ? active : null;
      return left === null
        ? null
        : { ...connection, activeTokenId: null, lastTokenId: left, off: false };
    });
    // The provider is asked meanwhile; the direct exit IP is informational.
    if (left !== null) void deps.checkExitIp().catch(recordedAs("leave:exit-check"));
    return left;
  }

  async function toggle(): Promise<EngineResult> {
    const { connection, tokens } = await readState(["connection", "tokens"]);
    if (connection.activeTokenId !== null) return off();
    // The last token may have been deleted since, or be on its way out (a delete is asking
    // the provider): the newest stored one that is not, then. All on their way out: the last
    // (its switch waits for the delete's answer, and connects it if the provider refused).
    const staying = tokens.filter((t) => !deps.deletes.marked(t.id));
    const last = (among: typeof tokens) => among.find((t) => t.id === connection.lastTokenId);
    const target = (last(staying) ?? staying[0] ?? last(tokens) ?? tokens[0])?.id;
    if (target === undefined) return { ok: false, failure: { code: "no-tokens" } };
    return deps.connect(target);
  }

  return { off, disconnect, leaveForDelete, toggle };
}

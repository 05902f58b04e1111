/**
 * Leaving a token: the user's Off (everything direct, site rules and lists included),
 * Disconnect (no token; site rules still route their sites) and the toggle between the last
 * token and Off.
 */
import { recordedAs } from "../diagnostics/record";
import { readState } from "../storage/read";
import { updateState } from "../storage/store";
import type { EngineResult } from "./engine-result";

export interface LeavingDeps {
  /**
   * Runs `store` (the choice) and then the reconcile that applies it, as one step among the
   * engine's switches and reconciles, after any purchase, delete or restore on the wire
   * (engine.ts): a proxy change can cut one on its way through the token, and a token bought
   * and never stored is the user's money lost. No reconcile that another change starts (a
   * purchase stored, say) applies the choice before then.
   */
  storeAndApply: (store: () => Promise<void>) => Promise<unknown>;
  checkExitIp: () => Promise<unknown>;
  connect: (tokenId: number) => Promise<EngineResult>;
}

export function createLeaving(deps: LeavingDeps) {
  /**
   * No token: `off` sends everything direct; otherwise the site rules still route. The reply
   * waits for the direct exit check (the popup shows its answer) unless the caller has its own
   * work to do: a delete of the connected token asks the provider meanwhile.
   */
  async function leave(off: boolean, waitForExitCheck = true): Promise<EngineResult> {
    await deps.storeAndApply(() =>
      updateState(["connection"], ({ connection }) => ({
        write: {
          connection: {
            ...connection,
            activeTokenId: null,
            lastTokenId: connection.activeTokenId ?? connection.lastTokenId,
            off,
          },
        },
        result: undefined,
      })),
    );
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

  async function toggle(): Promise<EngineResult> {
    const { connection, tokens } = await readState(["connection", "tokens"]);
    if (connection.activeTokenId !== null) return off();
    // The last token may have been deleted since: fall back to the newest stored one.
    const target = tokens.find((t) => t.id === connection.lastTokenId)?.id ?? tokens[0]?.id;
    if (target === undefined) return { ok: false, failure: { code: "no-tokens" } };
    return deps.connect(target);
  }

  return { off, disconnect, toggle };
}

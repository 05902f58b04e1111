/**
 * The engine's visible status: written through the state store, then shown on the badge.
 * Badge updates are chained and each reads the status as stored by then, so overlapping
 * changes cannot leave an older badge on top.
 */

import type { Failure } from "../base/failure";
import { recordedAs } from "../diagnostics/record";
import { resolveLanguage } from "../i18n";
import type { Connection, ProxyStatus } from "../state/status";
import { read, readState } from "../storage/read";
import { updateState } from "../storage/store";
import { badgeFor } from "./badge";
import { notThroughToken } from "./engine-result";
import type { ProxyPlatform } from "./platform";

/** With no token chosen: Off, or site rules that still route (the badge says which). */
async function withoutToken(connection: Connection): Promise<"off" | "rules" | null> {
  if (connection.activeTokenId !== null) return null;
  if (connection.off) return "off";
  const rules = await read("siteRules");
  return rules.some((rule) => rule.enabled) ? "rules" : null;
}

export function createStatusWriter(
  platform: ProxyPlatform,
  now: () => number,
  badgeChanged?: () => void,
) {
  let badgeQueue: Promise<void> = Promise.resolve();

  function syncBadge(): Promise<void> {
    badgeQueue = badgeQueue
      .then(async () => {
        const { status, tokens, settings, unseenFailure, connection } = await readState([
          "status",
          "tokens",
          "settings",
          "unseenFailure",
          "connection",
        ]);
        const token = tokens.find((t) => t.id === status.tokenId);
        const language = resolveLanguage(settings.language, globalThis.navigator?.language ?? "");
        await platform.setBadge(
          badgeFor(
            status,
            token,
            language,
            unseenFailure,
            { now: Date.now(), days: settings.warnDays },
            await withoutToken(connection),
          ),
        );
        badgeChanged?.();
      })
      .catch(recordedAs("badge")); // a badge that fails to draw must not stop the next one
    return badgeQueue;
  }

  async function setStatus(change: (status: ProxyStatus) => ProxyStatus): Promise<ProxyStatus> {
    const next = await updateState(["status"], ({ status }) => {
      const changed = change(status);
      return { write: { status: changed }, result: changed };
    });
    await syncBadge();
    return next;
  }

  const fail = (tokenId: number | null, failure: Failure) =>
    setStatus((s) => ({ ...s, state: "error", tokenId, error: { failure, at: now() } }));

  /** The status once this token's route is in force. */
  async function tokenApplied(id: number): Promise<ProxyStatus> {
    const controlledByOther = await platform.controlledByOther();
    return setStatus((s) => {
      // Evidence about this token survives a wake: a refused or unreachable proxy stays an
      // error until a request through it works, a working one stays connected. Anything
      // else (another token, a block now lifted) starts over at "checking".
      const same = s.tokenId === id && !notThroughToken(s);
      const state = same && (s.state === "error" || s.state === "connected") ? s.state : "checking";
      return {
        ...s,
        state,
        error: state === "error" ? s.error : null,
        // A check already made for this choice stays, also one labelled direct (a reconcile
        // that follows the apply must not erase the answer the user is waiting for).
        exitIp: s.tokenId === id || s.exitIp?.viaTokenId === id ? s.exitIp : null,
        tokenId: id,
        controlledByOther,
      };
    });
  }

  return { setStatus, fail, syncBadge, tokenApplied };
}

export type StatusWriter = ReturnType<typeof createStatusWriter>;

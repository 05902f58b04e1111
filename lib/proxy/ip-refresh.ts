/** A dynamic token's new IP: asked of the provider, stored, and applied if it is connected. */
import type { ApiClient } from "../api";
import { because } from "../base/failure";
import { failureOf } from "../protocol/api-failure";
import { acceptToken } from "../state/accept-token";
import type { Settings } from "../state/settings";
import { isDynamic } from "../state/token-facts";
import { type StoredToken, withRefreshedAddress } from "../state/tokens";
import { readState } from "../storage/read";
import { updateState } from "../storage/store";
import type { EngineResult } from "./engine-result";

export function createIpRefresh(deps: {
  api: (settings: Settings) => ApiClient;
  /** Called when the refreshed token is the connected one: drop old credentials, re-apply. */
  reapply: (before: StoredToken, after: StoredToken) => Promise<EngineResult>;
}) {
  return async function refreshIp(tokenId: number): Promise<EngineResult> {
    const { settings, tokens } = await readState(["settings", "tokens"]);
    const token = tokens.find((t) => t.id === tokenId);
    if (!token || !isDynamic(token)) return { ok: false, failure: { code: "not-dynamic" } };
    let fresh: Awaited<ReturnType<ApiClient["refreshDynamicIp"]>>;
    try {
      fresh = await deps
        .api(settings)
        .refreshDynamicIp({ id: token.id, refresh_url: token.refreshUrl || undefined });
    } catch (error) {
      return { ok: false, failure: because("refresh-failed", failureOf(error)) };
    }
    // Checked as a created token is: an address no config can carry is not stored over the
    // token's working one.
    if (!acceptToken(withRefreshedAddress(token, fresh)).ok) {
      return { ok: false, failure: because("refresh-failed", { code: "api-schema" }) };
    }
    // Applied to the token as stored by now: the user may have renamed it meanwhile.
    const { refreshed, connected } = await updateState(
      ["tokens", "connection"],
      ({ tokens: all, connection }) => {
        const current = all.find((t) => t.id === tokenId) ?? token;
        const next = withRefreshedAddress(current, fresh);
        return {
          write: { tokens: all.map((t) => (t.id === tokenId ? next : t)) },
          result: { refreshed: next, connected: connection.activeTokenId === tokenId },
        };
      },
    );
    return connected ? deps.reapply(token, refreshed) : { ok: true };
  };
}

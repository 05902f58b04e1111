/**
 * The proxy engine: keeps the browser's proxy setting equal to the stored intent, switches
 * tokens so the next request really exits through the new one, checks the exit IP and turns
 * proxy failures into a status the popup can show. Browser specifics come in through
 * ProxyPlatform; the API through a client factory; all state through the state store.
 */
import type { ApiClient } from "../api";
import type { Failure } from "../protocol/failure";
import { readState } from "../state/read";
import type { Settings } from "../state/settings";
import type { ProxyStatus } from "../state/status";
import { updateState } from "../state/store";
import type { StoredToken } from "../state/tokens";
import { type EngineResult, proxyCleared } from "./engine-result";
import { createStatusWriter } from "./engine-status";
import { createExitCheck } from "./exit-check";
import { createIpRefresh } from "./ip-refresh";
import type { ProxyPlatform } from "./platform";

export type { EngineResult } from "./engine-result";

export interface EngineDeps {
  platform: ProxyPlatform;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
  /**
   * Resolves when no purchase, delete or restore is on the wire. Dropping the gateway's
   * credentials closes its connections, and a create cut after the provider committed it
   * would be a paid token nobody stored.
   */
  mutationsSettled?: () => Promise<void>;
}

export function createEngine(deps: EngineDeps) {
  const { platform } = deps;
  const now = deps.now ?? Date.now;
  const status = createStatusWriter(platform, now);
  const checkExitIp = createExitCheck({ api: deps.api, status, now });
  const forgetCredentials = async (tokens: StoredToken[]) => {
    await deps.mutationsSettled?.();
    await platform.forgetCredentials(tokens);
  };

  /** Make the browser's setting match storage. Runs on every wake and every change. */
  async function reconcile(): Promise<ProxyStatus> {
    const { connection, tokens, settings } = await readState(["connection", "tokens", "settings"]);
    const id = connection.activeTokenId;
    const token = tokens.find((t) => t.id === id);
    if (id === null) {
      await platform.clear();
      const controlledByOther = await platform.controlledByOther();
      return status.setStatus((s) => ({
        ...s,
        state: "direct",
        tokenId: null,
        error: null,
        controlledByOther,
      }));
    }
    if (!token) {
      await platform.clear();
      return status.fail(id, { code: "token-missing" });
    }
    if (token.networkType === "SOCKS5" && !platform.supportsSocksAuth) {
      await platform.clear();
      return status.fail(id, { code: "socks5-unsupported" });
    }
    // Applied before anything else: at browser start every millisecond here is a page load
    // that could go out direct.
    await platform.apply(token, settings);
    const controlledByOther = await platform.controlledByOther();
    return status.setStatus((s) => {
      // A refused-credentials or unreachable error stays until the user acts or a check passes;
      // an error from a cleared proxy does not, since the proxy is applied again now.
      const keepError = s.tokenId === id && s.state === "error" && !proxyCleared(s);
      return {
        ...s,
        state: keepError ? "error" : "connected",
        error: keepError ? s.error : null,
        exitIp: s.exitIp?.viaTokenId === id ? s.exitIp : null,
        tokenId: id,
        controlledByOther,
      };
    });
  }

  async function connect(tokenId: number): Promise<EngineResult> {
    const { tokens } = await readState(["tokens"]);
    const token = tokens.find((t) => t.id === tokenId);
    if (!token) return { ok: false, failure: { code: "token-missing" } };
    if (token.networkType === "SOCKS5" && !platform.supportsSocksAuth) {
      return { ok: false, failure: { code: "socks5-unsupported" } };
    }
    // The new choice is stored before the old credentials are dropped from the network stack,
    // so the challenge that follows is answered with the new token.
    const previousId = await updateState(["connection", "status"], (s) => ({
      write: {
        connection: { activeTokenId: tokenId, lastTokenId: tokenId },
        status: { ...s.status, state: "connected", tokenId, error: null, exitIp: null },
      },
      result: s.connection.activeTokenId,
    }));
    const previous = tokens.find((t) => t.id === previousId);
    await forgetCredentials(previous ? [previous, token] : [token]);
    await reconcile();
    return checkExitIp();
  }

  async function disconnect(): Promise<EngineResult> {
    const previousId = await updateState(["connection"], ({ connection }) => ({
      write: {
        connection: {
          activeTokenId: null,
          lastTokenId: connection.activeTokenId ?? connection.lastTokenId,
        },
      },
      result: connection.activeTokenId,
    }));
    await reconcile();
    const { tokens } = await readState(["tokens"]);
    const token = tokens.find((t) => t.id === previousId);
    if (token) await forgetCredentials([token]);
    // The disconnect itself has worked; the direct exit IP is informational.
    await checkExitIp();
    return { ok: true };
  }

  async function toggle(): Promise<EngineResult> {
    const { connection, tokens } = await readState(["connection", "tokens"]);
    if (connection.activeTokenId !== null) return disconnect();
    // The last token may have been deleted since: fall back to the newest stored one.
    const target = tokens.find((t) => t.id === connection.lastTokenId)?.id ?? tokens[0]?.id;
    if (target === undefined) return { ok: false, failure: { code: "no-tokens" } };
    return connect(target);
  }

  const refreshIp = createIpRefresh({
    api: deps.api,
    async reapply(before: StoredToken, after: StoredToken) {
      await forgetCredentials([before, after]);
      await reconcile();
      return checkExitIp();
    },
  });

  /** From the auth listener or the browser's proxy error event. */
  async function reportProxyProblem(failure: Failure): Promise<void> {
    const { connection } = await readState(["connection"]);
    if (connection.activeTokenId === null) return;
    await status.fail(connection.activeTokenId, failure);
  }

  return { reconcile, connect, disconnect, toggle, checkExitIp, refreshIp, reportProxyProblem };
}

export type Engine = ReturnType<typeof createEngine>;

/**
 * The proxy engine: keeps the browser's proxy setting equal to the stored intent, switches
 * tokens so the next request really exits through the new one, checks the exit IP and turns
 * proxy failures into a status the popup can show. Browser specifics come in through
 * ProxyPlatform; the API through a client factory.
 */
import type { ApiClient } from "../api";
import { isApiError } from "../api";
import {
  type ProxyErrorCode,
  type ProxyStatus,
  readConnection,
  readSettings,
  readStatus,
  readTokens,
  type Settings,
  saveConnection,
  saveStatus,
  updateTokens,
} from "../state/storage";
import { isDynamic, type StoredToken, withRefreshedAddress } from "../state/tokens";
import { badgeFor } from "./badge";
import type { ProxyPlatform } from "./platform";

export interface EngineDeps {
  platform: ProxyPlatform;
  api: (settings: Settings) => ApiClient;
  now?: () => number;
}

export type EngineResult =
  | { ok: true }
  | { ok: false; code: ProxyErrorCode | "api"; message: string };

export const SOCKS5_ON_CHROME =
  "Chrome cannot sign in to SOCKS5 proxies, so this token would fail on every page. Use an HTTP token instead: create one with the same location and choose HTTP.";

/** Errors after which reconcile cleared the proxy setting: traffic goes out direct. */
const PROXY_CLEARED: ReadonlySet<string> = new Set<ProxyErrorCode>([
  "token-missing",
  "socks5-unsupported",
]);

export function createEngine(deps: EngineDeps) {
  const { platform } = deps;
  const now = deps.now ?? Date.now;

  async function setStatus(change: (status: ProxyStatus) => ProxyStatus): Promise<ProxyStatus> {
    const next = change(await readStatus());
    await saveStatus(next);
    const token =
      next.tokenId === null ? undefined : (await readTokens()).find((t) => t.id === next.tokenId);
    await platform.setBadge(badgeFor(next, token));
    return next;
  }

  const fail = (tokenId: number | null, code: ProxyErrorCode, message: string) =>
    setStatus((s) => ({ ...s, state: "error", tokenId, error: { code, message, at: now() } }));

  /** Make the browser's setting match storage. Runs on every wake and every change. */
  async function reconcile(): Promise<ProxyStatus> {
    const [connection, tokens, settings] = await Promise.all([
      readConnection(),
      readTokens(),
      readSettings(),
    ]);
    const id = connection.activeTokenId;
    const token = tokens.find((t) => t.id === id);
    if (id === null) {
      await platform.clear();
      const controlledByOther = await platform.controlledByOther();
      return setStatus((s) => ({
        ...s,
        state: "direct",
        tokenId: null,
        error: null,
        controlledByOther,
      }));
    }
    if (!token) {
      await platform.clear();
      return fail(
        id,
        "token-missing",
        "The connected token is no longer stored. Choose another token.",
      );
    }
    if (token.networkType === "SOCKS5" && !platform.supportsSocksAuth) {
      await platform.clear();
      return fail(id, "socks5-unsupported", SOCKS5_ON_CHROME);
    }
    // Applied before anything else: at browser start every millisecond here is a page load
    // that could go out direct.
    await platform.apply(token, settings);
    const controlledByOther = await platform.controlledByOther();
    return setStatus((s) => {
      // A refused-credentials or unreachable error stays until the user acts or a check passes;
      // an error from a cleared proxy does not, since the proxy is applied again now.
      const keepError =
        s.tokenId === id && s.state === "error" && !PROXY_CLEARED.has(s.error?.code ?? "");
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
    const tokens = await readTokens();
    const token = tokens.find((t) => t.id === tokenId);
    if (!token)
      return { ok: false, code: "token-missing", message: "That token is no longer stored." };
    if (token.networkType === "SOCKS5" && !platform.supportsSocksAuth) {
      return { ok: false, code: "socks5-unsupported", message: SOCKS5_ON_CHROME };
    }
    const { activeTokenId } = await readConnection();
    const previous = tokens.find((t) => t.id === activeTokenId);
    // The new credentials are stored before the old ones are dropped from the network stack,
    // so the challenge that follows is answered with the new token.
    await saveConnection({ activeTokenId: tokenId, lastTokenId: tokenId });
    await saveStatus({
      ...(await readStatus()),
      state: "connected",
      tokenId,
      error: null,
      exitIp: null,
    });
    await platform.forgetCredentials(previous ? [previous, token] : [token]);
    await reconcile();
    return checkExitIp();
  }

  async function disconnect(): Promise<EngineResult> {
    const connection = await readConnection();
    const token = (await readTokens()).find((t) => t.id === connection.activeTokenId);
    await saveConnection({
      activeTokenId: null,
      lastTokenId: connection.activeTokenId ?? connection.lastTokenId,
    });
    await reconcile();
    if (token) await platform.forgetCredentials([token]);
    // The disconnect itself has worked; the direct exit IP is informational.
    await checkExitIp();
    return { ok: true };
  }

  async function toggle(): Promise<EngineResult> {
    const { activeTokenId, lastTokenId } = await readConnection();
    if (activeTokenId !== null) return disconnect();
    const tokens = await readTokens();
    // The last token may have been deleted since: fall back to the newest stored one.
    const target = tokens.find((t) => t.id === lastTokenId)?.id ?? tokens[0]?.id;
    if (target === undefined)
      return { ok: false, code: "token-missing", message: "Create a token first." };
    return connect(target);
  }

  /** Ask the provider which address our traffic leaves from, through whatever proxy is set. */
  async function checkExitIp(): Promise<EngineResult> {
    const settings = await readSettings();
    const { activeTokenId } = await readConnection();
    if (!settings.baseUrl) {
      return {
        ok: false,
        code: "exit-check-failed",
        message: "Set the provider's base URL in Options to check the exit IP.",
      };
    }
    try {
      const info = await deps.api(settings).getIpInfo();
      const exitIp = {
        ip: info.ip,
        country: info.country,
        countryCode: info.country_code,
        city: info.city,
        checkedAt: now(),
        viaTokenId: activeTokenId,
      };
      if (activeTokenId !== null) {
        // A new static IP token comes back with ip "": the exit address is its IP.
        await updateTokens((tokens) => ({
          tokens: tokens.map((t) => (t.id === activeTokenId && !t.ip ? { ...t, ip: info.ip } : t)),
          result: undefined,
        }));
      }
      await setStatus((s) => ({
        ...s,
        exitIp,
        // A passing check proves the proxy works, unless reconcile cleared it (token gone,
        // SOCKS5 without auth): then the check went out direct and the error must stay.
        ...(s.tokenId === activeTokenId &&
        activeTokenId !== null &&
        !PROXY_CLEARED.has(s.error?.code ?? "")
          ? { state: "connected", error: null }
          : {}),
      }));
      return { ok: true };
    } catch (error) {
      const status = await readStatus();
      // The auth listener may already have said why (refused credentials): keep that reason.
      if (status.state === "error" && status.tokenId === activeTokenId && activeTokenId !== null) {
        return {
          ok: false,
          code: status.error?.code ?? "exit-check-failed",
          message: status.error?.message ?? "",
        };
      }
      const message = isApiError(error) ? error.userMessage : "The exit IP check failed.";
      if (activeTokenId !== null) {
        await fail(
          activeTokenId,
          "exit-check-failed",
          `Traffic through this token failed: ${message}`,
        );
      }
      return { ok: false, code: "exit-check-failed", message };
    }
  }

  async function refreshIp(tokenId: number): Promise<EngineResult> {
    const settings = await readSettings();
    const token = (await readTokens()).find((t) => t.id === tokenId);
    if (!token || !isDynamic(token)) {
      return {
        ok: false,
        code: "refresh-failed",
        message: "Only dynamic tokens can get a new IP.",
      };
    }
    let refreshed: StoredToken;
    try {
      const fresh = await deps
        .api(settings)
        .refreshDynamicIp({ id: token.id, refresh_url: token.refreshUrl || undefined });
      refreshed = withRefreshedAddress(token, fresh);
    } catch (error) {
      const message = isApiError(error) ? error.userMessage : "The IP refresh failed.";
      return { ok: false, code: "api", message };
    }
    await updateTokens((tokens) => ({
      tokens: tokens.map((t) => (t.id === tokenId ? refreshed : t)),
      result: undefined,
    }));
    if ((await readConnection()).activeTokenId !== tokenId) return { ok: true };
    await platform.forgetCredentials([token, refreshed]);
    await reconcile();
    return checkExitIp();
  }

  /** From the auth listener or the browser's proxy error event. */
  async function reportProxyProblem(code: ProxyErrorCode, message: string): Promise<void> {
    const { activeTokenId } = await readConnection();
    if (activeTokenId === null) return;
    await fail(activeTokenId, code, message);
  }

  return { reconcile, connect, disconnect, toggle, checkExitIp, refreshIp, reportProxyProblem };
}

export type Engine = ReturnType<typeof createEngine>;

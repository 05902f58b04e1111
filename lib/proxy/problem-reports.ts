/**
 * What the browser says went wrong, weighed as evidence before it becomes the token's status.
 * A refused login (a second challenge for one request) is evidence. A proxy error event is
 * not, alone: Chromium fires one for its own early requests after a restart, while pages go
 * through fine. So the engine checks through the token itself, and blames the token only when
 * its own request fails too.
 */
import type { Failure } from "../base/failure";
import { recordedAs } from "../diagnostics/record";
import type { ProxyStatus } from "../state/status";
import type { StoredToken } from "../state/tokens";
import { readState } from "../storage/read";
import { type EngineResult, notThroughToken } from "./engine-result";
import type { StatusWriter } from "./engine-status";

export function createProblemReports(deps: {
  status: StatusWriter;
  checkExitIp: () => Promise<EngineResult>;
  /** Drops the browser's cached logins of these tokens (and their connections). */
  forgetCredentials: (tokens: StoredToken[]) => Promise<void>;
  /** Refused passwords may be sent again. */
  retryLogins?: () => void;
}) {
  // One verification at a time: forty failing requests ask one question.
  let verifying: Promise<void> | null = null;

  async function verify(tokenId: number, failure: Failure): Promise<void> {
    const result = await deps.checkExitIp();
    if (result.ok) return;
    const { connection, status } = await readState(["connection", "status"]);
    if (connection.activeTokenId !== tokenId || notThroughToken(status)) return;
    // The check blames the token only when its way through failed (exit-check.ts): the
    // provider's own error answer came through it.
    if (status.state !== "error" || status.tokenId !== tokenId) return;
    // A refused login found meanwhile explains the failure better than the browser's event.
    if (status.error?.failure.code === "credentials-refused") return;
    // The browser's reason (which proxy, which error) says more than the check's network error.
    await deps.status.fail(tokenId, failure);
  }

  async function weigh(failure: Failure): Promise<void> {
    const { connection, status } = await readState(["connection", "status"]);
    const id = connection.activeTokenId;
    // Nothing to blame, or traffic is blocked on purpose (every request fails by design).
    if (id === null || notThroughToken(status)) return;
    if (failure.code === "credentials-refused") {
      await deps.status.fail(id, failure);
      return;
    }
    // A refused login explains every later failure through this token (a failed tunnel
    // included): keep saying that.
    if (status.error?.failure.code === "credentials-refused" && status.tokenId === id) return;
    verifying ??= verify(id, failure).finally(() => {
      verifying = null;
    });
    await verifying;
  }

  /**
   * From the auth listener or the browser's proxy error event. A refused login also drops the
   * browser's cached copy of it, which Chromium would otherwise send unasked on every new
   * connection: dropped first, then said.
   */
  async function reportProxyProblem(failure: Failure): Promise<void> {
    if (failure.code !== "credentials-refused") return weigh(failure);
    const { connection, tokens } = await readState(["connection", "tokens"]);
    const token = tokens.find((t) => t.id === connection.activeTokenId);
    await Promise.all([weigh(failure), token ? deps.forgetCredentials([token]) : undefined]);
  }

  /**
   * The proxy answered 407 to our own answer of this token's login. Its cached copies start
   * going at once; the status blames it only when it is the connected token (a site rule's
   * token that was refused is not the connected token's fault). Done when said: dropping the
   * copies waits for purchases on the wire, and one of them may be the very request whose
   * challenge waits for this report (the auth responder cancels it once told), which would
   * hold both until the purchase timed out and then call it unanswered.
   */
  async function reportRefusal(token: StoredToken): Promise<void> {
    void deps.forgetCredentials([token]).catch(recordedAs("refusal:forget"));
    const { connection } = await readState(["connection"]);
    if (connection.activeTokenId === token.id) await weigh({ code: "credentials-refused" });
  }

  /**
   * A request answered with this token's login worked: evidence that it carries traffic. An
   * error shown for it (a refusal since mended, an unreachable proxy back) is over.
   */
  async function loginWorks(token: StoredToken): Promise<void> {
    const stale = (s: ProxyStatus) =>
      s.tokenId === token.id &&
      !notThroughToken(s) &&
      (s.state === "error" || s.state === "checking");
    const { status } = await readState(["status"]);
    if (!stale(status)) return;
    await deps.status.setStatus((s) => (stale(s) ? { ...s, state: "connected", error: null } : s));
  }

  /**
   * The user's "Check": after a refused login, through fresh connections. A tunnel opened
   * before the refusal still carries traffic and would report a token that no longer works
   * as working.
   */
  async function checkNow(): Promise<EngineResult> {
    const { connection, tokens, status } = await readState(["connection", "tokens", "status"]);
    const token = tokens.find((t) => t.id === connection.activeTokenId);
    if (token && status.error?.failure.code === "credentials-refused") {
      // Asking is the user's say-so to send the password once more (it may be mended).
      deps.retryLogins?.();
      await deps.forgetCredentials([token]);
    }
    return deps.checkExitIp();
  }

  return { reportProxyProblem, reportRefusal, loginWorks, checkNow };
}

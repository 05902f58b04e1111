/**
 * What the browser says went wrong, weighed as evidence before it becomes the token's status.
 * A refused login (a second challenge for one request) is evidence. A proxy error event is
 * not, alone: Chromium fires one for its own early requests after a restart, while pages go
 * through fine. So the engine checks through the token itself, and blames the token only when
 * its own request fails too.
 */
import type { Failure } from "../protocol/failure";
import { readState } from "../state/read";
import { type EngineResult, notThroughToken } from "./engine-result";
import type { StatusWriter } from "./engine-status";

export function createProblemReports(deps: {
  status: StatusWriter;
  checkExitIp: () => Promise<EngineResult>;
}) {
  // One verification at a time: forty failing requests ask one question.
  let verifying: Promise<void> | null = null;

  async function verify(tokenId: number, failure: Failure): Promise<void> {
    const result = await deps.checkExitIp();
    if (result.ok) return;
    const { connection, status } = await readState(["connection", "status"]);
    if (connection.activeTokenId !== tokenId || notThroughToken(status)) return;
    // A refused login found meanwhile explains the failure better than the browser's event.
    if (status.error?.failure.code === "credentials-refused") return;
    // The browser's reason (which proxy, which error) says more than the check's network error.
    await deps.status.fail(tokenId, failure);
  }

  async function reportProxyProblem(failure: Failure): Promise<void> {
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

  return { reportProxyProblem };
}

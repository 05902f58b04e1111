/** One sandbox per test file, reset before each test: the setup every sandbox test shares. */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Sandbox, type SandboxInfo, startSandbox } from "./index";
import { control } from "./test-helpers";

export interface SandboxHandle extends SandboxInfo {
  readonly info: SandboxInfo;
  /** `/token/check/ip` on the sandbox: through a proxy it reports the exit address. */
  readonly checkUrl: string;
}

/** Call at the top level of a test file; the handle is filled in once the sandbox is up. */
export function useSandbox(): SandboxHandle {
  // Filled in place by beforeAll: the handle is taken at import time, before the sandbox starts,
  // and its values (ports, credentials) do not change afterwards.
  const handle = {} as SandboxHandle;
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
    const checkUrl = `${sandbox.baseUrl}/token/check/ip`;
    Object.assign(handle, sandbox.info, { info: sandbox.info, checkUrl });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    await control(handle, "POST", "reset");
  });
  return handle;
}

/**
 * One sandbox provider per test file, reset before each test, and API clients pointed at it.
 * Only time (sleep) is injected into the clients, so retries do not really wait; everything
 * else is real HTTP.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type ApiClientConfig, type ApiClientDeps, createApiClient } from "../../../lib/api";
import { type Sandbox, startSandbox } from "../../sandbox/index";
import { recordingSleep } from "./helpers";

export interface DumpedToken {
  id: number;
  kind: string;
  ip: string;
  host: string;
  status: string;
  networkType: string;
}
export interface SandboxState {
  request_count: number;
  tokens: DumpedToken[];
}

/** Call at the top level of a test file; the sandbox is there from beforeAll on. */
export function useSandbox() {
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb?.close();
  });
  beforeEach(async () => {
    await control("POST", "/__sandbox/reset");
  });

  const sandbox = (): Sandbox => {
    if (!sb) throw new Error("the sandbox starts in beforeAll");
    return sb;
  };

  async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${sandbox().baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  /** A client on the sandbox; sleeps are recorded and return at once. */
  function client(config: Partial<ApiClientConfig> = {}, deps: ApiClientDeps = {}) {
    const sleeper = recordingSleep();
    const { baseUrl, accessToken } = sandbox();
    const api = createApiClient(
      { baseUrl, auth: { kind: "bearer", accessToken }, ...config },
      { sleep: sleeper.sleep, ...deps },
    );
    return { api, delays: sleeper.delays };
  }

  return {
    sandbox,
    control,
    client,
    state: () => control<SandboxState>("GET", "/__sandbox/state"),
    addFault: (fault: Record<string, unknown>) => control("POST", "/__sandbox/faults", fault),
    pendingFaults: async () =>
      (await control<{ pending: unknown[] }>("GET", "/__sandbox/faults")).pending,
  };
}

/**
 * Provider calls that change what the user owns (buy, delete, restore, new IP), tracked while
 * they are on the wire. A token switch drops the gateway's credentials, which closes its
 * connections: an API call going through the proxy and cut after the provider committed it
 * would be a token paid for and never stored. The engine waits for these first.
 */
import type { ApiClient } from "../api";

const MUTATIONS = [
  "createStaticIp",
  "createDynamicIp",
  "createStaticTraffic",
  "createDynamicTraffic",
  "deleteToken",
  "deleteTokens",
  "restoreToken",
  "restoreTokens",
  "refreshDynamicIp",
] as const satisfies readonly (keyof ApiClient)[];

export function createMutationTracker() {
  const running = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    const done = () => running.delete(work);
    work.then(done, done);
    return work;
  }

  /** The same client, with its mutating calls tracked. */
  function tracked(client: ApiClient): ApiClient {
    const wrapped: Record<string, unknown> = { ...client };
    for (const name of MUTATIONS) {
      const call = client[name] as (...args: unknown[]) => Promise<unknown>;
      wrapped[name] = (...args: unknown[]) => track(call(...args));
    }
    return wrapped as ApiClient;
  }

  /**
   * Resolves once nothing tracked is running (new calls that start meanwhile included): true
   * when something was.
   */
  async function settled(): Promise<boolean> {
    const waited = running.size > 0;
    while (running.size > 0) await Promise.allSettled([...running]);
    return waited;
  }

  return { tracked, settled };
}

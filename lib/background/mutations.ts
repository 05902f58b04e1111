/**
 * Provider calls that change what the user owns (buy, delete, restore, new IP), tracked while
 * they are on the wire. A token switch drops the gateway's credentials, which closes its
 * connections: an API call going through the proxy and cut after the provider committed it
 * would be a token paid for (or a delete done) and never stored. A switch holds them: it waits
 * for those on the wire, and those asked meanwhile start once it has applied.
 */
import type { ApiClient } from "../api";
import type { MutationsHeld } from "../proxy/route-apply";

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
  /** Holds in force (a switch's apply may hold again inside its own hold). */
  let holds = 0;
  /** Mutations asked while held: started, in order, the moment the last hold ends. */
  const queued: (() => void)[] = [];

  function start<T>(call: () => Promise<T>): Promise<T> {
    let work: Promise<T>;
    try {
      work = call();
    } catch (error) {
      // A call that throws before it returns its promise: its own failure, not the release's.
      work = Promise.reject(error);
    }
    running.add(work);
    const done = () => running.delete(work);
    work.then(done, done);
    return work;
  }

  function track<T>(call: () => Promise<T>): Promise<T> {
    if (holds === 0) return start(call);
    return new Promise<T>((resolve, reject) => {
      queued.push(() => start(call).then(resolve, reject));
    });
  }

  /** The same client, with its mutating calls tracked. */
  function tracked(client: ApiClient): ApiClient {
    const wrapped: Record<string, unknown> = { ...client };
    for (const name of MUTATIONS) {
      const call = client[name] as (...args: unknown[]) => Promise<unknown>;
      wrapped[name] = (...args: unknown[]) => track(() => call(...args));
    }
    return wrapped as ApiClient;
  }

  /**
   * Holds new mutations, waits for those on the wire, runs `work`, then lets the held ones go.
   * `work` must not wait for a mutation (it would wait for its own hold to end).
   * Released synchronously: no hold taken in the same turn finds the wire empty while a
   * released call is about to start.
   */
  const held: MutationsHeld = async (work) => {
    holds++;
    try {
      const waited = running.size > 0;
      while (running.size > 0) await Promise.allSettled([...running]);
      return await work(waited);
    } finally {
      holds--;
      if (holds === 0) for (const go of queued.splice(0)) go();
    }
  };

  return { tracked, held };
}

/**
 * What no catch caught (a promise nobody awaited, an error thrown in a listener) is recorded
 * too: in a worker or a page, the browser tells its global scope. Where there is no such scope
 * (a unit test in Node) nothing is listened to.
 */
import { recordFailure } from "./record";

type Scope = { addEventListener?: (type: string, listener: (event: unknown) => void) => void };

export function recordUncaught(where: string, scope: Scope = globalThis as Scope): void {
  scope.addEventListener?.("unhandledrejection", (event) =>
    recordFailure(`${where}:unhandled`, (event as { reason?: unknown }).reason),
  );
  scope.addEventListener?.("error", (event) =>
    recordFailure(`${where}:uncaught`, (event as { error?: unknown }).error),
  );
}

/**
 * The proxy answers whose outcome is not seen yet (request id → the token answered with), for
 * the auth responder: while any is out, the background listens to requests' outcomes (their
 * response headers, their errors), which costs every page (listener-switch.ts). An outcome the
 * browser never reports (a request that never ends, an event missed while the listener was
 * being attached) is given up after GIVE_UP_MS, so the listening always ends: the request's
 * next challenge still finds it answered (its record stays) and is judged a strike then.
 */
import type { StoredToken } from "../state/tokens";

export const GIVE_UP_MS = 15_000;

export function createAnswersOut(changed: () => void, now: () => number = Date.now) {
  const out = new Map<string, { token: StoredToken; at: number }>();
  let sweep: ReturnType<typeof setTimeout> | undefined;

  function sweepLater(): void {
    if (sweep !== undefined || out.size === 0) return;
    sweep = setTimeout(() => {
      sweep = undefined;
      const before = out.size;
      for (const [requestId, { at }] of out) {
        if (now() - at >= GIVE_UP_MS) out.delete(requestId);
      }
      if (out.size !== before) changed();
      sweepLater();
    }, GIVE_UP_MS);
  }

  return {
    get: (requestId: string) => out.get(requestId)?.token,
    get size() {
      return out.size;
    },
    add(requestId: string, token: StoredToken): void {
      out.set(requestId, { token, at: now() });
      sweepLater();
    },
    delete(requestId: string): void {
      out.delete(requestId);
    },
  };
}

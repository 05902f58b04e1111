/**
 * An alarm at the next expiry among the tokens that carry traffic (the connected one and those
 * the enabled site rules name), so the engine blocks their traffic the moment one stops being
 * valid (fail closed) instead of at the next wake.
 */
import type { StoredToken } from "../state/tokens";

export const EXPIRY_ALARM = "token-expiry";

export async function syncExpiryAlarm(
  alarms: {
    get(name: string): Promise<{ scheduledTime: number } | undefined>;
    clear(name: string): Promise<unknown>;
    create(name: string, info: { when: number }): Promise<void>;
  },
  routed: readonly Pick<StoredToken, "expiresAt">[],
  now: number,
): Promise<void> {
  const upcoming = routed.flatMap((t) =>
    t.expiresAt !== null && t.expiresAt > now ? [t.expiresAt] : [],
  );
  const when = upcoming.length > 0 ? Math.min(...upcoming) : null;
  const existing = await alarms.get(EXPIRY_ALARM);
  if (when === null) {
    if (existing) await alarms.clear(EXPIRY_ALARM);
    return;
  }
  if (existing?.scheduledTime === when) return;
  await alarms.create(EXPIRY_ALARM, { when });
}

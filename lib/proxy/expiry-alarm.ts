/**
 * An alarm at the connected token's expiry, so the engine blocks traffic the moment the token
 * stops being valid (fail closed) instead of at the next wake.
 */
import type { StoredToken } from "../state/tokens";

export const EXPIRY_ALARM = "token-expiry";

export async function syncExpiryAlarm(
  alarms: {
    get(name: string): Promise<{ scheduledTime: number } | undefined>;
    clear(name: string): Promise<unknown>;
    create(name: string, info: { when: number }): Promise<void>;
  },
  active: Pick<StoredToken, "expiresAt"> | undefined,
  now: number,
): Promise<void> {
  const when = active?.expiresAt ?? null;
  const existing = await alarms.get(EXPIRY_ALARM);
  if (when === null || when <= now) {
    if (existing) await alarms.clear(EXPIRY_ALARM);
    return;
  }
  if (existing?.scheduledTime === when) return;
  await alarms.create(EXPIRY_ALARM, { when });
}

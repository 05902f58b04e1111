/** Keeps the auto-refresh alarm in line with settings and the connected token. */
import type { Settings } from "../state/settings";
import { isDynamic } from "../state/token-facts";
import type { StoredToken } from "../state/tokens";

export const AUTO_REFRESH_ALARM = "auto-refresh-ip";

/** Minutes between refreshes, or null when no alarm should exist (pure). */
export function autoRefreshPeriod(
  settings: Settings,
  active: StoredToken | undefined,
): number | null {
  if (!active || !isDynamic(active) || settings.autoRefreshMinutes <= 0) return null;
  // Chrome's alarms fire at most every 30 s.
  return Math.max(0.5, settings.autoRefreshMinutes);
}

/** Re-created at every wake if missing: alarms do not survive a reinstall. */
export async function syncAutoRefreshAlarm(
  alarms: {
    get(name: string): Promise<{ periodInMinutes?: number } | undefined>;
    clear(name: string): Promise<unknown>;
    create(name: string, info: { periodInMinutes: number; delayInMinutes: number }): Promise<void>;
  },
  period: number | null,
): Promise<void> {
  const existing = await alarms.get(AUTO_REFRESH_ALARM);
  if (period === null) {
    if (existing) await alarms.clear(AUTO_REFRESH_ALARM);
    return;
  }
  if (existing?.periodInMinutes === period) return;
  await alarms.create(AUTO_REFRESH_ALARM, { periodInMinutes: period, delayInMinutes: period });
}

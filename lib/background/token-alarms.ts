/**
 * The alarms that follow the tokens in use: the connected token's automatic refresh, and the
 * expiry of every token the connection and the site rules route through.
 */
import { autoRefreshPeriod, syncAutoRefreshAlarm } from "../proxy/auto-refresh";
import { syncExpiryAlarm } from "../proxy/expiry-alarm";
import { tokensOfRules } from "../proxy/route-plan";
import { readState } from "../storage/read";

type Alarms = Parameters<typeof syncAutoRefreshAlarm>[0] & Parameters<typeof syncExpiryAlarm>[0];

export async function syncTokenAlarms(alarms: Alarms): Promise<void> {
  const { settings, connection, tokens, siteRules } = await readState([
    "settings",
    "connection",
    "tokens",
    "siteRules",
  ]);
  const active = tokens.find((t) => t.id === connection.activeTokenId);
  await syncAutoRefreshAlarm(alarms, autoRefreshPeriod(settings, active));
  const routed = tokensOfRules(siteRules, tokens);
  await syncExpiryAlarm(alarms, active ? [active, ...routed] : routed, Date.now());
}

/** A "browser" for sync tests: its own settings, rules and sync record, one shared area. */
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import type { SyncArea } from "../../../lib/sync/area";
import { createSyncEngine, type SyncSlice } from "../../../lib/sync/engine";
import { DEFAULT_SYNC_META, switchedSync } from "../../../lib/sync/meta";

export const rule = (
  id: string,
  text: string,
  route: SiteRule["route"] = { kind: "direct" },
): SiteRule => ({
  id,
  enabled: true,
  source: { type: "pattern", text },
  route,
});

export function browserOn(
  area: SyncArea,
  id: string,
  clock: { now: number },
  rules: SiteRule[] = [],
  settings: Partial<Settings> = {},
) {
  const state: SyncSlice = {
    settings: { ...DEFAULT_SETTINGS, ...settings },
    siteRules: rules,
    sync: switchedSync(DEFAULT_SYNC_META, true, () => id),
  };
  let rulesApplied = 0;
  const engine = createSyncEngine({
    area,
    now: () => clock.now,
    update: async (change) => {
      const { write, result } = change(structuredClone(state));
      Object.assign(state, write ?? {});
      return result;
    },
    rulesChanged: async () => {
      rulesApplied++;
    },
  });
  return {
    state,
    run: engine.run,
    get rulesApplied() {
      return rulesApplied;
    },
    ids: () => state.siteRules.map((r) => r.id),
  };
}

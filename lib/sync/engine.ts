/**
 * A sync run: read the sync area, merge (reconcile.ts) and store the result here in one state
 * write, then store the merged document there when it differs (no write when nothing is new,
 * so a change applied from another browser is not echoed back). The write waits for the rate
 * limits; a failed write is kept as the problem Options shows, and the next run tries again
 * (nothing pending is stored: the next run finds what differs).
 */
import type { SiteRule } from "../routing/rules";
import type { SettingKey, Settings } from "../state/settings";
import type { StoredToken } from "../state/tokens";
import {
  problemOf,
  type RemoteRead,
  readRemote,
  type SyncArea,
  sameText,
  writeRemote,
} from "./area";
import { BROWSER_ID_LENGTH } from "./chunks";
import type { SyncMeta, SyncProblem } from "./meta";
import { nextWriteAllowed } from "./quota";
import { reconcile } from "./reconcile";

export interface SyncSlice {
  settings: Settings;
  siteRules: SiteRule[];
  /** Read for their looks only (looks.ts); absent, no look syncs. */
  tokens?: StoredToken[];
  sync: SyncMeta;
  /** The administrator's policy as copied here (read only: it decides `locked`). */
  managedPolicy?: Record<string, unknown>;
}

export interface SyncEngineDeps {
  area: SyncArea;
  now(): number;
  /** A change of settings, rules and sync record, as one write of the state store. */
  update<R>(change: (slice: SyncSlice) => { write?: Partial<SyncSlice>; result: R }): Promise<R>;
  /** The rules changed here: re-apply routing. */
  rulesChanged(): Promise<void>;
  /**
   * Settings a higher layer (managed policy) sets here, read in the same step: a synced value
   * never replaces them, and this browser never sends them.
   */
  locked?(slice: SyncSlice): ReadonlySet<SettingKey>;
}

export type RunOutcome =
  | { kind: "off" }
  | { kind: "retry"; at: number }
  | { kind: "done"; wrote: boolean }
  | { kind: "failed"; problem: SyncProblem };

/** A manifest without its chunks this long is a writer that stopped: it is written over. */
const INCOMPLETE_WAIT_MS = 10 * 60_000;
const INCOMPLETE_SAY_MS = 2 * 60_000;

const genTime = (gen: string) => Number.parseInt(gen.slice(BROWSER_ID_LENGTH), 36) || 0;

export function createSyncEngine(deps: SyncEngineDeps) {
  const note = (patch: Partial<SyncMeta>) =>
    deps.update(({ sync }) => ({ write: { sync: { ...sync, ...patch } }, result: undefined }));

  async function run(): Promise<RunOutcome> {
    let remote: RemoteRead;
    try {
      remote = await readRemote(deps.area);
    } catch (error) {
      await note({
        problem: { code: "read-failed", at: deps.now(), detail: String(error).slice(0, 300) },
      });
      return { kind: "failed", problem: "read-failed" };
    }
    const now = deps.now();
    if (remote.state === "incomplete" && genTime(remote.gen) > now - INCOMPLETE_WAIT_MS) {
      if (genTime(remote.gen) < now - INCOMPLETE_SAY_MS)
        await note({ problem: { code: "incomplete", at: now } });
      return { kind: "retry", at: now + 30_000 };
    }
    const merged = await deps.update((slice) => {
      if (!slice.sync.enabled) return { result: null };
      const out = reconcile({
        settings: slice.settings,
        rules: slice.siteRules,
        ...(slice.tokens ? { tokens: slice.tokens } : {}),
        meta: slice.sync,
        remote: remote.state === "ok" ? remote.doc : null,
        now,
        locked: deps.locked?.(slice),
      });
      const write: Partial<SyncSlice> = { sync: out.meta };
      if (out.settingsChanged) write.settings = out.settings;
      if (out.rulesChanged) write.siteRules = out.rules;
      if (out.tokensChanged) write.tokens = out.tokens;
      return { write, result: out };
    });
    if (!merged) return { kind: "off" };
    if (merged.rulesChanged) await deps.rulesChanged();
    if (sameText(remote, merged.fitted.text)) {
      await note({ lastSynced: now, problem: null });
      return { kind: "done", wrote: false };
    }
    const allowed = nextWriteAllowed(merged.meta.writes, now);
    if (allowed > now) return { kind: "retry", at: allowed };
    try {
      await writeRemote(deps.area, merged.fitted.text, merged.meta.browserId, now, remote.keys);
    } catch (error) {
      const problem = problemOf(error);
      await note({ problem: { code: problem, at: now, detail: String(error).slice(0, 300) } });
      return { kind: "failed", problem };
    }
    await deps.update(({ sync }) => ({
      write: {
        sync: {
          ...sync,
          lastSynced: now,
          problem: null,
          writes: [...sync.writes.filter((at) => at > now - 3_600_000), now],
        },
      },
      result: undefined,
    }));
    return { kind: "done", wrote: true };
  }

  return { run };
}

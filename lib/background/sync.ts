/**
 * Sync's wiring in the background: a run when sync is turned on, on every wake, after a local
 * change of settings, rules or tokens (their looks) (debounced: the sync area allows few writes a minute), and when
 * the sync area changes (another browser's write, or our own: that run finds nothing to do).
 * Runs never overlap; a run asked for during one follows it. A retry (rate limit, a document
 * still arriving, a failed write) is a timer, with an alarm behind it for a stopped worker.
 */
import type { WxtBrowser } from "wxt/browser";
import { recordedAs } from "../diagnostics/record";
import { decodePolicy } from "../policy/managed";
import { managedSettingKeys } from "../policy/managed-settings";
import { read } from "../storage/read";
import { updateState } from "../storage/store";
import { createSyncEngine } from "../sync/engine";
import { switchedSync } from "../sync/meta";

export const SYNC_ALARM = "sync-retry";
/** A local edit waits this long for the next one: one write for a burst of edits. */
const LOCAL_DEBOUNCE_MS = 1_500;
const REMOTE_DEBOUNCE_MS = 300;
const FAILED_RETRY_MS = 60_000;

export interface SyncDeps {
  rulesChanged(): Promise<void>;
}

/** The settings the administrator's policy sets here: sync neither takes nor sends them. */
const lockedBy = ({ managedPolicy }: { managedPolicy?: Record<string, unknown> }) =>
  new Set(managedSettingKeys(decodePolicy(managedPolicy ?? {}).policy));

export function startSync(browser: WxtBrowser, deps: SyncDeps) {
  const syncArea = browser.storage.sync;
  const engine = createSyncEngine({
    area: {
      get: () => syncArea.get(null),
      set: (values) => syncArea.set(values),
      remove: (keys) => syncArea.remove(keys),
    },
    now: Date.now,
    update: (change) =>
      updateState(["settings", "siteRules", "sync", "managedPolicy", "tokens"], change),
    rulesChanged: deps.rulesChanged,
    locked: lockedBy,
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  function later(ms: number, backstop: boolean) {
    clearTimeout(timer);
    timer = setTimeout(() => void runNow(), Math.max(0, ms));
    if (backstop)
      void browser.alarms.create(SYNC_ALARM, { when: Date.now() + Math.max(ms, 30_000) });
  }

  async function once(): Promise<void> {
    if (!(await read("sync")).enabled) return;
    const outcome = await engine.run();
    if (outcome.kind === "retry") later(outcome.at - Date.now(), true);
    if (outcome.kind === "failed") later(FAILED_RETRY_MS, true);
  }

  function runNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = once()
      .catch(recordedAs("sync:run"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runNow();
        }
      });
    return running;
  }

  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === "sync") later(REMOTE_DEBOUNCE_MS, false);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void runNow();
  });
  void runNow();

  return {
    /** Settings or rules changed here. */
    localChanged: () => later(LOCAL_DEBOUNCE_MS, false),
    async setEnabled(enabled: boolean): Promise<void> {
      await updateState(["sync"], ({ sync }) => ({
        write: { sync: switchedSync(sync, enabled, newBrowserId) },
        result: undefined,
      }));
      if (enabled) {
        await runNow();
        // A run already going when sync was turned on read the old record: run once more.
        await runNow();
      } else await browser.alarms.clear(SYNC_ALARM);
    },
  };
}

/** Six characters of [a-z0-9]: the length chunk names expect (chunks.ts). */
function newBrowserId(): string {
  const digits = crypto.getRandomValues(new Uint32Array(6));
  return Array.from(digits, (n) => (n % 36).toString(36)).join("");
}

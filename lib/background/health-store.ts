/** Where "Check all" keeps its results (storage.local) and its progress (storage.session). */
import type { HealthResults, HealthRun } from "../health/health";
import { updateState, writeState } from "../storage/store";

/**
 * Writes results, then progress; `keep`: the tokens that exist (the others' results go). Two
 * areas are two storage calls that land in either order: the results go first, so whoever
 * sees the progress say "done" finds every result stored.
 */
export async function saveHealth(
  results: HealthResults,
  run: HealthRun,
  keep?: Set<number>,
): Promise<void> {
  // A progress-only save (a wait, the run's end after its last batch) leaves results as they are.
  if (keep || Object.keys(results).length > 0) {
    await updateState(["tokenHealth"], ({ tokenHealth }) => {
      const kept = keep
        ? Object.fromEntries(Object.entries(tokenHealth).filter(([id]) => keep.has(Number(id))))
        : tokenHealth;
      return { write: { tokenHealth: { ...kept, ...results } }, result: undefined };
    });
  }
  await writeState({ healthRun: run });
}

/** A run left "running" by a worker that is gone stopped with it: it says so. */
export async function stopRunOfOtherWorker(worker: string): Promise<void> {
  await updateState(["healthRun"], ({ healthRun }) => ({
    write:
      healthRun?.state === "running" && healthRun.worker !== worker
        ? { healthRun: { ...healthRun, state: "stopped" as const, waitingUntil: null } }
        : {},
    result: undefined,
  }));
}

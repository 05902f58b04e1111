/**
 * A reaction asked for several times in one task runs once, at the end of it: the storage
 * watchers of items written together (one storage event) all ask, and one reconcile answers.
 */
export function coalesced(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      run();
    });
  };
}

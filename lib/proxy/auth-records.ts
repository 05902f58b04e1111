/**
 * What the auth responder must keep across a worker stop (storage.session): the requests it
 * answered (a woken worker's next challenge for one of them is a strike, not a question) and
 * the logins the proxy refused. Kept in memory, read back once per worker life, written behind.
 */
import { read } from "../storage/read";
import { updateState } from "../storage/store";

export function createAuthRecords() {
  const records = {
    /** Request id → when it was answered. */
    answered: {} as Record<string, number>,
    /** Login keys (login-key.ts) the proxy refused. */
    refused: new Set<string>(),
  };

  // Read once per worker life, before the first decision; a failed read is asked again by the
  // next challenge, not kept (it would answer every later one with nothing).
  let loaded: Promise<void> | null = null;
  function load(): Promise<void> {
    loaded ??= Promise.all([read("authAttempts"), read("refusedLogins")]).then(
      ([attempts, logins]) => {
        records.answered = { ...attempts, ...records.answered };
        records.refused = new Set([...logins, ...records.refused]);
      },
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    );
    return loaded;
  }

  // One write at a time; a change made while one is out is written right after it, so a
  // burst of forty answers costs a few writes.
  let writing: Promise<void> | null = null;
  let dirty = false;
  function save(): Promise<void> {
    dirty = true;
    writing ??= (async () => {
      while (dirty) {
        dirty = false;
        const write = {
          authAttempts: records.answered,
          refusedLogins: [...records.refused],
        };
        await updateState(["authAttempts", "refusedLogins"], () => ({ write, result: undefined }));
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  }

  return { records, load, save };
}

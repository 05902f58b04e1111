/**
 * Whether the auth responder wants to hear the outcomes of requests (their response headers,
 * their errors): only while an answer is out or a login is in doubt. The glue listens to them
 * only then, since hearing every request costs every page (listener-switch.ts). Told on each
 * change, never twice in a row.
 */
export function createOutcomesWanted(wantedNow: () => boolean) {
  let wanted = false;
  let tell: (wanted: boolean) => void = () => undefined;

  /** Something the answer depends on changed: tells the glue if the answer did. */
  function update(): void {
    const next = wantedNow();
    if (next === wanted) return;
    wanted = next;
    tell(next);
  }

  /** The glue's listener follows this (set once, at registration); told the current answer. */
  function follow(listener: (wanted: boolean) => void): void {
    tell = listener;
    listener(wanted);
  }

  return { update, follow };
}

/**
 * Tokens a delete is asking the provider about. A switch does not land on one until the
 * delete has its answer: the delete's own request would go out through the very token it
 * deletes, the provider's gateway refuses a deleted token's login, and the answer (and every
 * repeat) met the proxy's question instead (seen: 4 of 6 runs of 50 overlapping commands left
 * a deleted token listed once deletes waited for a switch's apply).
 */
export function createDeleteMarks() {
  const marks = new Map<number, Promise<void>>();

  /** Marks `ids`; the returned function ends the mark (every delete ends its own). */
  function mark(ids: readonly number[]): () => void {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const id of ids) marks.set(id, answered);
    return () => {
      for (const id of ids) if (marks.get(id) === answered) marks.delete(id);
      release();
    };
  }

  const marked = (id: number) => marks.has(id);

  /** Resolves once no delete of this token is out. */
  async function settled(id: number): Promise<void> {
    for (let mark = marks.get(id); mark; mark = marks.get(id)) await mark;
  }

  return { mark, marked, settled };
}

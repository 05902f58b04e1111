/**
 * Many substring tests at once (pure): AutoProxy keywords, of which a gfwlist-style list holds
 * a thousand or more. Trying each on every URL costs tens of µs; instead each keyword is filed
 * under one of its 4-character pieces, and one slide over the URL names the few keywords whose
 * piece occurs in it. Those are then confirmed one by one, in rule order, like any test.
 */

const WIDTH = 4;
const MASK = (1 << (7 * WIDTH)) - 1;

/** Calls `visit` with each piece of `text` (ASCII only: 7 bits a character, so exact numbers). */
function forEachPiece(text: string, visit: (piece: number) => void): void {
  let key = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) {
      run = 0;
      continue;
    }
    key = ((key << 7) | code) & MASK;
    if (++run >= WIDTH) visit(key);
  }
}

function pieces(text: string): number[] {
  const out: number[] = [];
  forEachPiece(text, (piece) => out.push(piece));
  return out;
}

export class SubstringIndex {
  private readonly byPiece = new Map<number, number[]>();

  /** Files each `[id, text]` under its rarest piece; returns the ids too short to file. */
  constructor(entries: readonly [number, string][], unfiled: number[]) {
    const counts = new Map<number, number>();
    const all = entries.map(([id, text]) => {
      const own = [...new Set(pieces(text))];
      for (const piece of own) counts.set(piece, (counts.get(piece) ?? 0) + 1);
      return [id, own] as const;
    });
    for (const [id, own] of all) {
      let best: number | undefined;
      for (const piece of own) {
        if (best === undefined || (counts.get(piece) ?? 0) < (counts.get(best) ?? 0)) best = piece;
      }
      if (best === undefined) {
        unfiled.push(id);
        continue;
      }
      const ids = this.byPiece.get(best);
      if (ids) ids.push(id);
      else this.byPiece.set(best, [id]);
    }
  }

  get size(): number {
    return this.byPiece.size;
  }

  /** Calls `found` with the id of every filed text whose piece occurs in `text`. */
  candidates(text: string, found: (id: number) => void): void {
    forEachPiece(text, (piece) => {
      const ids = this.byPiece.get(piece);
      if (ids) for (const id of ids) found(id);
    });
  }
}

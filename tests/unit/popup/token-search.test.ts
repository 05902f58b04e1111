/**
 * The popup's search over one list: the order shown (expired last), and its last answer reused
 * for a keystroke that narrows the search, which must never change what a keystroke finds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_FILTER, type TokenFilter, TokenSearch } from "../../../lib/popup/filter";
import { TOKEN_KINDS } from "../../../lib/state/token-facts";
import { makeToken } from "../stored-token";

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const ids = (list: { id: number }[]) => list.map((t) => t.id);

describe("TokenSearch", () => {
  it("shows the unexpired tokens first, each group in the stored order, and moves with the clock", () => {
    const tokens = [
      makeToken({ id: 1, expiresAt: NOW - DAY }),
      makeToken({ id: 2, expiresAt: null }),
      makeToken({ id: 3, expiresAt: NOW + DAY }),
      makeToken({ id: 4, expiresAt: NOW - 2 * DAY }),
    ];
    const search = new TokenSearch(tokens);
    expect(ids(search.find(NO_FILTER, NOW))).toEqual([2, 3, 1, 4]);
    expect(ids(search.find({ ...NO_FILTER, text: "user" }, NOW))).toEqual([2, 3, 1, 4]);
    // A day later token 3 has expired too; the search typed before still answers in order.
    expect(ids(search.find({ ...NO_FILTER, text: "user" }, NOW + 2 * DAY))).toEqual([2, 1, 3, 4]);
  });

  it("narrowing and widening again: each answer is the whole list's", () => {
    const tokens = [
      makeToken({ id: 1, city: "Berlin", country: "Germany" }),
      makeToken({ id: 2, city: "Bern", country: "Switzerland" }),
      makeToken({ id: 3, city: "Tokyo", country: "Japan", kind: "dynamic-ip" }),
    ];
    const search = new TokenSearch(tokens);
    const find = (filter: Partial<TokenFilter>) =>
      ids(search.find({ ...NO_FILTER, ...filter }, NOW));
    expect(find({ text: "ber" })).toEqual([1, 2]);
    expect(find({ text: "berl" })).toEqual([1]);
    expect(find({ text: "ber" })).toEqual([1, 2]);
    expect(find({ text: "ber", country: "Switzerland" })).toEqual([2]);
    expect(find({ text: "ber" })).toEqual([1, 2]);
    expect(find({ text: "" })).toEqual([1, 2, 3]);
    expect(find({ kind: "dynamic-ip" })).toEqual([3]);
    expect(find({ kind: "static-ip", text: "tokyo" })).toEqual([]);
    // "bern" does not contain "berl": the answer before it is no guide.
    expect(find({ text: "bern" })).toEqual([2]);
  });

  // Words and fields from a few letters, so one word is often part of another (a narrowing)
  // and often not.
  const word = fc.stringMatching(/^[ab1]{1,3}$/);
  const token = fc.record({
    city: word,
    name: word,
    kind: fc.constantFrom(...TOKEN_KINDS),
    country: fc.constantFrom("Aland", "Bhutan", ""),
    expiresAt: fc.constantFrom(null, NOW - DAY, NOW + DAY),
  });
  const filter = fc.record({
    kind: fc.constantFrom("all" as const, ...TOKEN_KINDS),
    country: fc.constantFrom("all", "Aland", "Bhutan", ""),
    text: fc.array(word, { maxLength: 3 }).map((words) => words.join(" ")),
  });

  it("any run of keystrokes finds what a fresh search of the whole list finds", () => {
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 12 }),
        fc.array(fc.tuple(filter, fc.constantFrom(NOW, NOW + 2 * DAY)), { maxLength: 12 }),
        (fields, steps) => {
          const tokens = fields.map((f, i) => makeToken({ id: i + 1, ...f }));
          const search = new TokenSearch(tokens);
          for (const [f, now] of steps) {
            expect(ids(search.find(f, now))).toEqual(ids(new TokenSearch(tokens).find(f, now)));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * A rule's `/regex/` made safe to run on every request, or refused. JavaScript's regexes
 * backtrack with no bound, and a rule's runs in Chrome's PAC script (in the network service) and
 * in Firefox's request listener, so one line of a list kept by URL such as `/^(.+)+!$/` froze
 * all browsing: 0.3 s on `https://www.wikipedia.org/`, twice that with every character more.
 *
 * The catastrophic form is a repetition inside a repetition: the text can be split between the
 * two in exponentially many ways, each tried on a miss. One such form is common in AutoProxy
 * lists and has an equal safe spelling, so it is rewritten: a group `(X+y)*` whose last element
 * y is one character that X also matches (`([^\/]+\.)*` before `google\.`: every split of a host
 * at its dots) matches exactly what `(X+y)?` matches, one segment taking all the others; `+`
 * over it is the group once. A repetition ended by a character it cannot hold
 * (`([a-z]+\.)+`) splits one way only, and stays. Any other repetition inside a repetition, or
 * a repeated choice (`(a|ab)*`), is refused, whatever door the rule came through (pattern.ts).
 */
import { type AST, RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";

type Verdict = { ok: true; source: string } | { ok: false };

const repeats = (q: AST.Quantifier) => q.max > 1;

/** The safe spelling of `source`, or refused; null when it does not parse. */
export function safeRegexSource(source: string, flags: string): Verdict | null {
  const parsed = parse(source, flags);
  if (!parsed) return null;
  const rewritten = rewriteSplits(source, parsed, flags);
  const tree = rewritten === source ? parsed : parse(rewritten, flags);
  if (!tree || !linear(tree, flags)) return { ok: false };
  return { ok: true, source: rewritten };
}

function parse(source: string, flags: string): AST.Pattern | null {
  try {
    return new RegExpParser().parsePattern(source, 0, source.length, {
      unicode: flags.includes("u"),
    });
  } catch {
    // Not a pattern the parser reads (RegExp refuses it too): the caller says "bad regex".
    return null;
  }
}

/** `(X+y)*` → `(X+y)?` and `(X+y)+` → `(X+y)` where y is one character X matches. */
function rewriteSplits(source: string, tree: AST.Pattern, flags: string): string {
  const edits: { from: number; to: number; text: string }[] = [];
  visitRegExpAST(tree, {
    onQuantifierEnter(q) {
      if (!repeats(q) || !isSplit(q.element, flags)) return;
      const lazy = q.greedy ? "" : "?";
      edits.push({ from: q.element.end, to: q.end, text: q.min === 0 ? `?${lazy}` : "" });
    },
  });
  let out = source;
  for (const edit of edits.sort((a, b) => b.from - a.from)) {
    out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
  }
  return out;
}

/**
 * A group of one alternative `X+y`: X (one character, class or set) repeated without bound,
 * then y, one character. Null when the group is not of that shape; else X's repetition, and
 * whether X matches y.
 */
function segmentShape(
  element: AST.QuantifiableElement,
  flags: string,
): { repeated: AST.Quantifier; takesLast: boolean } | null {
  if (element.type !== "Group" && element.type !== "CapturingGroup") return null;
  const [only, ...others] = element.alternatives;
  if (!only || others.length > 0 || only.elements.length !== 2) return null;
  const [repeated, last] = only.elements;
  if (repeated?.type !== "Quantifier" || repeated.max !== Infinity) return null;
  if (last?.type !== "Character") return null;
  const inner = repeated.element;
  if (
    inner.type !== "CharacterClass" &&
    inner.type !== "CharacterSet" &&
    inner.type !== "Character"
  )
    return null;
  try {
    const takesLast = new RegExp(`^(?:${inner.raw})$`, flags).test(
      String.fromCodePoint(last.value),
    );
    return { repeated, takesLast };
  } catch {
    // A class that does not compile alone (it always should): no known shape, refused below.
    return null;
  }
}

/** `(X+y)` with y among X's characters: one segment can take every split (rewritten). */
function isSplit(element: AST.QuantifiableElement, flags: string): boolean {
  const shape = segmentShape(element, flags);
  return shape?.takesLast === true && shape.repeated.min >= 1;
}

/** `(X*y)` with y not among X's characters: y ends each repetition, one way only (linear). */
const isDelimited = (element: AST.QuantifiableElement, flags: string): boolean =>
  segmentShape(element, flags)?.takesLast === false;

/** No repetition holds another repetition (but a delimited one) or a choice. */
function linear(tree: AST.Pattern, flags: string): boolean {
  let safe = true;
  visitRegExpAST(tree, {
    onQuantifierEnter(q) {
      if (!repeats(q) || isDelimited(q.element, flags)) return;
      visitRegExpAST(q.element, {
        onQuantifierEnter(inner) {
          if (repeats(inner)) safe = false;
        },
        onAlternativeEnter(alternative) {
          const parent = alternative.parent;
          if ("alternatives" in parent && parent.alternatives.length > 1) safe = false;
        },
      });
    },
  });
  return safe;
}

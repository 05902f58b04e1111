/**
 * The words for each line of an imported rule list (pure): what became of it and, for a line
 * that was imported, what it matches as the router reads it, so the user sees each line's
 * meaning before adding the list.
 */
import type { RulesKey, RulesT } from "../i18n/rules-strings";
import type { ListLine, ListLineVerdict } from "../routing/rule-list";
import { listProblemSentence } from "./rules-editor";

function meaningKey({ pattern }: ListLine): RulesKey {
  switch (pattern.kind) {
    case "keyword":
      // omega-pac reads a keyword with `*` as a URL wildcard, one without as plain text.
      return pattern.text.includes("*")
        ? "rules.import.meaning.keyword-wildcard"
        : "rules.import.meaning.keyword";
    case "url-start":
      return pattern.end ? "rules.import.meaning.url-exact" : "rules.import.meaning.url-start";
    default:
      return `rules.import.meaning.${pattern.kind}`;
  }
}

/** A line in words: what it matches ("Line 3: the host and its subdomains"), or why not. */
export function lineVerdictText(verdict: ListLineVerdict, t: RulesT): string {
  const line = verdict.number;
  if (verdict.outcome === "rejected") {
    return t("rules.import.rejectedLine", {
      line,
      reason: listProblemSentence(verdict.problem, t),
    });
  }
  if (verdict.header) return t("rules.import.lineHeader", { line });
  if (!verdict.meaning) return t("rules.import.lineComment", { line });
  const meaning = t(meaningKey(verdict.meaning));
  const key = verdict.meaning.exception ? "rules.import.lineException" : "rules.import.lineRule";
  return t(key, { line, meaning });
}

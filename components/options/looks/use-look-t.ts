import { useContext, useMemo } from "preact/hooks";
import { lookTranslate } from "@/lib/i18n/look-strings";
import { refusalSentence } from "@/lib/i18n/refusal-strings";
import type { EditOutcome } from "@/lib/protocol/commands";
import { LanguageContext, useT } from "../shared";

/** The looks' words in the page's language. */
export function useLookT() {
  const language = useContext(LanguageContext);
  return useMemo(() => lookTranslate(language), [language]);
}

/** Why an edit was not stored, as a sentence (null: it was). */
export function useEditProblem(): (outcome: EditOutcome) => string | null {
  const t = useLookT();
  const options = useT();
  const language = useContext(LanguageContext);
  return (outcome) => {
    const { refusal, problem } = outcome;
    if (refusal) return refusalSentence(language)(refusal.code, refusal.detail);
    if (problem === "missing" || problem === "not-editable" || problem === "duplicate")
      return t("looks.problem", { reason: t(`looks.problem.${problem}`) });
    if (problem) return t("looks.problem", { reason: options(`add.problem.${problem}`) });
    return null;
  };
}

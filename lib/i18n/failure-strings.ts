/**
 * Every failure code as a sentence that says what to do, in English (other languages: lib/i18n/locales).
 * Shared by the options page and the badge title (the popup loads one language's pack).
 */
import { describeWith, type FailureLike } from "./failure-strings-describe";
import { en } from "./failure-strings-en";
import { defineStrings, type Language } from "./index";

export const failuresTable = { name: "failures", en };

const translate = defineStrings(failuresTable.name, en);

export function describeFailure(failure: FailureLike, language: Language): string {
  return describeWith(en, translate(language), failure);
}

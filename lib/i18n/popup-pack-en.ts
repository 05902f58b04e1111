/** The popup's English pack (see popup-language.ts). */

import { describeWith } from "./failure-strings-describe";
import { en as failures } from "./failure-strings-en";
import { defineStrings } from "./index";
import type { PopupLanguage } from "./popup-language";
import { en } from "./popup-strings-en";

const failure = defineStrings(failures, {})("en");

export const popupLanguage: PopupLanguage = {
  language: "en",
  t: defineStrings(en, {})("en"),
  explain: (f) => describeWith(failures, failure, f),
};

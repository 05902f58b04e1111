/** The popup's Simplified Chinese pack (see popup-language.ts); every key has a translation. */
import { describeWith } from "./failure-strings-describe";
import { zh as failures } from "./failure-strings-zh";
import { defineStrings } from "./index";
import type { PopupLanguage } from "./popup-language";
import { zh } from "./popup-strings-zh";

const failure = defineStrings(failures, {})("zh_CN");

export const popupLanguage: PopupLanguage = {
  language: "zh_CN",
  t: defineStrings(zh, {})("zh_CN"),
  explain: (f) => describeWith(failures, failure, f),
};

/** The popup's strings: English, and Simplified Chinese for every key. */
import { defineStrings } from "./index";
import { en } from "./popup-strings-en";
import { zh } from "./popup-strings-zh";

export type PopupStringKey = keyof typeof en;
export const popupStrings = defineStrings(en, zh);
export type PopupT = ReturnType<typeof popupStrings>;

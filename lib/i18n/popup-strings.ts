/** The popup's strings: English here, other languages from their catalogs. */
import { defineStrings } from "./index";
import { en, popupTable } from "./popup-strings-en";
import { statusWords } from "./status-words";

export type PopupStringKey = keyof typeof en;
export const popupStrings = defineStrings([popupTable.name, statusWords.name], en);
export type PopupT = ReturnType<typeof popupStrings>;

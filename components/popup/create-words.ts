import { createStrings } from "../../lib/i18n/create-strings";
import { viewWords } from "./view-words";

/** The create form's words (its chunk's own) and the popup's. */
export const useCreateT = viewWords(createStrings);

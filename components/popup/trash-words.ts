import { trashStrings } from "../../lib/i18n/trash-strings";
import { viewWords } from "./view-words";

/** The Trash's words (its chunk's own) and the popup's. */
export const useTrashT = viewWords(trashStrings);

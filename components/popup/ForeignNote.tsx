import { alertStrings } from "../../lib/i18n/alert-strings";
import { viewWords } from "./view-words";

/** Rarely shown: its words come with its chunk (off the popup's first path). */
const useAlertT = viewWords(alertStrings);

/** Another extension controls the browser's proxy setting: ours cannot take effect. */
export function ForeignNote() {
  const t = useAlertT();
  return <p class="warn">{t("controlledByOther")}</p>;
}

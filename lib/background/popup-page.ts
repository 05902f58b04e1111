/**
 * The toolbar opens the popup page of the user's language: each page names its own strings
 * table, so the strings load beside the page's modules instead of after its first script.
 */
import { type Language, resolveLanguage } from "../i18n";
import type { Settings } from "../state/settings";

export const popupPageOf = (language: Language) =>
  language === "en" ? "popup.html" : `popup-${language}.html`;

/** Points the toolbar button at the page of the language these settings resolve to. */
export async function syncPopupPage(
  action: { setPopup(details: { popup: string }): Promise<void> },
  settings: Pick<Settings, "language">,
  browserLanguage: string,
): Promise<void> {
  await action.setPopup({
    popup: popupPageOf(resolveLanguage(settings.language, browserLanguage)),
  });
}

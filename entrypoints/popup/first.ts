/**
 * Imported first by main.tsx: ES modules run in import order, so the first screen's reads start
 * before the rest of the popup's module (Preact, the views) has even been evaluated.
 */
import { isLanguage } from "../../lib/base/languages";
import { activeTabOf } from "../../lib/popup/active-tab";
import { extension } from "../../lib/popup/extension";
import { startFirstReads } from "../../lib/popup/first-reads";
import { askEarly } from "../../lib/popup/site-question";
import { backgroundClient } from "../../lib/protocol/send";

const api = extension();

// The page's language is written on it at build ("pt-BR" on popup-pt_BR.html).
const pageLanguage = document.documentElement.lang.replace("-", "_");
export const first = startFirstReads(
  api,
  isLanguage(pageLanguage) ? pageLanguage : "en",
  navigator.language,
);

/** The page's one client of the background (Popup.tsx words its failures). */
export const background = backgroundClient(api.runtime);

// "Which route does this tab's site take?" goes to the background beside the first read.
askEarly(activeTabOf(api), background);
// Its line's code too: both are in by the time the first rows are out. The page's diagnostics
// come with it (later.ts).
export const later = import("./later").then((chunk) => {
  chunk.startLater(background);
  return chunk;
});

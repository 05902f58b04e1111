/**
 * Built into popup-early.js (scripts/popup-first-files.ts), an async classic script in
 * popup.html: starts the first screen's storage read and the user's language files at once,
 * while the page's modules are still arriving. No framework wrapper: it is on the first path.
 */
import { type Language, resolveLanguage } from "../i18n";
import { loadFailures, loadPack } from "../i18n/popup-pack";
import { earlyStart, FIRST_KEYS } from "./early";
import { extension } from "./extension";

const api = extension();
earlyStart.popupStorageChanged = false;
earlyStart.popupStorage = api.storage.local.get(FIRST_KEYS);
// The page's language: the background opens the page of the user's language, which names its
// strings table. When the stored choice says otherwise (changed a moment ago), that one wins.
const pageLanguage: Language = document.documentElement.lang === "zh-CN" ? "zh_CN" : "en";
const pagePack = loadPack(pageLanguage);
const pageFailures = loadFailures(pageLanguage);
pagePack.catch(() => undefined);
pageFailures.catch(() => undefined);
const chosenLanguage = earlyStart.popupStorage.then((stored): Language => {
  const chosen = (stored.settings as { language?: unknown } | undefined)?.language;
  return chosen === "en" || chosen === "zh_CN"
    ? chosen
    : resolveLanguage("auto", navigator.language);
});
earlyStart.popupPack = chosenLanguage.then((language) =>
  language === pageLanguage ? pagePack : loadPack(language),
);
earlyStart.popupFailures = chosenLanguage.then((language) =>
  language === pageLanguage ? pageFailures : loadFailures(language),
);
// A change after this read and before the page's own watchers start would be lost: note it.
api.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && FIRST_KEYS.some((key) => key in changes)) {
    earlyStart.popupStorageChanged = true;
  }
});

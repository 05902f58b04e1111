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
// The browser's language now; the user's own choice, when the read brings one, wins.
const browserLanguage = resolveLanguage("auto", navigator.language);
const browserPack = loadPack(browserLanguage);
const browserFailures = loadFailures(browserLanguage);
browserPack.catch(() => undefined);
browserFailures.catch(() => undefined);
const chosenLanguage = earlyStart.popupStorage.then((stored): Language => {
  const chosen = (stored.settings as { language?: unknown } | undefined)?.language;
  return chosen === "en" || chosen === "zh_CN" ? chosen : browserLanguage;
});
earlyStart.popupPack = chosenLanguage.then((language) =>
  language === browserLanguage ? browserPack : loadPack(language),
);
earlyStart.popupFailures = chosenLanguage.then((language) =>
  language === browserLanguage ? browserFailures : loadFailures(language),
);
// A change after this read and before the page's own watchers start would be lost: note it.
api.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && FIRST_KEYS.some((key) => key in changes)) {
    earlyStart.popupStorageChanged = true;
  }
});

// Starts the popup's work while its modules are still loading (module scripts run only after
// they all arrive): the one storage read of what the first screen shows, and the user's
// language pack (a fixed chunk name, see wxt.config.ts), both at once. A classic script
// because MV3 forbids inline ones; entrypoints/popup/main.tsx takes both results.
const popupApi = globalThis.browser ?? globalThis.chrome;
const popupKeys = ["popupSummary", "connection", "proxyStatus", "settings", "unseenFailure"];
globalThis.popupStorage = popupApi.storage.local.get(popupKeys);

// Literal paths only: a computed import() is what Firefox's add-on review refuses. The pack's
// own import is started beside it instead of after it.
const loadPack = (language) => {
  if (language === "zh_CN") {
    import("./chunks/failure-strings-zh.js").catch(() => undefined);
    return import("./chunks/popup-pack-zh.js");
  }
  import("./chunks/failure-strings-en.js").catch(() => undefined);
  return import("./chunks/popup-pack-en.js");
};
// The browser's language now; the user's own choice, when the read brings one, wins.
const browserLanguage = navigator.language.toLowerCase().startsWith("zh") ? "zh_CN" : "en";
const browserPack = loadPack(browserLanguage);
browserPack.catch(() => undefined);
globalThis.popupPack = globalThis.popupStorage.then((stored) => {
  const chosen = stored.settings?.language;
  const language = chosen === "en" || chosen === "zh_CN" ? chosen : browserLanguage;
  return language === browserLanguage ? browserPack : loadPack(language);
});

// A change after this read and before the page's own watchers start would be lost: note it,
// and the page reads again.
globalThis.popupStorageChanged = false;
popupApi.storage.onChanged.addListener(function noteChange(changes, area) {
  if (area === "local" && popupKeys.some((key) => key in changes)) {
    globalThis.popupStorageChanged = true;
  }
});

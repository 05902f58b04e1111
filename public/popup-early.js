// Starts the popup's one storage read while its modules are still loading: with 1,000 tokens
// the read takes tens of milliseconds, and module scripts run only after they all arrive.
// A classic script because MV3 forbids inline ones; entrypoints/popup/main.tsx takes the result.
const popupApi = globalThis.browser ?? globalThis.chrome;
const popupKeys = ["tokens", "trash", "connection", "proxyStatus", "settings", "unseenFailure"];
globalThis.popupStorage = popupApi.storage.local.get(popupKeys);
// A change after this read and before the page's own watchers start would be lost: note it,
// and the page reads again.
globalThis.popupStorageChanged = false;
popupApi.storage.onChanged.addListener(function noteChange(changes, area) {
  if (area === "local" && popupKeys.some((key) => key in changes)) {
    globalThis.popupStorageChanged = true;
  }
});

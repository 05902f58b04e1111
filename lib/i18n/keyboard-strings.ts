/**
 * The popup's "Keyboard shortcuts": its words come with its own chunk (off the first path). The
 * command descriptions mirror public/_locales (the manifest's), in the popup's own language.
 */
export const keyboardStrings = {
  name: "keyboard",
  en: {
    "keys.title": "Keyboard shortcuts",
    "keys.unset": "no key",
    "keys.reading": "Reading the keys…",
    "keys.whereChrome":
      "Set or change a key at chrome://extensions/shortcuts. Chrome leaves a key unset when another command already uses it.",
    "keys.whereFirefox":
      "Set or change a key in about:addons: the gear menu, then Manage Extension Shortcuts.",
    "keys.open": "Change keys",
    commandOff: "Turn the proxy off: everything goes direct",
    commandLastToken: "Connect the last token, or turn the proxy off",
    commandNextToken: "Switch to the next of your recent tokens",
    commandPreviousToken: "Switch to the previous of your recent tokens",
    commandSiteViaToken: "Send this site through the connected token",
    commandSiteDirect: "Send this site direct",
    "keys.openPopup": "Open this popup",
  },
};

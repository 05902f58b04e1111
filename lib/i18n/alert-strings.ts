/** The popup's rare alerts (traffic blocked, a failure nobody watched, another extension in control): their chunk's own words. */
export const alertStrings = {
  name: "alert",
  en: {
    controlledByOther:
      "Another extension controls the browser's proxy setting: Proxy Deck cannot take effect until it is disabled.",
    blockedTitle: "Traffic is blocked: nothing leaves until you choose.",
    goDirect: "Turn off (every site direct)",
    chooseToken: "Choose another token",
    unseenAutoRefresh: "The automatic IP refresh failed while you were away.",
    unseenToggle: "The keyboard shortcut could not switch the proxy.",
    unseenCreate: "Buying tokens failed while the popup was closed.",
  },
};

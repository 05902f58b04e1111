/** The popup's WebRTC offer: its chunk's own words (off the popup's first path). */
export const webrtcOfferStrings = {
  name: "webrtcOffer",
  en: {
    webrtcOff:
      "WebRTC protection is off: a page can still learn your real address through WebRTC while you use the proxy.",
    webrtcProtect: "Turn WebRTC protection on",
    webrtcDismiss: "Not now",
    webrtcDismissLabel:
      "Do not offer WebRTC protection here again; it stays in Options under WebRTC leak protection",
    "webrtc.denied": "The browser's permission was not given, so nothing changed.",
    "webrtc.unavailable": "This browser does not offer the WebRTC setting.",
    "webrtc.controlled-by-other":
      "Another extension controls the WebRTC setting; disable it first.",
    "webrtc.failed": "The browser refused the change. Try again from Options.",
  },
};

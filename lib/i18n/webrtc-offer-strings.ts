/**
 * The popup's WebRTC offer (a view loaded after the first rows): its chunk's own words, so the
 * popup page does not carry them before its first rows (20 kB budget).
 */
export const webrtcOfferStrings = {
  en: {
    webrtcOff:
      "WebRTC protection is off: a page can still learn your real address through WebRTC while you use the proxy.",
    webrtcProtect: "Turn WebRTC protection on",
    "webrtc.denied": "The browser's permission was not given, so nothing changed.",
    "webrtc.unavailable": "This browser does not offer the WebRTC setting.",
    "webrtc.controlled-by-other":
      "Another extension controls the WebRTC setting; disable it first.",
    "webrtc.failed": "The browser refused the change. Try again from Options.",
  },
  zh: {
    webrtcOff: "WebRTC 防护已关闭：使用代理时，网页仍可能通过 WebRTC 获取你的真实地址。",
    webrtcProtect: "开启 WebRTC 防护",
    "webrtc.denied": "未获得浏览器授权，未做任何更改。",
    "webrtc.unavailable": "此浏览器不提供 WebRTC 设置。",
    "webrtc.controlled-by-other": "另一个扩展正在控制 WebRTC 设置，请先停用它。",
    "webrtc.failed": "浏览器拒绝了此更改。请在设置中重试。",
  },
} as const;

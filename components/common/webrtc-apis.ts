/** The browser's permission and privacy APIs, as the WebRTC protection logic takes them. */
import { browser } from "wxt/browser";
import type { PolicySetting, WebrtcApis } from "@/lib/privacy/webrtc";

type PrivacyHost = { privacy?: { network?: { webRTCIPHandlingPolicy?: PolicySetting } } };

export const webrtcApis: WebrtcApis = {
  permissions: {
    request: (p) => browser.permissions.request(p),
    remove: (p) => browser.permissions.remove(p),
    contains: (p) => browser.permissions.contains(p),
  },
  // Read at call time: the API appears only once the permission is granted.
  policy: () => {
    const scope = globalThis as { browser?: PrivacyHost; chrome?: PrivacyHost };
    return (scope.browser?.privacy ?? scope.chrome?.privacy)?.network?.webRTCIPHandlingPolicy;
  },
};

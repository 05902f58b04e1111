/**
 * The policy's WebRTC protection put on the browser by the background, as the policy arrives or
 * changes (and on every wake), not when someone next clicks in Options: the value in force (the
 * policy's over the user's, so a policy that lets go gives the user's own back). The `privacy` permission is optional and
 * only a click can ask for it (a user gesture): where it is held the setting is written here;
 * where it is not, the browser cannot be changed without the user, and Options offers the one
 * click (WebrtcToggle's "Turn on WebRTC protection"). A policy "off" clears the setting but keeps
 * the permission, so the policy's next "on" takes effect at once; the user's own Off in Options
 * still hands it back.
 */

import { recordFailure } from "../diagnostics/record";
import {
  type PolicySetting,
  PRIVACY_PERMISSION,
  WEBRTC_POLICY,
  type WebrtcApis,
} from "../privacy/webrtc";

export type WebrtcPolicyOutcome =
  | "on"
  | "off"
  /** Wanted on, but only the user's click can grant the permission. */
  | "needs-permission"
  | "controlled-by-other"
  | "failed";

type PrivacyHost = { privacy?: { network?: { webRTCIPHandlingPolicy?: PolicySetting } } };

/** The background's permission and privacy APIs (the setting appears once permitted). */
export function backgroundWebrtcApis(permissions: WebrtcApis["permissions"]): WebrtcApis {
  return {
    permissions,
    policy: () => {
      const scope = globalThis as { browser?: PrivacyHost; chrome?: PrivacyHost };
      return (scope.browser?.privacy ?? scope.chrome?.privacy)?.network?.webRTCIPHandlingPolicy;
    },
  };
}

/** Puts the value in force on the browser, where it can without a click. */
export async function applyWebrtcWanted(
  apis: WebrtcApis,
  wanted: boolean,
): Promise<WebrtcPolicyOutcome> {
  try {
    if (!(await apis.permissions.contains(PRIVACY_PERMISSION))) {
      // Without the permission nothing was set by us: off is already off.
      return wanted ? "needs-permission" : "off";
    }
    const setting = apis.policy();
    if (!setting) return wanted ? "failed" : "off";
    const current = await setting.get({});
    if (current.levelOfControl === "controlled_by_other_extensions") return "controlled-by-other";
    if (!wanted) {
      if (current.levelOfControl === "controlled_by_this_extension") await setting.clear({});
      return "off";
    }
    if (current.value !== WEBRTC_POLICY) await setting.set({ value: WEBRTC_POLICY });
    return "on";
  } catch (error) {
    // The browser refused the write: Options reads the browser's state and offers the click.
    recordFailure("webrtc:policy", error);
    return "failed";
  }
}

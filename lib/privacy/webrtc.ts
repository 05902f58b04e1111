/**
 * WebRTC leak protection: the `privacy` permission is asked for only when the user turns the
 * protection on, and handed back when it goes off. `disable_non_proxied_udp` makes WebRTC use
 * the proxy (TCP) or nothing, so a page cannot learn the real address through ICE candidates.
 */
import { recordedAs, recordFailure } from "../diagnostics/record";

export const WEBRTC_POLICY = "disable_non_proxied_udp";
export const PRIVACY_PERMISSION: { permissions: "privacy"[] } = { permissions: ["privacy"] };

export interface PolicySetting {
  get(details: Record<string, never>): Promise<{ value: unknown; levelOfControl?: string }>;
  set(details: { value: string }): Promise<void>;
  clear(details: Record<string, never>): Promise<void>;
}

export interface WebrtcApis {
  permissions: {
    request(permissions: typeof PRIVACY_PERMISSION): Promise<boolean>;
    remove(permissions: typeof PRIVACY_PERMISSION): Promise<boolean>;
    contains(permissions: typeof PRIVACY_PERMISSION): Promise<boolean>;
  };
  /** The setting, which exists only once the permission is granted. */
  policy(): PolicySetting | undefined;
}

export type WebrtcProblem = "denied" | "unavailable" | "controlled-by-other" | "failed";
export type WebrtcResult = { ok: true } | { ok: false; problem: WebrtcProblem };

/**
 * Must be called straight from the click handler: the permission request is the first thing
 * it does, while the click still counts as a user gesture.
 */
export async function enableWebrtcProtection(apis: WebrtcApis): Promise<WebrtcResult> {
  let granted: boolean;
  try {
    granted = await apis.permissions.request(PRIVACY_PERMISSION);
  } catch (error) {
    // Each "failed" is said to the user ("could not be changed"); the log keeps why.
    recordFailure("webrtc:permission", error);
    return { ok: false, problem: "failed" };
  }
  if (!granted) return { ok: false, problem: "denied" };
  const policy = apis.policy();
  if (!policy) return { ok: false, problem: "unavailable" };
  try {
    const current = await policy.get({});
    if (current.levelOfControl === "controlled_by_other_extensions") {
      return { ok: false, problem: "controlled-by-other" };
    }
    await policy.set({ value: WEBRTC_POLICY });
    return { ok: true };
  } catch (error) {
    recordFailure("webrtc:enable", error);
    return { ok: false, problem: "failed" };
  }
}

export async function disableWebrtcProtection(apis: WebrtcApis): Promise<WebrtcResult> {
  try {
    if (await apis.permissions.contains(PRIVACY_PERMISSION)) {
      await apis.policy()?.clear({});
      await apis.permissions.remove(PRIVACY_PERMISSION);
    }
    return { ok: true };
  } catch (error) {
    recordFailure("webrtc:disable", error);
    return { ok: false, problem: "failed" };
  }
}

export type WebrtcState =
  | "off"
  | "on"
  | "permission-missing"
  | "not-applied"
  | "controlled-by-other";

/** What the switch should say on load: settings and the browser can disagree. */
export async function webrtcState(apis: WebrtcApis, wanted: boolean): Promise<WebrtcState> {
  // Unreadable reads as missing: the switch then offers the click that asks again.
  const granted = await apis.permissions.contains(PRIVACY_PERMISSION).catch((error: unknown) => {
    recordFailure("webrtc:contains", error);
    return false;
  });
  if (!wanted) return "off";
  if (!granted) return "permission-missing";
  const current = await apis.policy()?.get({}).catch(recordedAs("webrtc:state"));
  if (current?.levelOfControl === "controlled_by_other_extensions") return "controlled-by-other";
  return current?.value === WEBRTC_POLICY ? "on" : "not-applied";
}

/**
 * The WebRTC protection in force, put on the browser by the background without a click: set
 * where the permission is held, cleared when the policy turns it off (the permission kept for
 * the policy's next "on"), and never taken from another extension that controls it.
 */
import { describe, expect, it } from "vitest";
import { applyWebrtcWanted } from "../../../lib/background/webrtc-policy";
import { WEBRTC_POLICY, type WebrtcApis } from "../../../lib/privacy/webrtc";

/** The browser's permission and setting, as Chrome keeps them. */
function browserWith(options: { granted: boolean; value?: string; control?: string }) {
  const state = {
    granted: options.granted,
    value: options.value ?? "default",
    control: options.control ?? "controllable_by_this_extension",
    requests: 0,
  };
  const apis: WebrtcApis = {
    permissions: {
      request: async () => {
        state.requests++;
        return false;
      },
      remove: async () => {
        state.granted = false;
        return true;
      },
      contains: async () => state.granted,
    },
    policy: () =>
      state.granted
        ? {
            get: async () => ({ value: state.value, levelOfControl: state.control }),
            set: async ({ value }) => {
              state.value = value;
              state.control = "controlled_by_this_extension";
            },
            clear: async () => {
              state.value = "default";
              state.control = "controllable_by_this_extension";
            },
          }
        : undefined,
  };
  return { apis, state };
}

describe("applyWebrtcWanted", () => {
  it("turns it on where the permission is held, with no click", async () => {
    const { apis, state } = browserWith({ granted: true });
    expect(await applyWebrtcWanted(apis, true)).toBe("on");
    expect(state.value).toBe(WEBRTC_POLICY);
  });

  it("turns it off, keeping the permission for the policy's next on", async () => {
    const { apis, state } = browserWith({
      granted: true,
      value: WEBRTC_POLICY,
      control: "controlled_by_this_extension",
    });
    expect(await applyWebrtcWanted(apis, false)).toBe("off");
    expect(state).toMatchObject({ value: "default", granted: true });
    expect(await applyWebrtcWanted(apis, true)).toBe("on");
    expect(state.value).toBe(WEBRTC_POLICY);
  });

  it("says a click is needed when the permission is not held, and asks for nothing", async () => {
    const { apis, state } = browserWith({ granted: false });
    expect(await applyWebrtcWanted(apis, true)).toBe("needs-permission");
    expect(await applyWebrtcWanted(apis, false)).toBe("off");
    expect(state.requests).toBe(0);
  });

  it("leaves a setting another extension controls", async () => {
    const { apis, state } = browserWith({
      granted: true,
      value: "default_public_interface_only",
      control: "controlled_by_other_extensions",
    });
    expect(await applyWebrtcWanted(apis, true)).toBe("controlled-by-other");
    expect(await applyWebrtcWanted(apis, false)).toBe("controlled-by-other");
    expect(state.value).toBe("default_public_interface_only");
  });
});

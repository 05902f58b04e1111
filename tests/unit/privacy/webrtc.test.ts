import { describe, expect, it } from "vitest";
import {
  disableWebrtcProtection,
  enableWebrtcProtection,
  type PolicySetting,
  type WebrtcApis,
  webrtcState,
} from "../../../lib/privacy/webrtc";

function fakeApis(
  options: { grant?: boolean; granted?: boolean; control?: string; hasPolicy?: boolean } = {},
) {
  const calls: string[] = [];
  let granted = options.granted ?? false;
  let value: unknown = "default";
  const policy: PolicySetting = {
    get: async () => ({
      value,
      levelOfControl: options.control ?? "controllable_by_this_extension",
    }),
    set: async ({ value: next }) => {
      calls.push(`set:${next}`);
      value = next;
    },
    clear: async () => {
      calls.push("clear");
      value = "default";
    },
  };
  const apis: WebrtcApis = {
    permissions: {
      request: async () => {
        calls.push("request");
        if (options.grant ?? true) granted = true;
        return granted;
      },
      remove: async () => {
        calls.push("remove");
        granted = false;
        return true;
      },
      contains: async () => granted,
    },
    policy: () => (granted && options.hasPolicy !== false ? policy : undefined),
  };
  return { apis, calls };
}

describe("WebRTC protection", () => {
  it("on: asks for the permission first, then sets disable_non_proxied_udp", async () => {
    const { apis, calls } = fakeApis();
    expect(await enableWebrtcProtection(apis)).toEqual({ ok: true });
    expect(calls).toEqual(["request", "set:disable_non_proxied_udp"]);
    expect(await webrtcState(apis, true)).toBe("on");
  });

  it("the permission request is made synchronously, inside the click", () => {
    const { apis, calls } = fakeApis();
    void enableWebrtcProtection(apis);
    expect(calls).toEqual(["request"]);
  });

  it("refused permission, a missing API, another extension in control", async () => {
    expect(await enableWebrtcProtection(fakeApis({ grant: false }).apis)).toEqual({
      ok: false,
      problem: "denied",
    });
    expect(await enableWebrtcProtection(fakeApis({ hasPolicy: false }).apis)).toEqual({
      ok: false,
      problem: "unavailable",
    });
    const other = fakeApis({ control: "controlled_by_other_extensions" });
    expect(await enableWebrtcProtection(other.apis)).toEqual({
      ok: false,
      problem: "controlled-by-other",
    });
    expect(other.calls).not.toContain("set:disable_non_proxied_udp");
  });

  it("off: clears the setting, then gives the permission back", async () => {
    const { apis, calls } = fakeApis();
    await enableWebrtcProtection(apis);
    expect(await disableWebrtcProtection(apis)).toEqual({ ok: true });
    expect(calls.slice(-2)).toEqual(["clear", "remove"]);
    expect(await webrtcState(apis, false)).toBe("off");
  });

  it("says when settings and the browser disagree", async () => {
    expect(await webrtcState(fakeApis().apis, true)).toBe("permission-missing");
    expect(await webrtcState(fakeApis({ granted: true }).apis, true)).toBe("not-applied");
    expect(
      await webrtcState(
        fakeApis({ granted: true, control: "controlled_by_other_extensions" }).apis,
        true,
      ),
    ).toBe("controlled-by-other");
  });
});

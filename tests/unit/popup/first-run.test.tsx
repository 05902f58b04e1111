/**
 * The popup before credentials says what to do first, once; the WebRTC offer can be dismissed
 * and stays so while the setting says so.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { WebrtcOfferView } from "../../../components/popup/lazy-views";
import { PopupApp } from "../../../components/popup/PopupApp";
import type { PopupState } from "../../../lib/popup/state";
import { storedSettings } from "../../../lib/popup/stored";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";
import { button, click, fakeEnv, type Mounted, mount, waitFor } from "./dom";

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

function state(tokens: StoredToken[], settings: Partial<PopupState["settings"]>): PopupState {
  return {
    tokens,
    trash: [],
    connection: { activeTokenId: null, lastTokenId: null },
    status: DEFAULT_STATUS,
    settings: { ...DEFAULT_SETTINGS, credentials: false, ...settings },
    unseenFailure: null,
  };
}

describe("before credentials", () => {
  it("one instruction, one action (Options at its provider page), no list and no error", async () => {
    const { env, send, openOptions } = fakeEnv(() => ({ ok: true, data: null }));
    const m = await mount(<PopupApp state={state([], {})} />, env);
    mounted = m;
    await waitFor(() => expect(m.root.querySelector("[data-testid=first-run]")).not.toBeNull());
    expect(m.root.querySelectorAll("[data-testid=first-run]")).toHaveLength(1);
    expect(m.root.querySelectorAll("button")).toHaveLength(1);
    expect(m.root.querySelector(".error")).toBeNull();
    expect(m.root.textContent).not.toContain("No tokens yet");
    expect(m.root.querySelector("[data-testid=exit-ip]")).toBeNull();
    await click(m, button(m.root, "Set up your provider"));
    expect(openOptions).toHaveBeenCalledWith("welcome");
    // Nothing was asked of the provider: nothing could fail.
    expect(send).not.toHaveBeenCalled();
  });

  it("with tokens added by hand, the list shows; New token says the same one thing", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: null }));
    const m = await mount(<PopupApp state={state([makeToken({ id: -1 })], {})} />, env);
    mounted = m;
    expect(m.root.querySelector("[data-token-id='-1']")).not.toBeNull();
    await click(m, button(m.root, "New token"));
    await waitFor(() => expect(m.root.querySelector("[data-testid=first-run]")).not.toBeNull());
    expect(m.root.querySelector(".error")).toBeNull();
    expect(m.root.textContent).not.toContain("Try again");
    // No lookup was sent: the form's two pickers cannot fail twice.
    const asked = send.mock.calls.map(([c]) => c.type);
    expect(asked).not.toContain("regions");
    expect(asked).not.toContain("plans");
  });

  it("reads credentials as stored: an address and a login both", () => {
    expect(storedSettings({}).credentials).toBe(false);
    expect(storedSettings({ baseUrl: "https://api.example.test" }).credentials).toBe(false);
    const auth = { kind: "bearer", accessToken: "x" };
    expect(storedSettings({ baseUrl: "", auth }).credentials).toBe(false);
    expect(storedSettings({ baseUrl: "https://api.example.test", auth }).credentials).toBe(true);
  });
});

describe("the WebRTC offer", () => {
  const connected = (settings: Partial<PopupState["settings"]>): PopupState => ({
    ...state([makeToken({ id: 1 })], { credentials: true, ...settings }),
    connection: { activeTokenId: 1, lastTokenId: 1 },
    status: { ...DEFAULT_STATUS, state: "connected", tokenId: 1 },
  });

  it("'Not now' stores the choice through the settings gate", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: { rejected: [] } }));
    const m = await mount(<PopupApp state={connected({})} />, env);
    mounted = m;
    await waitFor(() => expect(m.root.querySelector("[data-testid=webrtc-offer]")).not.toBeNull());
    await click(m, button(m.root, "Not now"));
    expect(send).toHaveBeenCalledWith({
      type: "patchSettings",
      patch: { webrtcOfferDismissed: true },
    });
  });

  it("stays away once dismissed", async () => {
    // Its code in already: an absent offer is a decision, not a chunk still loading.
    await WebrtcOfferView.prefetch();
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const m = await mount(<PopupApp state={connected({ webrtcOfferDismissed: true })} />, env);
    mounted = m;
    await waitFor(() => expect(m.root.querySelector("[data-testid=route-word]")).not.toBeNull());
    expect(m.root.querySelector("[data-testid=webrtc-offer]")).toBeNull();
  });

  it("is not offered where the administrator's policy decides it, as the policy's one check reads it", async () => {
    await WebrtcOfferView.prefetch();
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    // A field the policy's check refuses decides nothing: the offer stands.
    await fakeBrowser.storage.local.set({ managedPolicy: { webrtcProtection: "yes" } });
    const m = await mount(<PopupApp state={connected({})} />, env);
    mounted = m;
    await waitFor(() => expect(m.root.querySelector("[data-testid=webrtc-offer]")).not.toBeNull());
    // The policy arrives while the popup is open: the offer goes.
    await fakeBrowser.storage.local.set({ managedPolicy: { webrtcProtection: false } });
    await waitFor(() => expect(m.root.querySelector("[data-testid=webrtc-offer]")).toBeNull());
    await fakeBrowser.storage.local.remove("managedPolicy");
  });
});

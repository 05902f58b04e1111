/**
 * Options under the administrator's policy: each managed control disabled with the reason, the
 * ignored fields named, and a save that leaves out what the policy fixes.
 */
import { parseHTML } from "linkedom";
import { type ComponentChild, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { BackupSection } from "../../../components/options/BackupSection";
import { PolicyContext, PolicySection } from "../../../components/options/policy";
import { SettingsSection } from "../../../components/options/SettingsSection";
import { decodePolicy } from "../../../lib/policy/managed";
import { fromWire, toWire } from "../../../lib/protocol/wire";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { waitFor } from "../wait";

type Message = { type: string; [key: string]: unknown };
let sent: Message[] = [];
let root: HTMLElement | undefined;
let window: Window & typeof globalThis;

beforeEach(() => {
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => false;
  sent = [];
  fakeBrowser.runtime.onMessage.addListener(async (text: unknown) => {
    sent.push(fromWire(text).value as Message);
    return toWire({ ok: true, data: { rejected: [] } });
  });
});
afterEach(() => {
  if (root) render(null, root);
  root = undefined;
});

async function mount(node: ComponentChild): Promise<HTMLElement> {
  const dom = parseHTML('<!doctype html><html lang="en"><body><div id="app"></div></body></html>');
  Object.assign(globalThis, { document: dom.document, window: dom.window });
  window = dom.window as unknown as Window & typeof globalThis;
  const host = dom.document.getElementById("app") as unknown as HTMLElement;
  root = host;
  await act(() => {
    render(node, host);
  });
  return host;
}

const decoded = decodePolicy({
  failClosed: true,
  bypassList: ["corp.test"],
  backupSecrets: false,
  addProxies: "no",
});
const LOCKED = "Set by your organization's policy.";

describe("under a policy", () => {
  it("names each ignored field and what the policy fixes", async () => {
    const host = await mount(<PolicySection decoded={decoded} unread={null} />);
    expect(host.querySelector("#policy-fields")?.textContent).toBe(
      "Fixed by the policy: fail closed, bypass list, secrets in backups.",
    );
    expect(host.querySelector("#policy-problems li")?.textContent).toBe(
      "“addProxies”: the value is not of the kind this setting takes.",
    );
  });

  it("shows nothing without a policy", async () => {
    const host = await mount(<PolicySection decoded={decodePolicy({})} unread={null} />);
    expect(host.querySelector("#policy")).toBeNull();
  });

  it("says a policy read failed and that the last policy read stays in force", async () => {
    const unread = { at: Date.UTC(2026, 0, 2, 3, 4), error: "IO error: …/LOCK: Not a directory." };
    const host = await mount(<PolicySection decoded={decoded} unread={unread} />);
    const text = host.querySelector("#policy-unreadable")?.textContent ?? "";
    expect(text).toContain("The policy could not be read (");
    expect(text).toContain(
      ": IO error: …/LOCK: Not a directory.). The last policy read stays in force",
    );
    // Even with no policy in force, a read that failed is said.
    const none = await mount(<PolicySection decoded={decodePolicy({})} unread={unread} />);
    expect(none.querySelector("#policy-unreadable")).not.toBeNull();
  });

  it("locks the bypass list and fail closed, says why, and saves without them", async () => {
    const settings = { ...DEFAULT_SETTINGS, bypassList: ["corp.test"], fallbackDirect: false };
    const host = await mount(
      <PolicyContext.Provider value={decoded}>
        <SettingsSection settings={settings} />
      </PolicyContext.Provider>,
    );
    const bypass = host.querySelector("#bypass-list") as HTMLTextAreaElement;
    const fallback = host.querySelector("#fallback-direct") as HTMLInputElement;
    expect(bypass.disabled).toBe(true);
    expect(fallback.disabled).toBe(true);
    expect(bypass.getAttribute("aria-describedby")).toContain("bypass-locked");
    expect(fallback.getAttribute("aria-describedby")).toContain("fallback-direct-locked");
    expect(host.querySelector("#bypass-locked")?.textContent).toBe(LOCKED);
    expect(host.querySelector("#fallback-direct-locked")?.textContent).toBe(LOCKED);
    // The WebRTC switch is not the policy's here.
    expect((host.querySelector("#webrtc-protection") as HTMLInputElement).disabled).toBe(false);
    const form = host.querySelector("#settings form") as HTMLFormElement;
    await act(() => {
      form.dispatchEvent(new window.Event("submit", { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(sent.some((m) => m.type === "patchSettings")).toBe(true));
    const patch = sent.find((m) => m.type === "patchSettings")?.patch as Record<string, unknown>;
    expect(Object.keys(patch)).not.toContain("bypassList");
    expect(Object.keys(patch)).not.toContain("fallbackDirect");
    expect(patch.warnDays).toBe(DEFAULT_SETTINGS.warnDays);
  });

  it("keeps secrets out of backups: the box is off and locked", async () => {
    const host = await mount(
      <PolicyContext.Provider value={decoded}>
        <BackupSection />
      </PolicyContext.Provider>,
    );
    const box = host.querySelector("#include-secrets") as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBeFalsy();
    expect(host.querySelector("#include-secrets-locked")?.textContent).toBe(
      "Your organization's policy keeps secrets out of backups.",
    );
  });
});

/**
 * Options sections with the background played by fakeBrowser's runtime messaging: what each one
 * shows while it waits, when it is answered late or refused, and what it refuses to send.
 * Each test here failed on a mutation of its component that every other unit test let through.
 */
import { parseHTML } from "linkedom";
import { type ComponentChild, render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { CredentialsSection } from "../../../components/options/CredentialsSection";
import { ExitIpSection } from "../../../components/options/ExitIpSection";
import { ImportPreview } from "../../../components/options/ImportPreview";
import { SettingsSection } from "../../../components/options/SettingsSection";
import { WebrtcToggle } from "../../../components/options/WebrtcToggle";
import type { IpInfo } from "../../../lib/api";
import { emptyChanges, type ImportPlan } from "../../../lib/backup/backup-merge";
import { fromWire, toWire } from "../../../lib/protocol/wire";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { type Connection, DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import { makeToken } from "../stored-token";
import { waitFor } from "../wait";

type Message = { type: string; [key: string]: unknown };
let answer: (message: Message) => unknown = () => ({ ok: true, data: null });
let sent: Message[] = [];

beforeEach(() => {
  fakeBrowser.reset();
  // Not in fakeBrowser; the WebRTC switch (inside the settings section) asks on mount.
  fakeBrowser.permissions.contains = async () => false;
  sent = [];
  // The pages speak JSON text to the background (lib/protocol/wire.ts).
  fakeBrowser.runtime.onMessage.addListener(async (text: unknown) => {
    const message = fromWire(text).value as Message;
    sent.push(message);
    return toWire(await answer(message));
  });
});

let root: HTMLElement | undefined;
let window: Window & typeof globalThis;
afterEach(() => {
  if (root) render(null, root);
  root = undefined;
});

/**
 * Lets pending replies (a message to fakeBrowser's background takes a few ticks) and the
 * renders they cause run. Tests wait for an outcome instead (`waitFor`); this is for click()
 * and for checks that something did not happen.
 */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function mountWithProps<P>(initial: P, view: (value: P) => ComponentChild) {
  const dom = parseHTML('<!doctype html><html lang="en"><body><div id="app"></div></body></html>');
  Object.assign(globalThis, { document: dom.document, window: dom.window });
  window = dom.window as unknown as Window & typeof globalThis;
  const host = dom.document.getElementById("app") as unknown as HTMLElement;
  root = host;
  let set: ((next: P) => void) | undefined;
  function Host() {
    const [value, setValue] = useState(initial);
    set = setValue;
    return <>{view(value)}</>;
  }
  // Rendered, effects and all, inside act: what the view then asks for is the test's to wait for.
  await act(() => {
    render(<Host />, host);
  });
  return {
    root: host,
    update: async (next: P) => {
      await act(() => set?.(next));
    },
  };
}

const mountOnce = (node: ComponentChild) => mountWithProps(null, () => node);

async function click(element: Element | null | undefined) {
  if (!element) throw new Error("nothing to click");
  await act(() => {
    element.dispatchEvent(new window.Event("click", { bubbles: true }));
  });
  // A user step: the messages the click sends reach the background before the next step.
  await settle();
}

const buttonNamed = (scope: ParentNode, name: string) => {
  const found = [...scope.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found as HTMLButtonElement;
};

/** Answers the test hands out one at a time; what an answer changes is the test's to wait for. */
function held() {
  const waiting: ((reply: unknown) => void)[] = [];
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    async answer(index: number, reply: unknown) {
      const resolve = waiting[index];
      if (!resolve) throw new Error(`no request #${index}`);
      resolve(reply);
    },
  };
}

const ipInfo = (ip: string): IpInfo =>
  ({
    ip,
    country: "Germany",
    country_code: "DE",
    state: "Berlin",
    city: "Berlin",
    autonomous_system_number: 64500,
    autonomous_system_organization: "Example",
    network_type: "hosting",
    is_isp: false,
    network: `${ip}/32`,
  }) as unknown as IpInfo;

describe("ExitIpSection", () => {
  const direct: Connection = { activeTokenId: null, lastTokenId: null };
  const withProvider = { ...DEFAULT_SETTINGS, baseUrl: "https://api.example.test" };
  const section = (status: ProxyStatus) => (
    <ExitIpSection
      settings={withProvider}
      status={status}
      connection={direct}
      tokens={[]}
      onExitIp={() => undefined}
    />
  );
  const shownIp = (scope: ParentNode) =>
    scope.querySelector('#exit-ip [data-field="ip"]')?.textContent?.trim();

  it("asks again on every new exit check, and a late answer never replaces a newer one", async () => {
    const replies = held();
    answer = (m) => (m.type === "ipInfo" ? replies.next() : { ok: true, data: null });
    const m = await mountWithProps(DEFAULT_STATUS, section);
    await waitFor(() => expect(sent.filter((s) => s.type === "ipInfo")).toHaveLength(1));
    // The engine records a check (a connect elsewhere): the section asks for the new answer.
    await m.update({
      ...DEFAULT_STATUS,
      exitIp: {
        ip: "198.51.100.2",
        country: "",
        countryCode: "",
        city: "",
        checkedAt: 2,
        viaTokenId: null,
      },
    });
    await waitFor(() => expect(sent.filter((s) => s.type === "ipInfo")).toHaveLength(2));
    await replies.answer(1, { ok: true, data: ipInfo("198.51.100.2") });
    await waitFor(() => expect(shownIp(m.root)).toBe("198.51.100.2"));
    expect(m.root.querySelector("#exit-ip")?.getAttribute("aria-busy")).toBe("false");
    // The first request's answer arrives last: it is about an exit that no longer holds.
    await replies.answer(0, { ok: true, data: ipInfo("127.0.0.1") });
    // It must not land: no outcome to wait for, so give it the ticks a reply takes.
    await settle();
    expect(shownIp(m.root)).toBe("198.51.100.2");
  });

  it("an answer asked under the last route is not shown as the new one's when that check fails", async () => {
    answer = (m) => (m.type === "ipInfo" ? { ok: true, data: ipInfo("203.0.113.5") } : null);
    const through: ProxyStatus = {
      ...DEFAULT_STATUS,
      state: "connected",
      tokenId: 5,
      exitIp: {
        ip: "203.0.113.5",
        country: "",
        countryCode: "",
        city: "",
        checkedAt: 1,
        viaTokenId: 5,
      },
    };
    const m = await mountWithProps(through, section);
    await waitFor(() => expect(shownIp(m.root)).toBe("203.0.113.5"));
    // Off, and the provider cannot be reached directly: no answer for this route.
    answer = (m) =>
      m.type === "ipInfo"
        ? { ok: false, failure: { code: "api-timeout", seconds: 20 } }
        : { ok: true, data: null };
    await m.update({ ...DEFAULT_STATUS, state: "direct" });
    await waitFor(() => expect(m.root.querySelector("#exit-ip .notice-error")).not.toBeNull());
    // The token's IP is not shown as where this direct route exits.
    expect(shownIp(m.root)).toBeUndefined();
    expect(m.root.querySelector("#exit-ip [data-route]")).toBeNull();
  });

  it("Check again is busy while the engine checks, and says why a check failed", async () => {
    const replies = held();
    answer = (m) =>
      m.type === "checkExitIp" ? replies.next() : { ok: true, data: ipInfo("127.0.0.1") };
    const m = await mountWithProps(DEFAULT_STATUS, section);
    await waitFor(() => expect(shownIp(m.root)).toBe("127.0.0.1"));
    await click(buttonNamed(m.root, "Check again"));
    expect(sent.at(-1)).toEqual({ type: "checkExitIp" });
    expect(buttonNamed(m.root, "Check again").disabled).toBe(true);
    expect(m.root.querySelector('#exit-ip [role="status"]')?.textContent).toBe(
      "Checking the exit IP…",
    );
    await replies.answer(0, { ok: false, failure: { code: "api-timeout", seconds: 20 } });
    await waitFor(() => expect(buttonNamed(m.root, "Check again").disabled).toBe(false));
    expect(m.root.querySelector("#exit-ip")?.textContent).toContain(
      "The exit IP check failed. The provider did not answer within 20 s.",
    );
  });
});

describe("ExitIpSection before a provider is set", () => {
  const direct: Connection = { activeTokenId: null, lastTokenId: null };
  const section = (settings: typeof DEFAULT_SETTINGS) => (
    <ExitIpSection
      settings={settings}
      status={DEFAULT_STATUS}
      connection={direct}
      tokens={[]}
      onExitIp={() => undefined}
    />
  );

  it("asks nothing and shows no error until the provider's address is saved", async () => {
    answer = (m) =>
      m.type === "ipInfo"
        ? { ok: false, failure: { code: "api-timeout", seconds: 20 } }
        : { ok: true, data: null };
    const m = await mountWithProps({ ...DEFAULT_SETTINGS, baseUrl: "" }, section);
    await settle();
    expect(sent.filter((s) => s.type === "ipInfo")).toHaveLength(0);
    expect(m.root.querySelector("#exit-ip .notice-error")).toBeNull();
    expect(m.root.querySelector('[data-testid="exit-needs-provider"]')).not.toBeNull();
    // Saved, but the provider does not answer: now, and only now, an error.
    await m.update({ ...DEFAULT_SETTINGS, baseUrl: "https://api.example.test" });
    await waitFor(() => expect(m.root.querySelector("#exit-ip .notice-error")).not.toBeNull());
    // The login is fixed: asked again at once, and the error it caused is gone.
    answer = () => ({ ok: true, data: ipInfo("203.0.113.9") });
    await m.update({
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.test",
      auth: { kind: "bearer", accessToken: "k" },
    });
    await waitFor(() => expect(m.root.querySelector("#exit-ip .notice-error")).toBeNull());
    expect(m.root.querySelector('#exit-ip [data-field="ip"]')?.textContent?.trim()).toBe(
      "203.0.113.9",
    );
  });
});

describe("SettingsSection", () => {
  it("names the line of a bad bypass rule, as typed, and sends nothing", async () => {
    const m = await mountOnce(<SettingsSection settings={DEFAULT_SETTINGS} />);
    const bypass = m.root.querySelector("#bypass-list") as HTMLTextAreaElement;
    bypass.value = "intranet.example\n\nbad rule!";
    await act(() => {
      bypass.dispatchEvent(new window.Event("input", { bubbles: true }));
    });
    sent = [];
    const form = m.root.querySelector("#settings form") as HTMLFormElement;
    await act(() => {
      form.dispatchEvent(new window.Event("submit", { bubbles: true, cancelable: true }));
    });
    await waitFor(() =>
      expect(m.root.querySelector("#bypass-error")?.textContent).toContain(
        "Line 3 (“bad rule!”) is not a rule the browser understands.",
      ),
    );
    expect(bypass.getAttribute("aria-invalid")).toBe("true");
    expect(m.root.querySelector("#settings-status")?.textContent).toContain(
      "Correct the fields marked above, then save again.",
    );
    // Nothing may be sent: give a message the ticks it would take to arrive before saying so.
    await settle();
    expect(sent.filter((s) => s.type === "patchSettings")).toEqual([]);
  });
});

describe("WebrtcToggle", () => {
  it("warns when protection is on in the settings but the permission is gone", async () => {
    const on = { ...DEFAULT_SETTINGS, webrtcProtection: true };
    const m = await mountOnce(<WebrtcToggle settings={on} />);
    await waitFor(() =>
      expect(m.root.querySelector("#webrtc-status")?.textContent).toContain(
        "Protection is on in Proxy Deck, but the browser's permission was removed.",
      ),
    );
  });

  it("the switch waits, disabled, for the browser's permission answer", async () => {
    let grant: (granted: boolean) => void = () => undefined;
    fakeBrowser.permissions.request = () =>
      new Promise<boolean>((resolve) => {
        grant = resolve;
      });
    const m = await mountOnce(<WebrtcToggle settings={DEFAULT_SETTINGS} />);
    const toggle = m.root.querySelector("#webrtc-protection") as HTMLInputElement;
    expect(toggle.hasAttribute("disabled")).toBe(false);
    (toggle as { checked: boolean }).checked = true;
    await act(() => {
      toggle.dispatchEvent(new window.Event("change", { bubbles: true }));
    });
    expect(toggle.hasAttribute("disabled")).toBe(true);
    await act(() => grant(false));
    await waitFor(() => expect(toggle.hasAttribute("disabled")).toBe(false));
    expect(m.root.querySelector("#webrtc-status")?.textContent?.length).toBeGreaterThan(0);
  });
});

describe("CredentialsSection", () => {
  it("offers to remove credentials only when some are stored", async () => {
    const stored = {
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.com",
      auth: { kind: "bearer" as const, accessToken: "stored-access-token-1234" },
    };
    const m = await mountWithProps(DEFAULT_SETTINGS, (settings) => (
      <CredentialsSection settings={settings} />
    ));
    expect(buttonNamed(m.root, "Remove credentials").disabled).toBe(true);
    await m.update(stored);
    await waitFor(() => expect(buttonNamed(m.root, "Remove credentials").disabled).toBe(false));
  });
});

describe("ImportPreview", () => {
  const none = emptyChanges();
  const plan: ImportPlan = {
    next: { settings: DEFAULT_SETTINGS, tokens: [], trash: [] },
    tokens: { ...none, added: [{ id: 1, label: "#1" }] },
    trash: none,
    settings: [],
    settingChanges: [],
    credentials: "kept",
    refusedBaseUrl: null,
    refusedSettings: [],
    siteRules: null,
  };

  it("import and cancel wait while an import is being written", async () => {
    const m = await mountWithProps(true, (busy) => (
      <ImportPreview
        plan={plan}
        busy={busy}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    ));
    const buttons = () => [...m.root.querySelectorAll(".preview .actions button")];
    expect(buttons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
    await m.update(false);
    await waitFor(() =>
      expect(buttons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false]),
    );
  });

  it("lists every site rule the file would put in place (rules steer traffic)", async () => {
    const withRules: ImportPlan = {
      ...plan,
      // The file brings token #9 itself, at a gateway of its choosing: the preview says so.
      next: { ...plan.next, tokens: [makeToken({ id: 9, host: "evil.example", port: 8080 })] },
      tokens: { ...plan.tokens, added: [{ id: 9, label: "Work" }] },
      siteRules: [
        {
          id: "a",
          enabled: true,
          source: { type: "pattern", text: "*.bank.example" },
          route: { kind: "token", tokenId: 9 },
        },
        {
          id: "b",
          enabled: false,
          source: { type: "list", name: "gfw", lines: ["||x.example"] },
          route: { kind: "direct" },
        },
      ],
    };
    const m = await mountWithProps(false, (busy) => (
      <ImportPreview
        plan={withRules}
        busy={busy}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    ));
    const text = m.root.textContent ?? "";
    expect(text).toContain("the file's 2 rules replace the ones stored here");
    expect(text).toContain("*.bank.example → token #9 (evil.example:8080), added by this file");
    expect(text).toContain("list “gfw” (1 line) → direct (off)");
  });

  it("names a setting of the file the gate refused, and why", async () => {
    const refusing: ImportPlan = {
      ...plan,
      refusedSettings: [
        { key: "bypassList", refusal: { code: "bypass-entry", detail: "bad entry" } },
      ],
    };
    const m = await mountWithProps(false, (busy) => (
      <ImportPreview
        plan={refusing}
        busy={busy}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    ));
    expect(m.root.querySelector("[data-field=setting-refused]")?.textContent).toBe(
      "addresses that skip the proxy: not imported from the backup, since “bad entry” is not a bypass entry the browser accepts, and one such entry would stop the whole proxy setting: correct it where it was written; this browser keeps its own bypass list.",
    );
  });
});

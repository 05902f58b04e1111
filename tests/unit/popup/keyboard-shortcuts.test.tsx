/**
 * The popup's "Keyboard shortcuts": nothing read until opened, then each command with the key
 * the browser assigned or "no key", in the popup's language; nothing at all where the browser
 * has no commands API (Firefox for Android).
 */
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KeyboardShortcuts } from "../../../components/popup/KeyboardShortcuts";
import { fakeEnv, type Mounted, mount, settle, waitFor } from "./dom";

const ASSIGNED = [
  { name: "proxy-off", shortcut: "Alt+Shift+O" },
  { name: "next-token", shortcut: "Alt+Shift+Period" },
  { name: "site-direct", shortcut: "" },
  { name: "_execute_action", shortcut: "" },
];

/**
 * The page's extension API (the run's fake browser stood aside), put back by hand after each
 * test: the component files share one worker's globals, and vi.unstubAllGlobals left the
 * other files without theirs.
 */
const NAMES = ["browser", "chrome"] as const;
const saved = NAMES.map(
  (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
);
function withCommands(commands: object | undefined) {
  const api = commands ? { commands, tabs: { create: vi.fn() } } : undefined;
  for (const name of NAMES)
    Object.defineProperty(globalThis, name, {
      value: name === "chrome" ? api : undefined,
      configurable: true,
      writable: true,
    });
}

async function open(m: Mounted) {
  const details = m.root.querySelector("details");
  if (!details) throw new Error("no disclosure");
  await act(() => {
    details.open = true;
    details.dispatchEvent(new m.window.Event("toggle"));
  });
  await settle();
}

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

describe("KeyboardShortcuts", () => {
  it("reads the keys only when opened, then shows each, or that it has none", async () => {
    const getAll = vi.fn(async () => ASSIGNED);
    withCommands({ getAll });
    const m = await mount(<KeyboardShortcuts />, fakeEnv(() => ({ ok: true, data: null })).env);
    expect(m.root.textContent).toContain("Keyboard shortcuts");
    expect(getAll).not.toHaveBeenCalled();
    await open(m);
    await waitFor(() =>
      expect(m.root.querySelector('tr[data-command="proxy-off"]')).not.toBeNull(),
    );
    const row = (name: string) => m.root.querySelector(`tr[data-command="${name}"]`)?.textContent;
    expect(row("proxy-off")).toBe("Turn the proxy off: everything goes directAlt + Shift + O");
    expect(row("next-token")).toContain("Alt + Shift + .");
    expect(row("site-direct")).toContain("no key");
    // Not in getAll's answer at all: no key either.
    expect(row("toggle-proxy")).toContain("no key");
    expect(row("_execute_action")).toContain("Open this popup");
    expect(m.root.textContent).toContain("chrome://extensions/shortcuts");
    expect(getAll).toHaveBeenCalledTimes(1);
    m.unmount();
  });

  it("speaks Chinese when the popup does", async () => {
    withCommands({ getAll: async () => ASSIGNED });
    const m = await mount(
      <KeyboardShortcuts />,
      fakeEnv(() => ({ ok: true, data: null }), { language: "zh_CN" }).env,
    );
    expect(m.root.textContent).toContain("键盘快捷键");
    await open(m);
    await waitFor(() => expect(m.root.textContent).toContain("关闭代理"));
    expect(m.root.textContent).toContain("未设置");
    m.unmount();
  });

  it("draws nothing where the browser has no commands API", async () => {
    withCommands(undefined);
    const m = await mount(<KeyboardShortcuts />, fakeEnv(() => ({ ok: true, data: null })).env);
    expect(m.root.innerHTML).toBe("");
    m.unmount();
  });
});

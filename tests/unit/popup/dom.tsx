/**
 * Component tests render into a linkedom document (already installed with WXT) with Preact's
 * own `act`; the background is a scripted `send`.
 */
import { parseHTML } from "linkedom";
import { type ComponentChild, render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, vi } from "vitest";
import { type ActiveTab, PopupContext, type PopupEnv } from "../../../components/popup/env";
import { loadAllViews } from "../../../components/popup/lazy-views";
import type { Failure } from "../../../lib/base/failure";
import type { Language } from "../../../lib/i18n";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { popupStrings } from "../../../lib/i18n/popup-strings";
import type { Command } from "../../../lib/protocol/commands";
import { waitFor } from "../wait";

export { waitFor };

/** A scripted background's answer (typed loosely: the tests script any command). */
export type Reply = { ok: true; data: unknown } | { ok: false; failure: Failure };
type Handler = (command: Command) => Reply | Promise<Reply>;

// The popup fetches its on-demand views when idle: let them finish before the file's
// environment goes away.
afterAll(loadAllViews);

export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export function fakeEnv(
  handle: Handler,
  options: { language?: Language; socksAuth?: boolean; tab?: ActiveTab } = {},
) {
  const language = options.language ?? "en";
  const send = vi.fn(async (command: Command) => handle(command));
  const openOptions = vi.fn();
  const copy = vi.fn(async (_text: string) => true);
  const env: PopupEnv = {
    t: popupStrings(language),
    explain: (failure) => describeFailure(failure, language),
    language,
    now: () => NOW,
    send: send as PopupEnv["send"],
    openOptions,
    copy,
    socksAuth: options.socksAuth ?? false,
    activeTab: async () => options.tab ?? null,
  };
  return { env, send, openOptions, copy };
}

export interface Mounted {
  root: HTMLElement;
  window: Window & typeof globalThis;
  unmount(): void;
}

export async function mount(ui: ComponentChild, env: PopupEnv): Promise<Mounted> {
  const { document, window } = parseHTML(
    '<!doctype html><html lang="en"><body><div id="app"></div></body></html>',
  );
  // linkedom has no layout: the popup's viewport, as the windowed list reads it.
  Object.assign(window, { innerWidth: 400, innerHeight: 600, scrollX: 0, scrollY: 0 });
  Object.assign(globalThis, { document, window });
  const root = document.getElementById("app") as unknown as HTMLElement;
  await act(() => {
    render(<PopupContext.Provider value={env}>{ui}</PopupContext.Provider>, root);
  });
  return {
    root,
    window: window as unknown as Window & typeof globalThis,
    unmount: () => render(null, root),
  };
}

/**
 * Lets pending promises (replies) and the renders they cause run for one tick. Tests wait for
 * an outcome instead (`waitFor`, `findButton`); this is for the user-step helpers below and
 * for checks that something did not happen (a late reply given its chance to land).
 */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

const event = (m: Mounted, type: string) => new m.window.Event(type, { bubbles: true });

export async function click(m: Mounted, element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error("nothing to click");
  await act(() => {
    element.dispatchEvent(event(m, "click"));
  });
  // A user step: the click's immediate replies land before the next step (every caller,
  // this-site.test.tsx too, reads the page as the click left it).
  await settle();
}

export async function type(m: Mounted, element: Element | null | undefined, value: string) {
  if (!element) throw new Error("no input");
  (element as HTMLInputElement).value = value;
  await act(() => {
    element.dispatchEvent(event(m, "input"));
  });
}

export async function choose(m: Mounted, select: Element | null | undefined, value: string) {
  if (!select) throw new Error("no select");
  for (const option of select.querySelectorAll("option")) {
    // linkedom derives select.value from the selected option only.
    if (option.getAttribute("value") === value) option.setAttribute("selected", "");
    else option.removeAttribute("selected");
  }
  await act(() => {
    select.dispatchEvent(event(m, "change"));
  });
}

export async function check(m: Mounted, input: Element | null | undefined, on = true) {
  if (!input) throw new Error("no checkbox");
  (input as HTMLInputElement).checked = on;
  await act(() => {
    input.dispatchEvent(event(m, "change"));
  });
}

/** The button whose text or aria-label is exactly `name`. */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll("button")].find((b) => {
    const label = b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "";
    return typeof name === "string" ? label === name : name.test(label);
  });
  if (!found) throw new Error(`no button ${String(name)}`);
  return found as HTMLButtonElement;
}

export const rows = (root: ParentNode) =>
  [...root.querySelectorAll(".rows [data-token-id]")].map((r) =>
    Number(r.getAttribute("data-token-id")),
  );

/** linkedom does not submit a form when its submit button is clicked: send the event. */
export async function submit(m: Mounted, form: Element | null | undefined): Promise<void> {
  if (!form) throw new Error("no form");
  await act(() => {
    form.dispatchEvent(new m.window.Event("submit", { bubbles: true, cancelable: true }));
  });
  // A user step, as click() above.
  await settle();
}

/** The button named `name` (as `button`), once it is shown. */
export function findButton(root: ParentNode, name: string | RegExp): Promise<HTMLButtonElement> {
  return waitFor(() => button(root, name));
}

/**
 * The popup's notice once it is shown: its wording loads beside the reply (a chunk of its own),
 * so wait for it rather than for a fixed number of ticks.
 */
export async function shownNotice(m: Mounted): Promise<Element> {
  return waitFor(() => {
    const shown = m.root.querySelector("[data-testid=notice]");
    if (!shown) throw new Error("no notice yet");
    return shown;
  });
}

/**
 * Options' Token health section (components/options/health/) with the background played by
 * fakeBrowser: what a stopped run offers, the rate-limit wait, Cancel, and 10,000 tokens drawn
 * a page at a time.
 */
import { parseHTML } from "linkedom";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { HealthSection } from "../../../components/options/health/HealthSection";
import type { HealthResults, HealthRun } from "../../../lib/health/health";
import { fromWire, toWire } from "../../../lib/protocol/wire";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";
import { waitFor } from "../wait";

type Message = { type: string; [key: string]: unknown };
let sent: Message[] = [];
let root: HTMLElement | undefined;

beforeEach(() => {
  fakeBrowser.reset();
  sent = [];
  fakeBrowser.runtime.onMessage.addListener(async (text: unknown) => {
    const message = fromWire(text).value as Message;
    sent.push(message);
    const data =
      message.type === "checkHealth" ? { checking: 2, notChecked: 0, joined: false } : null;
    return toWire({ ok: true, data });
  });
});
afterEach(() => {
  if (root) render(null, root);
  root = undefined;
});

async function mount(tokens: StoredToken[], settings: Settings = DEFAULT_SETTINGS) {
  const { document, window } = parseHTML(
    '<!doctype html><html lang="en"><body><div id="app"></div></body></html>',
  );
  Object.assign(globalThis, { document, window });
  root = document.getElementById("app") as unknown as HTMLElement;
  const at = root;
  await act(() => render(<HealthSection tokens={tokens} settings={settings} />, at));
  return at;
}

const button = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);

async function click(element: Element | undefined) {
  if (!element) throw new Error("nothing to click");
  await act(async () => {
    (element as HTMLElement).click();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const run = (over: Partial<HealthRun>): HealthRun => ({
  worker: "w-gone",
  startedAt: 1_000,
  total: 3,
  done: 1,
  state: "running",
  waitingUntil: null,
  ...over,
});
const tokens = [1, 2, 3].map((id) => makeToken({ id }));

async function store(results: HealthResults, healthRun: HealthRun | null) {
  await fakeBrowser.storage.local.set({ tokenHealth: JSON.stringify(results) });
  await fakeBrowser.storage.session.set({ healthRun });
}

describe("Options' Token health", () => {
  it("a run the browser stopped: says how far it got, and checks the rest", async () => {
    await store(
      {
        1: { at: 500, outcome: { kind: "ok", latencyMs: 5, exitIp: null } }, // an older run's
        2: { at: 1_200, outcome: { kind: "login-refused" } },
      },
      run({ state: "stopped" }),
    );
    const root = await mount(tokens);
    await waitFor(() =>
      expect(root.querySelector(".health-progress [role=status]")?.textContent).toBe(
        "The check stopped when the browser stopped the background: 1 of 3 checked.",
      ),
    );
    expect(root.querySelector('tr[data-token-id="2"] .health-result')?.textContent).toBe(
      "Login refused: the gateway did not accept this token's password",
    );
    await click(button(root, "Check the rest"));
    expect(sent).toEqual([{ type: "checkHealth", tokenIds: [1, 3] }]);
    await waitFor(() => expect(root.textContent).toContain("Checking 2 tokens"));
  });

  it("while the rate limit holds the check: the wait with the plan, Cancel, no second start", async () => {
    await store({}, run({ waitingUntil: Date.now() + 30_000 }));
    const root = await mount(tokens, { ...DEFAULT_SETTINGS, plan: "basic" });
    await waitFor(() =>
      expect(root.querySelector(".health-wait")?.textContent).toMatch(
        /^Waiting for the provider's rate limit \(your plan: Basic, 1,000 requests a minute\): resumes in (30|29) s$/,
      ),
    );
    expect(root.querySelector(".health-progress [role=status]")?.textContent).toBe(
      "1 of 3 checked",
    );
    expect(button(root, "Check all")?.disabled).toBe(true);
    expect(button(root, "Check the rest")).toBeUndefined();
    await click(button(root, "Cancel"));
    expect(sent).toEqual([{ type: "cancelHealth" }]);
  });

  it("checks the selected tokens only", async () => {
    const root = await mount(tokens);
    await waitFor(() => expect(root.querySelectorAll("tbody tr")).toHaveLength(3));
    const box = root.querySelector('input[aria-label="Select token #3"]') as HTMLInputElement;
    box.checked = true;
    await act(() => {
      box.dispatchEvent(new (window as unknown as typeof globalThis).Event("change"));
    });
    await click(button(root, "Check selected (1)"));
    expect(sent).toEqual([{ type: "checkHealth", tokenIds: [3] }]);
  });

  it('every token shown: no count line ("3 of 3 tokens shown" tells nothing)', async () => {
    const root = await mount(tokens);
    await waitFor(() => expect(root.querySelectorAll("tbody tr")).toHaveLength(3));
    expect(root.textContent).not.toMatch(/tokens? shown/);
  });

  it("10,000 tokens: draws 200 rows, and 200 more on demand", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => makeToken({ id: i + 1 }));
    const root = await mount(many);
    await waitFor(() => expect(root.querySelectorAll("tbody tr")).toHaveLength(200));
    expect(root.textContent).toContain("200 of 10000 tokens shown.");
    await click(button(root, "Show 200 more"));
    expect(root.querySelectorAll("tbody tr")).toHaveLength(400);
  });
});

/**
 * The popup's health part in the list (components/popup/HealthBar.tsx, loaded after the first
 * rows): marks from the stored results, Check all / Cancel, a progress line while a check runs.
 */
import { fakeBrowser } from "@webext-core/fake-browser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PopupApp } from "../../../components/popup/PopupApp";
import type { PopupState } from "../../../lib/popup/state";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { makeToken } from "../stored-token";
import { button, click, fakeEnv, type Mounted, mount, waitFor } from "./dom";

const tokens = [makeToken({ id: 1 }), makeToken({ id: 2 }), makeToken({ id: 3 })];
const state: PopupState = {
  tokens,
  trash: [],
  connection: { activeTokenId: null, lastTokenId: null },
  status: DEFAULT_STATUS,
  settings: { ...DEFAULT_SETTINGS, credentials: true },
  unseenFailure: null,
};
const results = {
  1: { at: 1, outcome: { kind: "ok", latencyMs: 42, exitIp: null } },
  2: { at: 1, outcome: { kind: "login-refused" } },
};
const running = {
  worker: "w",
  startedAt: 1,
  total: 3,
  done: 1,
  state: "running",
  waitingUntil: null,
};

let m: Mounted | null = null;
beforeEach(() => fakeBrowser.reset());
afterEach(() => m?.unmount());

const mark = (id: number) => m?.root.querySelector(`[data-token-id="${id}"] .health-mark`);

describe("the popup's health marks", () => {
  it("marks rows from the stored results: latency, or a word with the sentence as title", async () => {
    await fakeBrowser.storage.local.set({ tokenHealth: JSON.stringify(results) });
    const { env, send } = fakeEnv(() => ({ ok: true, data: null }));
    m = await mount(<PopupApp state={state} />, env);
    await waitFor(() => expect(mark(2)?.textContent).toBe("login refused"));
    expect(mark(2)?.getAttribute("title")).toBe(
      "Login refused: the gateway did not accept this token's password",
    );
    expect(mark(1)?.textContent).toBe("42 ms");
    expect(mark(3)).toBeNull();

    await click(m, button(m.root, "Check all"));
    expect(send).toHaveBeenCalledWith({ type: "checkHealth" });
  });

  it("follows a result stored later, and shows the run's progress with Cancel", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: null }));
    m = await mount(<PopupApp state={state} />, env);
    await waitFor(() => expect(button(m?.root as HTMLElement, "Check all")).toBeTruthy());
    expect(mark(2)).toBeNull();
    await fakeBrowser.storage.session.set({ healthRun: running });
    await fakeBrowser.storage.local.set({ tokenHealth: JSON.stringify(results) });
    await waitFor(() =>
      expect(m?.root.querySelector(".health-line")?.textContent).toBe("1 of 3 checked"),
    );
    await waitFor(() => expect(mark(2)?.textContent).toBe("login refused"));
    await click(m, button(m.root, "Cancel"));
    expect(send).toHaveBeenCalledWith({ type: "cancelHealth" });
  });
});

import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  loadPopupState,
  POPUP_STORAGE_KEYS,
  type PopupState,
  watchPopupState,
} from "../../../lib/popup/state";
import { items } from "../../../lib/state/items";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { makeToken } from "../stored-token";

beforeEach(() => fakeBrowser.reset());

describe("popup state", () => {
  it("reads everything from local storage, leaving out entries that fail their check", async () => {
    const good = makeToken({ id: 7 });
    await fakeBrowser.storage.local.set({
      tokens: [good, { id: "broken" }],
      trash: [{ token: makeToken({ id: 8 }), deletedAt: 1, restoreDeadline: 2 }, 42],
      connection: { activeTokenId: 7, lastTokenId: 7 },
      proxyStatus: "garbage",
    });
    const state = await loadPopupState();
    expect(state.tokens).toEqual([good]);
    expect(state.trash.map((e) => e.token.id)).toEqual([8]);
    expect(state.connection.activeTokenId).toBe(7);
    expect(state.status).toEqual(DEFAULT_STATUS);
    expect(state.settings).toEqual(DEFAULT_SETTINGS);
  });

  it("calls back with the part that changed", async () => {
    const changes: Partial<PopupState>[] = [];
    const stop = watchPopupState((change) => changes.push(change));
    await fakeBrowser.storage.local.set({ tokens: [makeToken({ id: 3 })] });
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, language: "zh_CN" },
    });
    stop();
    await fakeBrowser.storage.local.set({ tokens: [] });
    expect(changes.map((c) => Object.keys(c))).toEqual([["tokens"], ["settings"]]);
    expect(changes[0]?.tokens?.[0]?.id).toBe(3);
    expect(changes[1]?.settings?.language).toBe("zh_CN");
  });

  it("takes the early read of public/popup-early.js, which asks for the items' own keys", async () => {
    const itemKeys = [
      items.tokens,
      items.trash,
      items.connection,
      items.status,
      items.settings,
      items.unseenFailure,
    ].map((item) => item.key.replace(/^local:/, ""));
    expect(POPUP_STORAGE_KEYS).toEqual(itemKeys);
    const early = readFileSync("public/popup-early.js", "utf8");
    const keys = early.match(/popupKeys = \[([^\]]*)\]/)?.[1] ?? "";
    expect([...keys.matchAll(/"(\w+)"/g)].map((m) => m[1])).toEqual(itemKeys);

    const token = makeToken({ id: 9 });
    const state = await loadPopupState(Promise.resolve({ tokens: [token] }));
    expect(state.tokens).toEqual([token]);
    expect(state.connection).toEqual({ activeTokenId: null, lastTokenId: null });
    // A failed early read falls back to the storage items.
    await fakeBrowser.storage.local.set({ tokens: [makeToken({ id: 10 })] });
    const fallback = await loadPopupState(Promise.reject(new Error("no storage")));
    expect(fallback.tokens.map((t) => t.id)).toEqual([10]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  FIRST_KEYS,
  LIST_KEYS,
  loadFirstState,
  loadLists,
  type PopupState,
  watchPopupState,
} from "../../../lib/popup/state";
import { summarize } from "../../../lib/state/popup-summary";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { items } from "../../../lib/storage/items";
import { makeToken } from "../stored-token";

beforeEach(() => fakeBrowser.reset());

describe("popup state", () => {
  it("paints from the summary first; the full lists follow, entries failing their check left out", async () => {
    const good = makeToken({ id: 7 });
    const other = makeToken({ id: 8 });
    await fakeBrowser.storage.local.set({
      tokens: [good, { id: "broken" }, other],
      trash: [{ token: makeToken({ id: 9 }), deletedAt: 1, restoreDeadline: 2 }, 42],
      popupSummary: summarize([good], 1, 7),
      connection: { activeTokenId: 7, lastTokenId: 7 },
      proxyStatus: "garbage",
    });
    const first = await loadFirstState();
    expect(first.tokens).toEqual([good]); // the summary's rows, not the full list yet
    expect(first.summary?.tokenCount).toBe(1);
    expect(first.connection.activeTokenId).toBe(7);
    expect(first.status).toEqual(DEFAULT_STATUS);
    expect(first.settings).toEqual({
      language: "auto",
      webrtcProtection: false,
      webrtcOfferDismissed: false,
      credentials: false,
      trafficUnit: "unstated",
      warnDays: 2,
    });
    const lists = await loadLists();
    expect(lists.tokens).toEqual([good, other]);
    expect(lists.trash?.map((e) => e.token.id)).toEqual([9]);
    expect(lists.summary).toBeNull(); // from here on the lists speak for themselves
  });

  it("without a summary (none written yet, or another version's) reads the full lists at once", async () => {
    await fakeBrowser.storage.local.set({
      tokens: [makeToken({ id: 3 })],
      popupSummary: { v: 999, first: [] },
    });
    const first = await loadFirstState();
    expect(first.summary).toBeNull();
    expect(first.tokens.map((t) => t.id)).toEqual([3]);
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
    expect(changes.map((c) => Object.keys(c).sort())).toEqual([
      ["summary", "tokens"],
      ["settings"],
    ]);
    expect(changes[0]?.tokens?.[0]?.id).toBe(3);
    expect(changes[1]?.settings?.language).toBe("zh_CN");
  });

  it("the early read asks for the first screen's own keys; the lists are real items too", async () => {
    const keyOf = (item: { key: string }) => item.key.replace(/^local:/, "");
    expect(FIRST_KEYS).toEqual(
      [items.popupSummary, items.connection, items.status, items.settings, items.unseenFailure].map(
        keyOf,
      ),
    );
    expect(LIST_KEYS).toEqual([items.tokens, items.trash].map(keyOf));

    const token = makeToken({ id: 9 });
    const state = await loadFirstState(
      Promise.resolve({ popupSummary: summarize([token], 0, null) }),
    );
    expect(state.tokens).toEqual([token]);
    // A failed early read falls back to reading storage.
    await fakeBrowser.storage.local.set({
      popupSummary: summarize([makeToken({ id: 10 })], 0, null),
    });
    const fallback = await loadFirstState(Promise.reject(new Error("no storage")));
    expect(fallback.tokens.map((t) => t.id)).toEqual([10]);
  });
});

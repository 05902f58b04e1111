/**
 * What the popup shows in each state the user can meet: pending buttons, errors and where they
 * go, the exit line's states, selection and filters over re-renders, the clock's tick, and the
 * Trash's deadlines. Each test here failed on a mutation of the component it covers that every
 * other test let through.
 */
import { parseHTML } from "linkedom";
import { type ComponentChild, render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PopupApp } from "../../../components/popup/PopupApp";
import { RouteBar } from "../../../components/popup/RouteBar";
import { TrashView } from "../../../components/popup/TrashView";
import type { Failure } from "../../../lib/base/failure";
import { FIRST_PAINT_ROWS } from "../../../lib/popup/filter";
import { formatDateTime } from "../../../lib/popup/format";
import type { Notice } from "../../../lib/popup/outcome";
import type { PopupState } from "../../../lib/popup/state";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import type { StoredToken } from "../../../lib/state/tokens";
import { RESTORE_WINDOW_MS, type TrashEntry } from "../../../lib/state/trash";
import { makeToken } from "../stored-token";
import { eventually } from "../wait";
import {
  button,
  check,
  choose,
  click,
  fakeEnv,
  findButton,
  type Mounted,
  mount,
  NOW,
  rows,
  shownNotice,
  waitFor,
} from "./dom";

const DAY = 86_400_000;

function state(tokens: StoredToken[], change: Partial<PopupState> = {}): PopupState {
  return {
    tokens,
    trash: [],
    connection: { activeTokenId: null, lastTokenId: null },
    status: DEFAULT_STATUS,
    settings: { ...DEFAULT_SETTINGS, credentials: true },
    unseenFailure: null,
    ...change,
  };
}

const engineError = (tokenId: number, failure: Failure): ProxyStatus => ({
  ...DEFAULT_STATUS,
  state: "error",
  tokenId,
  error: { failure, at: NOW },
});

/**
 * Replies the test hands out one by one, so a pending state can be looked at. What a reply
 * changes is the test's to wait for.
 */
function heldReplies() {
  const waiting: ((reply: unknown) => void)[] = [];
  return {
    handle: () => new Promise<never>((resolve) => waiting.push(resolve as (r: unknown) => void)),
    get count() {
      return waiting.length;
    },
    async answer(reply: unknown) {
      const next = waiting.shift();
      if (!next) throw new Error("no request is waiting");
      next(reply);
    },
  };
}

/** Mounts `render(value)` with a way to change `value` afterwards, as a storage change does. */
async function mountWithProps<P>(
  initial: P,
  render: (value: P) => ComponentChild,
  env: Parameters<typeof mount>[1],
): Promise<Mounted & { update(next: P): Promise<void> }> {
  let set: ((next: P) => void) | undefined;
  function Host() {
    const [value, setValue] = useState(initial);
    set = setValue;
    return <>{render(value)}</>;
  }
  const mounted = await mount(<Host />, env);
  return {
    ...mounted,
    // Rendered, effects and all, inside act: what follows from it is the test's to wait for.
    update: async (next: P) => {
      await act(() => set?.(next));
    },
  };
}

const rowOf = (m: Mounted, id: number) => {
  const row = m.root.querySelector(`[data-token-id="${id}"]`);
  if (!row) throw new Error(`no row for token #${id}`);
  return row;
};

let mounted: Mounted | undefined;
afterEach(() => {
  vi.useRealTimers();
  mounted?.unmount();
  mounted = undefined;
});

describe("a token row", () => {
  it("names each pending action on its button; a busy row takes no second action", async () => {
    const held = heldReplies();
    const { env, send } = fakeEnv(held.handle);
    const dynamic = makeToken({ id: 3, kind: "dynamic-ip" });
    const s = state([dynamic], { connection: { activeTokenId: 3, lastTokenId: 3 } });
    mounted = await mount(<PopupApp state={s} />, env);
    const m = mounted;
    const disconnect = () =>
      button(m.root, "Turn off token #3: every site goes direct, site rules included");
    const refresh = () => button(m.root, "New IP for token #3");
    const remove = () => button(m.root, "Delete token #3");
    const copies = () => [
      button(m.root, "Copy host:port:user:pass of token #3"),
      button(m.root, "Copy URL for curl of token #3"),
    ];

    await click(m, disconnect());
    expect(send).toHaveBeenLastCalledWith({ type: "off" });
    expect(disconnect().textContent).toBe("Turning off…");
    expect([disconnect(), refresh(), remove()].map((b) => b.disabled)).toEqual([true, true, true]);
    expect(copies().map((b) => b.disabled)).toEqual([false, false]);
    await held.answer({ ok: true, data: null });
    await waitFor(() => expect(disconnect().textContent).toBe("Off"));
    expect([disconnect(), refresh(), remove()].map((b) => b.disabled)).toEqual([
      false,
      false,
      false,
    ]);

    await click(m, refresh());
    expect(refresh().textContent).toBe("Getting a new IP…");
    expect([disconnect(), refresh(), remove()].map((b) => b.disabled)).toEqual([true, true, true]);
    await held.answer({ ok: true, data: null });
    await waitFor(() => expect(refresh().textContent).toBe("New IP"));
    expect(rowOf(m, 3).textContent).toContain("New IP assigned.");

    await click(m, remove());
    expect(send).toHaveBeenLastCalledWith({ type: "deleteTokens", tokenIds: [3] });
    expect(remove().textContent).toBe("Deleting…");
    expect([disconnect(), refresh(), remove()].map((b) => b.disabled)).toEqual([true, true, true]);
    await held.answer({ ok: true, data: { done: [], failed: [] } });
    await waitFor(() => expect(remove().textContent).toBe("Delete"));
    expect(held.count).toBe(0);
  });

  it("an error marks the row and describes it for assistive technology", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const tokens = [makeToken({ id: 1 }), makeToken({ id: 2 })];
    const s = state(tokens, { status: engineError(2, { code: "credentials-refused" }) });
    mounted = await mount(<PopupApp state={s} />, env);
    const failing = rowOf(mounted, 2);
    expect(failing.className).toContain("row--error");
    const error = failing.querySelector(".error");
    expect(error?.textContent).toContain("The proxy refused this token's username or password.");
    expect(failing.getAttribute("aria-describedby")).toBe(error?.getAttribute("id"));
    expect(rowOf(mounted, 1).className).not.toContain("row--error");
    expect(rowOf(mounted, 1).hasAttribute("aria-describedby")).toBe(false);
  });

  it("shows the token's name, a placeholder for no place, and the traffic bar's scale", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const tokens = [
      makeToken({ id: 1, name: "Office line" }),
      makeToken({ id: 2, country: "", state: "", city: "" }),
      makeToken({
        id: 3,
        kind: "dynamic-traffic",
        trafficQuota: 1_073_741_824,
        trafficUsed: 268_435_456,
      }),
      makeToken({ id: 4, kind: "dynamic-traffic", trafficQuota: 100, trafficUsed: 100 }),
    ];
    const inBytes = { ...DEFAULT_SETTINGS, credentials: true, trafficUnit: "bytes" as const };
    mounted = await mount(<PopupApp state={state(tokens, { settings: inBytes })} />, env);
    expect(rowOf(mounted, 1).textContent).toContain("#1 · Office line");
    expect(rowOf(mounted, 2).querySelector(".place")?.textContent).toContain("(no country)");
    const bar = rowOf(mounted, 3).querySelector("progress");
    expect(bar?.getAttribute("max")).toBe("1073741824");
    expect(bar?.getAttribute("value")).toBe("268435456");
    expect(bar?.getAttribute("class") ?? "").not.toContain("exhausted");
    expect(rowOf(mounted, 3).textContent).toContain("256 MiB of 1.00 GiB (25%)");
    // Used up: its own class and words instead of "100 B of 100 B".
    const full = rowOf(mounted, 4);
    expect(full.querySelector("progress")?.getAttribute("class")).toBe("exhausted");
    expect(full.textContent).toContain("Traffic used up");
    expect(full.textContent).not.toContain("100 B of 100 B");
  });

  it("warns about SOCKS5 only where the browser cannot sign in to it", async () => {
    const socks = [makeToken({ id: 1, networkType: "SOCKS5" })];
    const warning = "Chrome cannot sign in to SOCKS5";
    const chrome = fakeEnv(() => ({ ok: true, data: null }), { socksAuth: false });
    mounted = await mount(<PopupApp state={state(socks)} />, chrome.env);
    expect(rowOf(mounted, 1).textContent).toContain(warning);
    mounted.unmount();
    const firefox = fakeEnv(() => ({ ok: true, data: null }), { socksAuth: true });
    mounted = await mount(<PopupApp state={state(socks)} />, firefox.env);
    expect(rowOf(mounted, 1).textContent).not.toContain(warning);
  });
});

describe("the token list", () => {
  const sample = [
    makeToken({ id: 1, kind: "static-ip", country: "Germany", countryCode: "DE" }),
    makeToken({ id: 2, kind: "dynamic-ip", country: "Germany", countryCode: "DE" }),
    makeToken({ id: 3, kind: "static-traffic", country: "Japan", countryCode: "JP" }),
    // Six in all: the filters and bulk actions show from six (lib/popup/list-controls.ts).
    ...[4, 5, 6].map((id) => makeToken({ id, country: "France", countryCode: "FR" })),
  ];

  it("says so when there are no tokens at all", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(<PopupApp state={state([])} />, env);
    expect(mounted.root.textContent).toContain("No tokens yet. Buy one under “New token”.");
  });

  it("counts tokens per country in the country filter", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(<PopupApp state={state(sample)} />, env);
    const m = mounted;
    await waitFor(() => expect(m.root.querySelector(".filters select")).not.toBeNull());
    const country = mounted.root.querySelectorAll(".filters select")[1];
    const labels = [...(country?.querySelectorAll("option") ?? [])].map((o) => o.textContent);
    expect(labels).toEqual(["All countries", "FR France (3)", "DE Germany (2)", "JP Japan (1)"]);
  });

  it("paints what the popup can show first, then the list drawn a window at a time", async () => {
    // A fresh page: modules as a newly opened popup has them, the windowing code not yet in.
    vi.resetModules();
    const { PopupApp: FreshApp } = await import("../../../components/popup/PopupApp");
    const { PopupContext: FreshContext } = await import("../../../components/popup/env");
    const { Rows: FreshRows } = await import("../../../components/popup/lazy-views");
    // Rendered the way the browser does, outside act(): effects wait for the frame.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const many = Array.from({ length: 1000 }, (_, i) => makeToken({ id: i + 1 }));
    const { document, window } = parseHTML(
      '<!doctype html><html lang="en"><body><div id="app"></div></body></html>',
    );
    Object.assign(globalThis, { document, window });
    const root = document.getElementById("app") as unknown as HTMLElement;
    Object.assign(window, { innerWidth: 400, innerHeight: 600, scrollX: 0, scrollY: 0 });
    render(
      <FreshContext.Provider value={env}>
        <FreshApp state={state(many)} />
      </FreshContext.Provider>,
      root,
    );
    mounted = { root, window: window as never, unmount: () => render(null, root) };
    expect(rows(root)).toHaveLength(FIRST_PAINT_ROWS);
    expect(root.querySelector<HTMLElement>("ul.rows")?.style.paddingBottom).toBeFalsy();
    // Preact runs effects after the next frame: timers where there is no frame.
    await vi.runAllTimersAsync();
    await FreshRows.prefetch();
    // The windowed list: its rows from the first, the others standing as padding. It comes in
    // once its chunk has loaded and a render has run: waited for, not assumed after one turn.
    await eventually(async () => {
      await vi.runAllTimersAsync();
      expect(rows(root).length).toBeGreaterThan(FIRST_PAINT_ROWS);
    });
    expect(rows(root).slice(0, 12)).toEqual(many.slice(0, 12).map((t) => t.id));
    expect(root.querySelector<HTMLElement>("ul.rows")?.style.paddingBottom).toMatch(/px$/);
  });

  it("lists expired tokens last: they cannot be connected", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const tokens = [
      makeToken({ id: 1, expiresAt: NOW - DAY }),
      makeToken({ id: 2, expiresAt: NOW + DAY }),
      makeToken({ id: 3, expiresAt: null }),
    ];
    mounted = await mount(<PopupApp state={state(tokens)} />, env);
    expect(rows(mounted.root)).toEqual([2, 3, 1]);
  });

  it("a new filter lists its matches from the first", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const kinds = ["static-ip", "dynamic-ip", "static-traffic"] as const;
    const many = Array.from({ length: 150 }, (_, i) =>
      makeToken({ id: i + 1, kind: kinds[i % 3] ?? "static-ip" }),
    );
    mounted = await mount(<PopupApp state={state(many)} />, env);
    const m = mounted;
    await choose(m, m.root.querySelector(".filters select"), "static-traffic");
    const shown = rows(m.root);
    expect(shown[0]).toBe(3);
    expect(shown.every((id) => id % 3 === 0)).toBe(true);
    expect(m.root.textContent).toContain("Select all 50 matching");
  });

  it("select all takes the matching tokens only; clear selection empties it", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(<PopupApp state={state(sample)} />, env);
    const m = mounted;
    await waitFor(() => expect(m.root.querySelector(".filters select")).not.toBeNull());
    await choose(m, m.root.querySelector(".filters select"), "dynamic-ip");
    await check(m, m.root.querySelector(".toolbar input[type=checkbox]"));
    await choose(m, m.root.querySelector(".filters select"), "all");
    expect(button(m.root, "Delete selected (1)")).toBeTruthy();
    await click(m, button(m.root, "Clear selection"));
    expect(button(m.root, "Delete selected (0)").disabled).toBe(true);
    expect(() => button(m.root, "Clear selection")).toThrow();
  });

  it("a token gone from storage leaves the selection; a batch delete shows it is busy", async () => {
    const held = heldReplies();
    const { env, send } = fakeEnv(held.handle);
    const m = await mountWithProps(sample, (tokens) => <PopupApp state={state(tokens)} />, env);
    mounted = m;
    await check(m, m.root.querySelector('[aria-label="Select token #1"]'));
    await check(m, m.root.querySelector('[aria-label="Select token #2"]'));
    expect(button(m.root, "Delete selected (2)")).toBeTruthy();
    await m.update(sample.filter((t) => t.id !== 2));
    const batch = await findButton(m.root, "Delete selected (1)");
    await click(m, batch);
    expect(send).toHaveBeenLastCalledWith({ type: "deleteTokens", tokenIds: [1] });
    const busy = button(m.root, "Deleting…");
    expect(busy.closest(".toolbar")).not.toBeNull();
    expect(busy.disabled).toBe(true);
    await held.answer({ ok: true, data: { done: [1], failed: [] } });
    // Five tokens left and nothing selected: the bulk actions step aside again.
    await waitFor(() => expect(m.root.textContent).not.toContain("Delete selected"));
  });

  it("the connection decides the active row; a row's own failure wins over the engine's", async () => {
    const { env } = fakeEnv((command) =>
      command.type === "connect"
        ? { ok: false, failure: { code: "api-timeout", seconds: 20 } }
        : { ok: true, data: null },
    );
    // A switch under way: storage says token 1, the engine's last word was about token 2.
    const s = state(sample, {
      connection: { activeTokenId: 1, lastTokenId: 2 },
      status: engineError(2, { code: "credentials-refused" }),
    });
    mounted = await mount(<PopupApp state={s} />, env);
    const m = mounted;
    expect(rowOf(m, 1).className).toContain("row--active");
    expect(
      button(m.root, "Turn off token #1: every site goes direct, site rules included"),
    ).toBeTruthy();
    expect(rowOf(m, 2).className).not.toContain("row--active");
    expect(rowOf(m, 2).querySelector(".error")?.textContent).toContain("refused this token's");
    await click(m, button(m.root, "Connect through token #2"));
    const text = await waitFor(() => {
      const shown = rowOf(m, 2).querySelector(".error")?.textContent ?? "";
      expect(shown).toContain("The provider did not answer within 20 s.");
      return shown;
    });
    expect(text).not.toContain("refused this token's");
  });
});

describe("the popup around the list", () => {
  it("an engine error about a token with no row shows at the top, one with a row only there", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const tokens = [makeToken({ id: 1 })];
    const top = (m: Mounted) => m.root.querySelector(".popup > .error")?.textContent ?? null;
    const m = await mountWithProps(
      engineError(9, { code: "token-missing" }),
      (status) => <PopupApp state={state(tokens, { status })} />,
      env,
    );
    mounted = m;
    expect(top(m)).toContain("The chosen token is no longer stored.");
    await m.update(engineError(1, { code: "token-missing" }));
    await waitFor(() =>
      expect(rowOf(m, 1).querySelector(".error")?.textContent).toContain("no longer stored"),
    );
    expect(top(m)).toBeNull();
  });

  it("marks the current view, and the create form keeps what was typed while hidden", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: [] }));
    mounted = await mount(<PopupApp state={state([makeToken({ id: 1 })])} />, env);
    const m = mounted;
    const pressed = () =>
      [...m.root.querySelectorAll(".views button")].map((b) => b.getAttribute("aria-pressed"));
    expect(pressed()).toEqual(["true", "false", "false", "false"]);
    await click(m, button(m.root, "New token"));
    expect(pressed()).toEqual(["false", "true", "false", "false"]);
    const howMany = () => m.root.querySelector("#create-number") as HTMLInputElement | null;
    // The form is a view of its own, loaded on first use.
    const input = await waitFor(() => {
      const field = howMany();
      if (!field) throw new Error("no number field yet");
      return field;
    });
    input.value = "7";
    await act(() => {
      input.dispatchEvent(new m.window.Event("input", { bubbles: true }));
    });
    await click(m, button(m.root, "Tokens (1)"));
    expect(pressed()).toEqual(["true", "false", "false", "false"]);
    expect(howMany()?.closest("[hidden]")).not.toBeNull();
    await click(m, button(m.root, "New token"));
    expect(howMany()?.value).toBe("7");
  });

  it("an undo that fails says why", async () => {
    const { env } = fakeEnv((command) =>
      command.type === "deleteTokens"
        ? { ok: true, data: { done: [1], failed: [] } }
        : { ok: false, failure: { code: "api-server-error", status: "503" } },
    );
    mounted = await mount(<PopupApp state={state([makeToken({ id: 1 })])} />, env);
    const m = mounted;
    await click(m, button(m.root, "Delete token #1"));
    await click(m, button(await shownNotice(m), "Undo"));
    const notice = await shownNotice(m);
    expect(notice?.className).toContain("notice--error");
    expect(notice?.textContent).toContain("The provider had a problem (503). Try again later.");
  });

  it("relative times move on the 30 s tick and on every storage change, not in between", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    let clock = NOW;
    env.now = () => clock;
    const token = makeToken({ id: 1, expiresAt: NOW + 10 * 60_000 });
    const m = await mountWithProps([token], (tokens) => <PopupApp state={state(tokens)} />, env);
    mounted = m;
    const expiry = () => rowOf(m, 1).textContent ?? "";
    expect(expiry()).toContain("Expires in 10 minutes");
    // The exact date and time is in the line's tooltip.
    const line = [...rowOf(m, 1).querySelectorAll("p")].find((p) =>
      p.textContent?.startsWith("Expires"),
    );
    expect(line?.getAttribute("title")).toBe(formatDateTime(token.expiresAt ?? 0, "en"));
    clock += 3 * 60_000;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_999);
    });
    expect(expiry()).toContain("Expires in 10 minutes");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(expiry()).toContain("Expires in 7 minutes");
    clock += 2 * 60_000;
    await m.update([{ ...token }]);
    await waitFor(() => expect(expiry()).toContain("Expires in 5 minutes"));
  });
});

describe("the exit line", () => {
  const exitVia = (viaTokenId: number | null): ProxyStatus => ({
    ...DEFAULT_STATUS,
    state: viaTokenId === null ? "direct" : "connected",
    tokenId: viaTokenId,
    exitIp: {
      ip: "198.51.100.4",
      country: "Germany",
      countryCode: "DE",
      city: "Berlin",
      checkedAt: NOW - 60_000,
      viaTokenId,
    },
  });

  it("says direct when the check went out without a token", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(<PopupApp state={state([], { status: exitVia(null) })} />, env);
    const line = mounted.root.querySelector("[data-testid=exit-ip]")?.textContent ?? "";
    expect(line).toContain("Berlin, Germany · 1 minute ago");
    expect(line).not.toContain("checked");
    expect(mounted.root.querySelector("[data-testid=route-word]")?.textContent).toBe("No token");
  });

  it("a check from before a switch says where it went; the route word says where traffic goes now", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const switched = state([makeToken({ id: 4 })], {
      connection: { activeTokenId: 4, lastTokenId: 4 },
      status: { ...exitVia(null), state: "checking", tokenId: 4 },
    });
    mounted = await mount(<PopupApp state={switched} />, env);
    const line = mounted.root.querySelector("[data-testid=exit-ip]")?.textContent ?? "";
    expect(line).toContain("checked direct · ");
    expect(mounted.root.querySelector("[data-testid=route-word]")?.textContent).toBe("Checking #4");
  });

  it("a check in flight is shown and not repeated; its failure shows until the next check", async () => {
    const held = heldReplies();
    const { env, send } = fakeEnv(held.handle);
    mounted = await mount(<PopupApp state={state([], { status: exitVia(null) })} />, env);
    const m = mounted;
    const header = () => m.root.querySelector("header") as Element;
    await click(m, button(m.root, "Check"));
    expect(send).toHaveBeenCalledWith({ type: "checkExitIp" });
    const busy = button(m.root, "Checking…");
    expect(busy.disabled).toBe(true);
    await held.answer({ ok: false, failure: { code: "api-timeout", seconds: 20 } });
    await waitFor(() =>
      expect(header().querySelector(".error")?.textContent).toContain(
        "The provider did not answer within 20 s.",
      ),
    );
    expect(button(m.root, "Check").disabled).toBe(false);
    await click(m, button(m.root, "Check"));
    expect(header().querySelector(".error")).toBeNull();
    await held.answer({ ok: true, data: null });
    await waitFor(() => expect(button(m.root, "Check").disabled).toBe(false));
    expect(header().querySelector(".error")).toBeNull();
  });

  it("warns when another extension controls the proxy setting", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const status = { ...DEFAULT_STATUS, controlledByOther: true };
    mounted = await mount(<PopupApp state={state([], { status })} />, env);
    // A rare note: its chunk loads after the first frame.
    await waitFor(() =>
      expect(mounted?.root.querySelector("header .warn")?.textContent).toBe(
        "Another extension controls the browser's proxy setting: Proxy Deck cannot take effect until it is disabled.",
      ),
    );
    mounted.unmount();
    mounted = await mount(<PopupApp state={state([])} />, env);
    expect(mounted.root.querySelector("header .warn")).toBeNull();
  });
});

describe("the Trash", () => {
  const realNow = Date.now();
  const entry = (id: number, deletedAt: number): TrashEntry => ({
    token: makeToken({ id }),
    deletedAt,
    restoreDeadline: deletedAt + RESTORE_WINDOW_MS,
  });
  const view = (
    trash: TrashEntry[],
    now: number,
    options: {
      notify?: (n: Notice) => void;
      restoreIds?: (ids: number[]) => Promise<void>;
    } = {},
  ) => (
    <TrashView
      trash={trash}
      now={now}
      notify={options.notify ?? (() => undefined)}
      restoreIds={options.restoreIds ?? (async () => undefined)}
    />
  );

  it("lists the most recently deleted first, each with when and until when", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const older = entry(1, realNow - 5 * DAY);
    const newer = entry(2, realNow - 2 * DAY);
    const gone = entry(3, realNow - 40 * DAY);
    mounted = await mount(view([older, gone, newer], realNow), env);
    const order = [...mounted.root.querySelectorAll(".trash-row")].map((r) =>
      Number(r.getAttribute("data-token-id")),
    );
    expect(order).toEqual([2, 1, 3]);
    const text = (id: number) =>
      mounted?.root.querySelector(`.trash-row[data-token-id="${id}"]`)?.textContent ?? "";
    expect(text(2)).toContain("Deleted 2 days ago");
    expect(text(2)).toContain(
      `Restorable until ${formatDateTime(newer.restoreDeadline, "en")} (in 28 days)`,
    );
    const expired = mounted.root.querySelector('.trash-row[data-token-id="3"] .expired');
    expect(expired?.textContent).toBe(
      `Can no longer be restored (the deadline was ${formatDateTime(gone.restoreDeadline, "en")}).`,
    );
  });

  it("decides restorable by the exact time, not the last tick of the clock", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    // The deadline passed an hour ago; the popup's ticking clock is a day behind.
    const lapsed = entry(1, realNow - RESTORE_WINDOW_MS - 3_600_000);
    mounted = await mount(view([lapsed], realNow - DAY), env);
    expect(() => button(mounted?.root as Element, "Restore token #1")).toThrow();
    expect(button(mounted.root, "Dismiss token #1 for good")).toBeTruthy();
  });

  it("a restore in flight shows on its button; the selection empties after it", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    let finish: () => void = () => undefined;
    const restored: number[][] = [];
    const restoreIds = (ids: number[]) => {
      restored.push(ids);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const trash = [entry(1, realNow - DAY), entry(2, realNow - 2 * DAY)];
    mounted = await mount(view(trash, realNow, { restoreIds }), env);
    const m = mounted;
    await click(m, button(m.root, "Restore token #1"));
    expect(button(m.root, "Restore token #1").textContent).toBe("Restoring…");
    expect(button(m.root, "Restore token #1").disabled).toBe(true);
    await act(() => finish());
    await waitFor(() => expect(button(m.root, "Restore token #1").textContent).toBe("Restore"));

    await check(m, m.root.querySelector(".toolbar input[type=checkbox]"));
    await click(m, button(m.root, "Restore selected (2)"));
    await act(() => finish());
    expect(restored).toEqual([[1], [1, 2]]);
    await waitFor(() => expect(button(m.root, "Restore selected (0)").disabled).toBe(true));
  });

  it("a selected entry whose deadline passes leaves the selection", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const closing = entry(1, realNow - RESTORE_WINDOW_MS + DAY); // one day left
    const m = await mountWithProps(realNow, (now) => view([closing], now), env);
    mounted = m;
    await check(m, m.root.querySelector('[aria-label="Select token #1"]'));
    expect(button(m.root, "Restore selected (1)")).toBeTruthy();
    await m.update(realNow + 2 * DAY);
    await waitFor(() => expect(button(m.root, "Restore selected (0)").disabled).toBe(true));
  });

  it("a dismiss the background refuses is reported", async () => {
    const { env } = fakeEnv(() => ({ ok: false, failure: { code: "internal" } }));
    const notices: Notice[] = [];
    const gone = entry(1, realNow - 40 * DAY);
    mounted = await mount(view([gone], realNow, { notify: (n) => notices.push(n) }), env);
    await click(mounted, button(mounted.root, "Dismiss token #1 for good"));
    expect(notices).toEqual([
      expect.objectContaining({
        tone: "error",
        lines: ["Something went wrong in Proxy Deck. Try again."],
      }),
    ]);
  });

  it("pages a long Trash: 100 first, then the rest on demand", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const trash = Array.from({ length: 150 }, (_, i) => entry(i + 1, realNow - DAY - i * 1000));
    mounted = await mount(view(trash, realNow), env);
    const m = mounted;
    expect(m.root.querySelectorAll(".trash-row")).toHaveLength(100);
    expect(m.root.textContent).toContain("100 of 150 shown");
    await click(m, button(m.root, "Show 50 more"));
    expect(m.root.querySelectorAll(".trash-row")).toHaveLength(150);
    expect(m.root.textContent).not.toContain("of 150 shown");
  });
});

describe("the route bar: Off and on with no token connected", () => {
  const sample = [makeToken({ id: 1 }), makeToken({ id: 2 })];
  const bar = () => mounted?.root.querySelector("[data-testid=route-bar]");

  it("the popup shows it (after the first rows) only while no token is connected", async () => {
    const { env } = fakeEnv(() => ({ ok: true, data: null }));
    const off = state(sample, { connection: { activeTokenId: null, lastTokenId: 2, off: true } });
    mounted = await mount(<PopupApp state={off} />, env);
    await waitFor(() =>
      expect(bar()?.textContent).toContain("Off: every site goes direct, site rules included."),
    );
    mounted.unmount();
    const on = state(sample, { connection: { activeTokenId: 1, lastTokenId: 1 } });
    mounted = await mount(<PopupApp state={on} />, env);
    expect(bar()).toBeNull();
  });

  it("Off turns the last token on; no token but not Off offers Off", async () => {
    const { env, send } = fakeEnv(() => ({ ok: true, data: null }));
    mounted = await mount(
      <RouteBar connection={{ activeTokenId: null, lastTokenId: 2, off: true }} />,
      env,
    );
    await click(mounted, button(mounted.root, "Turn on: connect token #2 again"));
    expect(send).toHaveBeenLastCalledWith({ type: "toggle" });
    mounted.unmount();
    mounted = await mount(<RouteBar connection={{ activeTokenId: null, lastTokenId: 2 }} />, env);
    expect(bar()?.textContent).toContain("sites go direct unless a site rule routes them");
    await click(
      mounted,
      button(mounted.root, "Turn off: every site goes direct, site rules included"),
    );
    expect(send).toHaveBeenLastCalledWith({ type: "off" });
  });
});

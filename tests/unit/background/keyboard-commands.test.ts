/**
 * The keyboard commands over real extension storage (fakeBrowser): Off and the toggle reach the
 * engine, next/previous connect the recent token the run is at (skipping deleted and unusable
 * ones), and the site commands route the active tab's host through setSiteRoute.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import {
  createKeyboardCommands,
  type KeyboardDeps,
} from "../../../lib/background/keyboard-commands";
import type { EngineResult } from "../../../lib/proxy/engine-result";
import type { Route } from "../../../lib/routing/rules";
import type { Connection } from "../../../lib/state/status";
import { read } from "../../../lib/storage/read";
import { updateState, writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

const NOW = 1_800_000_000_000;

function setup(over: Partial<KeyboardDeps> = {}) {
  const calls: string[] = [];
  const routed: [string, Route | null][] = [];
  const ok: EngineResult = { ok: true };
  const run = createKeyboardCommands({
    engine: {
      off: async () => {
        calls.push("off");
        return ok;
      },
      toggle: async () => {
        calls.push("toggle");
        return ok;
      },
      // As the engine does: the token goes first in the recent list and is connected.
      connect: async (tokenId) => {
        calls.push(`connect ${tokenId}`);
        await updateState(["connection"], ({ connection }) => ({
          write: {
            connection: {
              ...connection,
              activeTokenId: tokenId,
              lastTokenId: tokenId,
              recentTokenIds: [
                tokenId,
                ...(connection.recentTokenIds ?? []).filter((id) => id !== tokenId),
              ],
            },
          },
          result: undefined,
        }));
        return ok;
      },
    },
    routeSite: async (host, route) => {
      routed.push([host, route]);
      return { ok: true };
    },
    activeTabUrl: async () => "https://www.example.com/page?q=1",
    supportsSocksAuth: false,
    now: () => NOW,
    ...over,
  });
  return { run, calls, routed };
}

async function connected(activeTokenId: number | null, recentTokenIds: number[]) {
  const connection: Connection = { activeTokenId, lastTokenId: activeTokenId, recentTokenIds };
  await writeState({ connection });
}

beforeEach(async () => {
  fakeBrowser.reset();
  await writeState({
    tokens: [
      makeToken({ id: 1 }),
      makeToken({ id: 2 }),
      makeToken({ id: 3 }),
      makeToken({ id: 4 }),
      // Expired: cannot carry traffic.
      makeToken({ id: 5, expiresAt: NOW - 1_000 }),
      // SOCKS5: Chrome cannot log in to it.
      makeToken({ id: 6, networkType: "SOCKS5" }),
    ],
  });
});

describe("keyboard commands", () => {
  it("Off and the last token reach the engine; other names are not ours", async () => {
    const { run, calls } = setup();
    expect(await run("proxy-off")).toEqual({ ok: true });
    expect(await run("toggle-proxy")).toEqual({ ok: true });
    expect(await run("_execute_action")).toBeNull();
    expect(calls).toEqual(["off", "toggle"]);
  });

  it("next walks the recent tokens from the connected one, skipping gone and unusable ones", async () => {
    const { run, calls } = setup();
    // 9 was deleted, 5 expired, 6 is SOCKS5 in Chrome.
    await connected(4, [4, 9, 5, 3, 6, 1]);
    for (let press = 0; press < 4; press++) await run("next-token");
    expect(calls).toEqual(["connect 3", "connect 1", "connect 4", "connect 3"]);
  });

  it("previous goes the other way, wrapping from the newest to the oldest", async () => {
    const { run, calls } = setup();
    await connected(4, [4, 3, 2, 1]);
    for (let press = 0; press < 3; press++) await run("previous-token");
    expect(calls).toEqual(["connect 1", "connect 2", "connect 3"]);
    await run("next-token");
    expect(calls.at(-1)).toBe("connect 2");
  });

  it("Firefox carries SOCKS5 logins: the SOCKS5 token is one of the steps there", async () => {
    const { run, calls } = setup({ supportsSocksAuth: true });
    await connected(4, [4, 6, 3]);
    await run("next-token");
    expect(calls).toEqual(["connect 6"]);
  });

  it("two quick presses step twice, though the first switch has not landed", async () => {
    const releases: (() => void)[] = [];
    const held = () => new Promise<void>((resolve) => releases.push(resolve));
    const connects: number[] = [];
    const { run } = setup({
      engine: {
        off: async () => ({ ok: true }),
        toggle: async () => ({ ok: true }),
        connect: async (tokenId) => {
          connects.push(tokenId);
          await held();
          return { ok: true };
        },
      },
    });
    await connected(4, [4, 3, 2, 1]);
    const first = run("next-token");
    const second = run("next-token");
    await expect.poll(() => connects.length).toBe(2);
    for (const release of releases) release();
    await Promise.all([first, second]);
    expect(connects).toEqual([3, 2]);
  });

  it("with no recent token to go to, next and previous say so and switch nothing", async () => {
    const { run, calls } = setup();
    await connected(null, []);
    expect(await run("next-token")).toEqual({ ok: false, failure: { code: "no-recent-token" } });
    await connected(4, [4, 9, 5]);
    expect(await run("previous-token")).toEqual({
      ok: false,
      failure: { code: "no-recent-token" },
    });
    expect(calls).toEqual([]);
  });

  it("this site through the connected token: the active tab's host gets its own rule", async () => {
    const { run, routed } = setup();
    // The connected token, not the last one or the most recent (they differ here).
    await writeState({ connection: { activeTokenId: 3, lastTokenId: 2, recentTokenIds: [1, 3] } });
    expect(await run("site-via-token")).toEqual({ ok: true });
    expect(routed).toEqual([["www.example.com", { kind: "token", tokenId: 3 }]]);
  });

  it("this site direct: the host of the tab the key was pressed on, else the active tab", async () => {
    const { run, routed } = setup();
    await run("site-direct", { url: "http://shop.example.org:8080/cart" });
    await run("site-direct");
    expect(routed).toEqual([
      ["shop.example.org", { kind: "direct" }],
      ["www.example.com", { kind: "direct" }],
    ]);
  });

  it("no connected token, or no web page: the site commands say why and route nothing", async () => {
    const { run, routed } = setup({ activeTabUrl: async () => "chrome://extensions/" });
    await connected(null, [3]);
    expect(await run("site-via-token", { url: "https://example.com/" })).toEqual({
      ok: false,
      failure: { code: "not-connected" },
    });
    expect(await run("site-direct")).toEqual({ ok: false, failure: { code: "no-site" } });
    expect(await run("site-via-token", { url: "about:blank" })).toEqual({
      ok: false,
      failure: { code: "no-site" },
    });
    expect(routed).toEqual([]);
  });

  it("keeps the run in session storage, so a woken worker steps on from it", async () => {
    await connected(4, [4, 3, 2, 1]);
    await setup().run("next-token");
    expect(await read("keyboardCycle")).toEqual({ order: [4, 3, 2, 1], from: 4, at: 3 });
    // A new handler (a new worker) reads the run back.
    const { run, calls } = setup();
    await run("next-token");
    expect(calls).toEqual(["connect 2"]);
  });
});

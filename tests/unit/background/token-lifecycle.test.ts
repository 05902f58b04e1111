import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { ApiClient } from "../../../lib/api";
import { ApiError } from "../../../lib/api/errors";
import { deleteTokens, dismissTrash, restoreTokens } from "../../../lib/background/token-lifecycle";
import type { Engine } from "../../../lib/proxy/engine";
import { canRestore, RESTORE_WINDOW_MS, trashEntry } from "../../../lib/state/trash";
import { read } from "../../../lib/storage/read";
import { updateState, writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-01T00:00:00Z");

/** A provider that refuses the ids in `refuse` and records what it was asked. */
function fakeApi(refuse: number[] = [], canRestore = true) {
  const calls: string[] = [];
  const api = {
    async deleteToken(id: number) {
      calls.push(`deleteToken ${id}`);
      return {
        token_id: id,
        deleted_at: "2026-11-01T00:00:00Z",
        can_restore: canRestore,
        restore_deadline: "2026-12-01T00:00:00Z",
      };
    },
    async deleteTokens(ids: readonly number[]) {
      calls.push(`deleteTokens ${ids.join(",")}`);
      const failed = ids.filter((id) => refuse.includes(id));
      return {
        total_count: ids.length,
        success_count: ids.length - failed.length,
        failed_count: failed.length,
        failed_ids: failed,
        chunk_errors: [],
        deleted_at: "2026-11-01T00:00:00Z",
      };
    },
    async restoreToken(id: number) {
      calls.push(`restoreToken ${id}`);
      return {
        token_id: id,
        restored_at: "2026-11-02T00:00:00Z",
        token_info: { ip: "198.51.100.7", port: 8000, status: "active" },
      };
    },
    async restoreTokens(ids: readonly number[]) {
      calls.push(`restoreTokens ${ids.join(",")}`);
      const failed = ids.filter((id) => refuse.includes(id));
      return {
        total_count: ids.length,
        success_count: ids.length - failed.length,
        failed_count: failed.length,
        failed_ids: failed,
        chunk_errors: [],
        restored_at: "2026-11-02T00:00:00Z",
      };
    },
  };
  return { api: api as unknown as ApiClient, calls };
}

function fakeEngine() {
  const calls: string[] = [];
  let switches = 0;
  const engine = {
    switchCount: () => switches,
    async disconnect(options: { waitForExitCheck?: boolean } = {}) {
      switches++;
      // A delete asks the provider while the direct exit check is out (engine.test.ts).
      calls.push(options.waitForExitCheck === false ? "disconnect" : "disconnect, waiting");
      await writeState({ connection: { activeTokenId: null, lastTokenId: null } });
      return { ok: true as const };
    },
    // The engine's own (engine.test.ts): the connected one among `ids` is left first.
    async leaveForDelete(ids: readonly number[]) {
      const { activeTokenId } = await read("connection");
      const left = activeTokenId !== null && ids.includes(activeTokenId) ? activeTokenId : null;
      if (left !== null) await engine.disconnect({ waitForExitCheck: false });
      return { left, release: () => calls.push("released") };
    },
    async connect(id: number) {
      switches++;
      calls.push(`connect ${id}`);
      await writeState({ connection: { activeTokenId: id, lastTokenId: id } });
      return { ok: true as const };
    },
  };
  return { engine: engine as unknown as Engine, calls };
}

const readTokens = () => read("tokens");
const readTrash = () => read("trash");
const seed = (ids: number[]) => writeState({ tokens: ids.map((id) => makeToken({ id })) });

beforeEach(() => {
  fakeBrowser.reset();
});

describe("trash entries", () => {
  it.each([
    [
      "server deadline",
      "2026-11-01T00:00:00Z",
      "2026-11-20T00:00:00Z",
      Date.parse("2026-11-20T00:00:00Z"),
    ],
    ["30 days after deletion", "2026-11-01T00:00:00Z", undefined, NOW + RESTORE_WINDOW_MS],
    ["local clock when the server sent garbage", "not a date", "", NOW + RESTORE_WINDOW_MS],
  ])("deadline from %s", (_name, deletedAt, deadline, expected) => {
    expect(trashEntry(makeToken(), deletedAt, deadline, NOW).restoreDeadline).toBe(expected);
  });

  it("is restorable up to and including the deadline", () => {
    expect(canRestore({ restoreDeadline: NOW }, NOW)).toBe(true);
    expect(canRestore({ restoreDeadline: NOW }, NOW + 1)).toBe(false);
  });
});

describe("deleteTokens", () => {
  it("moves one token to the trash with the server's deadline", async () => {
    await seed([1, 2]);
    const { api, calls } = fakeApi();
    const outcome = await deleteTokens(api, fakeEngine().engine, [1], NOW);
    expect(outcome).toEqual({ done: [1], failed: [] });
    expect(calls).toEqual(["deleteToken 1"]);
    expect((await readTokens()).map((t) => t.id)).toEqual([2]);
    const [entry] = await readTrash();
    expect(entry?.token.id).toBe(1);
    expect(entry?.restoreDeadline).toBe(Date.parse("2026-12-01T00:00:00Z"));
  });

  it("a delete the provider calls final (can_restore: false) is kept as such and not restored", async () => {
    await seed([1, 2]);
    const { api, calls } = fakeApi([], false);
    const outcome = await deleteTokens(api, fakeEngine().engine, [1], NOW);
    expect(outcome).toEqual({ done: [1], failed: [], unrestorable: [1] });
    const [entry] = await readTrash();
    expect(entry?.restorable).toBe(false);
    expect(entry && canRestore(entry, NOW)).toBe(false);
    // A restore is answered without asking the provider.
    const restored = await restoreTokens(api, [1], NOW);
    expect(restored.done).toEqual([]);
    expect(calls).toEqual(["deleteToken 1"]);
  });

  it("keeps the ids the server refused in the list and reports them", async () => {
    await seed([1, 2, 3]);
    const { api } = fakeApi([2]);
    const outcome = await deleteTokens(api, fakeEngine().engine, [1, 2, 3, 3], NOW);
    expect(outcome.done).toEqual([1, 3]);
    expect(outcome.failed.map((f) => f.id)).toEqual([2]);
    expect(outcome.failed[0]?.failure).toEqual({ code: "provider-refused-token" });
    expect((await readTokens()).map((t) => t.id)).toEqual([2]);
    expect((await readTrash()).map((e) => e.token.id).sort()).toEqual([1, 3]);
  });

  it("disconnects first when the connected token is deleted", async () => {
    await seed([1, 2]);
    await writeState({ connection: { activeTokenId: 2, lastTokenId: 2 } });
    const engine = fakeEngine();
    await deleteTokens(fakeApi().api, engine.engine, [1, 2], NOW);
    expect(engine.calls).toEqual(["disconnect", "released"]);
  });

  it("disconnects after the delete when the token was connected while the provider deleted it", async () => {
    await seed([1, 2]);
    const engine = fakeEngine();
    const { api } = fakeApi();
    // The user connects the token while its delete is on the wire.
    const connectMeanwhile = {
      ...api,
      deleteToken: async (id: number) => {
        await writeState({ connection: { activeTokenId: id, lastTokenId: id } });
        return api.deleteToken(id);
      },
    } as ApiClient;
    await deleteTokens(connectMeanwhile, engine.engine, [2], NOW);
    expect(engine.calls).toEqual(["disconnect", "released"]);
    expect((await read("connection")).activeTokenId).toBe(null);
  });

  it("a delete of the connected token the provider fails or refuses connects it again: a failed delete never leaves traffic direct", async () => {
    await seed([1, 2]);
    await writeState({ connection: { activeTokenId: 2, lastTokenId: 2 } });
    const failing = {
      deleteToken: async () => {
        throw new ApiError({ kind: "network", operation: "deleteToken" });
      },
    } as unknown as ApiClient;
    const engine = fakeEngine();
    await expect(deleteTokens(failing, engine.engine, [2], NOW)).rejects.toBeInstanceOf(ApiError);
    expect(engine.calls).toEqual(["disconnect", "released", "connect 2"]);
    expect((await read("connection")).activeTokenId).toBe(2);
    expect((await readTokens()).map((t) => t.id)).toEqual([1, 2]);

    // In a batch, the provider refuses the connected one: it stays, connected. (Not after the
    // unanswered delete above: a refusal then reads as done already, done-before.test.ts.)
    await writeState({ movesOnWire: {} });
    const refusing = fakeEngine();
    const outcome = await deleteTokens(fakeApi([2]).api, refusing.engine, [1, 2], NOW);
    expect(outcome.done).toEqual([1]);
    expect(refusing.calls).toEqual(["disconnect", "released", "connect 2"]);
    expect((await read("connection")).activeTokenId).toBe(2);

    // The user pressed Off while the delete was on its way: Off stands.
    await writeState({ connection: { activeTokenId: 2, lastTokenId: 2 } });
    const offMeanwhile = {
      deleteToken: async () => {
        await writeState({ connection: { activeTokenId: null, lastTokenId: 2, off: true } });
        throw new ApiError({ kind: "network", operation: "deleteToken" });
      },
    } as unknown as ApiClient;
    const off = fakeEngine();
    await expect(deleteTokens(offMeanwhile, off.engine, [2], NOW)).rejects.toBeInstanceOf(ApiError);
    expect(off.calls).toEqual(["disconnect", "released"]);

    // The user pressed Disconnect meanwhile: it leaves the state the delete's own did, and
    // still stands.
    await writeState({ connection: { activeTokenId: 2, lastTokenId: 2 } });
    const user = fakeEngine();
    const disconnectMeanwhile = {
      deleteToken: async () => {
        await user.engine.disconnect();
        throw new ApiError({ kind: "network", operation: "deleteToken" });
      },
    } as unknown as ApiClient;
    await expect(deleteTokens(disconnectMeanwhile, user.engine, [2], NOW)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(user.calls).toEqual(["disconnect", "disconnect, waiting", "released"]);
    expect((await read("connection")).activeTokenId).toBeNull();
  });

  it("leaves another connected token alone", async () => {
    await seed([1, 2]);
    await writeState({ connection: { activeTokenId: 1, lastTokenId: 1 } });
    const engine = fakeEngine();
    await deleteTokens(fakeApi().api, engine.engine, [2], NOW);
    expect(engine.calls).toEqual(["released"]);
  });

  it("loses nothing when the provider fails as a whole", async () => {
    await seed([1, 2]);
    const api = {
      deleteTokens: async () => {
        throw new ApiError({ kind: "http", operation: "deleteTokens", status: 500 });
      },
    } as unknown as ApiClient;
    await expect(deleteTokens(api, fakeEngine().engine, [1, 2], NOW)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect((await readTokens()).map((t) => t.id)).toEqual([1, 2]);
    expect(await readTrash()).toEqual([]);
  });
});

describe("restoreTokens", () => {
  const trashed = (id: number, deadline: number) =>
    updateState(["trash"], ({ trash }) => ({
      write: {
        trash: [
          ...trash,
          { token: makeToken({ id, ip: "" }), deletedAt: NOW, restoreDeadline: deadline },
        ],
      },
      result: undefined,
    }));

  it("restores one token with the address the server reports", async () => {
    await trashed(1, NOW + 1000);
    const outcome = await restoreTokens(fakeApi().api, [1], NOW);
    expect(outcome).toEqual({ done: [1], failed: [] });
    expect((await readTokens())[0]?.ip).toBe("198.51.100.7");
    expect(await readTrash()).toEqual([]);
  });

  it("does not ask the server for tokens past their deadline, and says why", async () => {
    await trashed(1, NOW - 1);
    await trashed(2, NOW + 1000);
    await trashed(3, NOW + 1000);
    const { api, calls } = fakeApi([3]);
    const outcome = await restoreTokens(api, [1, 2, 3], NOW);
    expect(calls).toEqual(["restoreTokens 2,3"]);
    expect(outcome.done).toEqual([2]);
    expect(outcome.failed.map((f) => f.id)).toEqual([1, 3]);
    expect(outcome.failed.map((f) => f.failure.code)).toEqual([
      "restore-window-passed",
      "provider-refused-token",
    ]);
    expect((await readTrash()).map((e) => e.token.id).sort()).toEqual([1, 3]);
  });

  it("dismisses entries for good", async () => {
    await trashed(1, NOW - 1);
    await dismissTrash([1]);
    expect(await readTrash()).toEqual([]);
  });
});

describe("overlapping moves", () => {
  it("a delete that lands after an overlapping restore finished keeps the token (in the trash)", async () => {
    await writeState({
      trash: [{ token: makeToken({ id: 1 }), deletedAt: NOW, restoreDeadline: NOW + 1000 }],
    });
    // The restore's answer arrives first and brings the token back; the delete's answer then
    // moves it to the trash again: it must be in exactly one of the two lists.
    await restoreTokens(fakeApi().api, [1], NOW);
    await deleteTokens(fakeApi().api, fakeEngine().engine, [1], NOW);
    expect((await readTokens()).map((t) => t.id)).toEqual([]);
    expect((await readTrash()).map((e) => e.token.id)).toEqual([1]);
  });

  it("a delete of a token already in the trash does not drop its trash entry", async () => {
    await writeState({
      trash: [{ token: makeToken({ id: 1 }), deletedAt: NOW, restoreDeadline: NOW + 1000 }],
    });
    await deleteTokens(fakeApi().api, fakeEngine().engine, [1], NOW);
    expect((await readTrash()).map((e) => e.token.id)).toEqual([1]);
  });

  it("a restore of a token already in the list does not drop it", async () => {
    await seed([1]);
    // The token is listed, yet the server restores it (a second restore raced the first).
    const api = fakeApi().api;
    await writeState({
      trash: [{ token: makeToken({ id: 2 }), deletedAt: NOW, restoreDeadline: NOW + 1000 }],
    });
    await restoreTokens(api, [2], NOW);
    await restoreTokens(api, [1, 2], NOW);
    expect((await readTokens()).map((t) => t.id).sort()).toEqual([1, 2]);
  });
});

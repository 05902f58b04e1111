import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { ApiClient } from "../../../lib/api";
import { ApiError } from "../../../lib/api/errors";
import { deleteTokens, dismissTrash, restoreTokens } from "../../../lib/background/token-commands";
import type { Engine } from "../../../lib/proxy/engine";
import {
  readTokens,
  readTrash,
  saveConnection,
  updateTokens,
  updateTrash,
} from "../../../lib/state/storage";
import { canRestore, RESTORE_WINDOW_MS, trashEntry } from "../../../lib/state/trash";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-01T00:00:00Z");

/** A provider that refuses the ids in `refuse` and records what it was asked. */
function fakeApi(refuse: number[] = []) {
  const calls: string[] = [];
  const api = {
    async deleteToken(id: number) {
      calls.push(`deleteToken ${id}`);
      return {
        token_id: id,
        deleted_at: "2026-11-01T00:00:00Z",
        can_restore: true,
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
  const engine = {
    async disconnect() {
      calls.push("disconnect");
      await saveConnection({ activeTokenId: null, lastTokenId: null });
      return { ok: true as const };
    },
  };
  return { engine: engine as unknown as Engine, calls };
}

const seed = (ids: number[]) =>
  updateTokens(() => ({ tokens: ids.map((id) => makeToken({ id })), result: undefined }));

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

  it("keeps the ids the server refused in the list and reports them", async () => {
    await seed([1, 2, 3]);
    const { api } = fakeApi([2]);
    const outcome = await deleteTokens(api, fakeEngine().engine, [1, 2, 3, 3], NOW);
    expect(outcome.done).toEqual([1, 3]);
    expect(outcome.failed.map((f) => f.id)).toEqual([2]);
    expect(outcome.failed[0]?.reason).toMatch(/refused/);
    expect((await readTokens()).map((t) => t.id)).toEqual([2]);
    expect((await readTrash()).map((e) => e.token.id).sort()).toEqual([1, 3]);
  });

  it("disconnects first when the connected token is deleted", async () => {
    await seed([1, 2]);
    await saveConnection({ activeTokenId: 2, lastTokenId: 2 });
    const engine = fakeEngine();
    await deleteTokens(fakeApi().api, engine.engine, [1, 2], NOW);
    expect(engine.calls).toEqual(["disconnect"]);
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
    updateTrash((trash) => ({
      trash: [
        ...trash,
        { token: makeToken({ id, ip: "" }), deletedAt: NOW, restoreDeadline: deadline },
      ],
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
    expect(outcome.failed[0]?.reason).toMatch(/30-day/);
    expect((await readTrash()).map((e) => e.token.id).sort()).toEqual([1, 3]);
  });

  it("dismisses entries for good", async () => {
    await trashed(1, NOW - 1);
    await dismissTrash([1]);
    expect(await readTrash()).toEqual([]);
  });
});

/**
 * A delete or restore whose answer never came (every attempt unanswered, or the worker or the
 * browser gone before it was stored): a later repeat the provider refuses as done already is
 * taken as done. The provider is scripted here, and the sandbox over real HTTP where the
 * client's retries matter; the browser restart and the worker stop are in
 * tests/scenarios/token-races.ts (both browsers).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import type { ApiClient } from "../../../lib/api";
import { ApiError } from "../../../lib/api/errors";
import { deleteTokens, dismissTrash, restoreTokens } from "../../../lib/background/token-lifecycle";
import type { Engine } from "../../../lib/proxy/engine";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { useSandbox } from "../api/sandbox-harness";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-01T00:00:00Z");
const lost = (operation: string) => new ApiError({ kind: "network", operation });
const refused = (operation: string, status: number) =>
  new ApiError({ kind: "http", operation, status });

/** Each call takes the next scripted outcome: an answer, or an error thrown. */
function scriptedApi(script: Record<string, (ids: readonly number[]) => unknown>) {
  const call =
    (name: string) =>
    async (...args: unknown[]) => {
      const ids = (Array.isArray(args[0]) ? args[0] : [args[0]]) as number[];
      const outcome = script[name]?.(ids);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    };
  return {
    deleteToken: call("deleteToken"),
    deleteTokens: call("deleteTokens"),
    restoreToken: call("restoreToken"),
    restoreTokens: call("restoreTokens"),
  } as unknown as ApiClient;
}

const engine = {
  switchCount: () => 0,
  leaveForDelete: async () => ({ left: null, release: () => undefined }),
  disconnect: async () => ({ ok: true }),
  connect: async () => ({ ok: true }),
} as unknown as Engine;

const batchAnswer = (ids: readonly number[], failed: number[]) => ({
  total_count: ids.length,
  success_count: ids.length - failed.length,
  failed_count: failed.length,
  failed_ids: failed,
  chunk_errors: [],
  failed_after_lost_answer: [],
  deleted_at: "2026-11-01T00:00:00Z",
  restored_at: "2026-11-01T00:00:00Z",
});

const listed = async () => (await read("tokens")).map((t) => t.id);
const trashed = async () => (await read("trash")).map((e) => e.token.id);
const inTrash = (ids: number[]) =>
  writeState({
    trash: ids.map((id) => ({
      token: makeToken({ id }),
      deletedAt: NOW,
      restoreDeadline: NOW + 86_400_000,
    })),
  });

beforeEach(() => {
  fakeBrowser.reset();
});

describe("a restore whose answer never came", () => {
  it("is kept on the wire; the repeat refused as 'not deleted' brings the token back", async () => {
    await inTrash([5]);
    const first = scriptedApi({ restoreToken: () => lost("restoreToken") });
    await expect(restoreTokens(first, [5], NOW)).rejects.toBeInstanceOf(ApiError);
    expect(await trashed()).toEqual([5]);
    expect(await read("movesOnWire")).toEqual({ 5: { op: "restore", at: NOW } });

    const repeat = scriptedApi({ restoreToken: () => refused("restoreToken", 400) });
    expect(await restoreTokens(repeat, [5], NOW)).toEqual({ done: [5], failed: [] });
    expect(await listed()).toEqual([5]);
    expect(await trashed()).toEqual([]);
    expect(await read("movesOnWire")).toEqual({});
  });

  it("a worker or browser gone before the answer was stored: the same, from storage alone", async () => {
    // What the record holds when the request went out and nothing after it ran.
    await inTrash([5, 6]);
    await writeState({
      movesOnWire: { 5: { op: "restore", at: NOW - 1 }, 6: { op: "delete", at: NOW - 1 } },
    });
    const repeat = scriptedApi({ restoreTokens: (ids) => batchAnswer(ids, [5, 6]) });
    const outcome = await restoreTokens(repeat, [5, 6], NOW);
    // 6 was on the wire for another move: its refusal is a refusal.
    expect(outcome.done).toEqual([5]);
    expect(outcome.failed.map((f) => f.id)).toEqual([6]);
    expect(await listed()).toEqual([5]);
    expect(await trashed()).toEqual([6]);
    expect(await read("movesOnWire")).toEqual({});
  });

  it("a refusal with nothing on the wire before stays a refusal, and the record is cleared", async () => {
    await inTrash([5]);
    const api = scriptedApi({ restoreToken: () => refused("restoreToken", 400) });
    await expect(restoreTokens(api, [5], NOW)).rejects.toMatchObject({ status: 400 });
    expect(await trashed()).toEqual([5]);
    expect(await read("movesOnWire")).toEqual({});
  });
});

describe("a delete whose answer never came", () => {
  it("the repeat refused as 'does not exist' or 'already deleted' moves the token to the trash, restorable", async () => {
    await writeState({ tokens: [makeToken({ id: 7 }), makeToken({ id: 8 })] });
    const first = scriptedApi({ deleteToken: () => lost("deleteToken") });
    await expect(deleteTokens(first, engine, [7], NOW)).rejects.toBeInstanceOf(ApiError);
    expect(await listed()).toEqual([7, 8]);

    const repeat = scriptedApi({ deleteToken: () => refused("deleteToken", 404) });
    expect((await deleteTokens(repeat, engine, [7], NOW)).done).toEqual([7]);
    expect(await listed()).toEqual([8]);
    expect((await read("trash")).map((e) => [e.token.id, e.restorable ?? true])).toEqual([
      [7, true],
    ]);
    expect(await read("movesOnWire")).toEqual({});
  });

  it("a batch chunk that got no answer keeps its ids on the wire; the answered ones are cleared", async () => {
    await writeState({ tokens: [makeToken({ id: 1 }), makeToken({ id: 2 })] });
    const api = scriptedApi({
      deleteTokens: (ids) => ({
        ...batchAnswer(ids, [2]),
        success_count: 1,
        chunk_errors: [{ ids: [2], error: lost("deleteTokens") }],
      }),
    });
    const outcome = await deleteTokens(api, engine, [1, 2], NOW);
    expect(outcome.done).toEqual([1]);
    expect(await read("movesOnWire")).toEqual({ 2: { op: "delete", at: NOW } });
  });
});

describe("kept and dropped", () => {
  it("a delete taken as done for an earlier request's sake counts its window from when that one went out", async () => {
    const sent = NOW - 5 * 86_400_000;
    await writeState({
      tokens: [makeToken({ id: 7 }), makeToken({ id: 8 }), makeToken({ id: 9 })],
      movesOnWire: { 7: { op: "delete", at: sent }, 8: { op: "delete", at: sent } },
    });
    const single = scriptedApi({ deleteToken: () => refused("deleteToken", 409) });
    await deleteTokens(single, engine, [7], NOW);
    const batch = scriptedApi({ deleteTokens: (ids) => batchAnswer(ids, [8]) });
    expect((await deleteTokens(batch, engine, [8, 9], NOW)).done).toEqual([8, 9]);
    const deletedAt = Object.fromEntries(
      (await read("trash")).map((e) => [e.token.id, e.deletedAt]),
    );
    expect(deletedAt).toEqual({ 7: sent, 8: sent, 9: Date.parse("2026-11-01T00:00:00Z") });
  });

  it("a second try keeps the first one's time; a dismissed token's move is dropped", async () => {
    await inTrash([5, 6]);
    const lostAgain = scriptedApi({ restoreTokens: () => lost("restoreTokens") });
    await expect(restoreTokens(lostAgain, [5, 6], NOW)).rejects.toBeInstanceOf(ApiError);
    await expect(restoreTokens(lostAgain, [5, 6], NOW + 1000)).rejects.toBeInstanceOf(ApiError);
    expect(await read("movesOnWire")).toEqual({
      5: { op: "restore", at: NOW },
      6: { op: "restore", at: NOW },
    });
    await dismissTrash([6]);
    expect(await read("movesOnWire")).toEqual({ 5: { op: "restore", at: NOW } });
  });
});

describe("through the client's retries, against the sandbox", () => {
  const { client, addFault, state } = useSandbox();

  it("a delete done unheard, then refused 429 to the end: kept, and the user's repeat is taken as done", async () => {
    const { api } = client();
    const {
      tokens: [bought],
    } = await api.createStaticTraffic({ number: 1, country_id: 1 });
    const id = bought?.id ?? 0;
    await writeState({ tokens: [makeToken({ id })] });
    await addFault({ drop_after_commit: true, count: 1 });
    await addFault({ status: 429, retry_after: 0, count: 2 });
    await expect(deleteTokens(api, engine, [id], NOW)).rejects.toMatchObject({
      kind: "rate-limited",
    });
    expect((await state()).tokens.find((t) => t.id === id)?.status).toBe("deleted");
    expect(await read("movesOnWire")).toEqual({ [id]: { op: "delete", at: NOW } });

    expect((await deleteTokens(api, engine, [id], NOW)).done).toEqual([id]);
    expect(await trashed()).toEqual([id]);
  });
});

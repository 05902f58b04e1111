/**
 * Reading a slice with only the tokens it names: one read, the named tokens checked as a full
 * read checks them, the others not even looked at (real extension storage, fakeBrowser).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { storedTokenSchema } from "../../../lib/state/tokens";
import { read, readStateWithNamedTokens } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe("readStateWithNamedTokens", () => {
  it("returns the slice and, checked, only the tokens it names", async () => {
    const tokens = [1, 2, 3, 4].map((id) => makeToken({ id }));
    await writeState({ tokens, connection: { activeTokenId: 3, lastTokenId: 3 } });
    // A damaged entry among the named ones is left out, as a full read leaves it out.
    const stored = (await fakeBrowser.storage.local.get("tokens")).tokens as unknown[];
    await fakeBrowser.storage.local.set({ tokens: [...stored, { id: 5, host: 42 }] });
    const checks = vi.spyOn(storedTokenSchema, "safeParse");

    const slice = await readStateWithNamedTokens(["connection"], ({ connection }) => {
      return new Set([connection.activeTokenId ?? -1, 1, 5, 99]);
    });

    expect(checks).toHaveBeenCalledTimes(3); // 1, 3 and the damaged 5; not 2 or 4
    expect(slice.connection.activeTokenId).toBe(3);
    expect(slice.tokens.map((t) => t.id)).toEqual([1, 3]);
    expect(slice.tokens).toEqual((await read("tokens")).filter((t) => [1, 3].includes(t.id)));
  });

  it("names nothing: no token is read", async () => {
    await writeState({ tokens: [makeToken({ id: 1 })] });
    expect((await readStateWithNamedTokens([], () => new Set())).tokens).toEqual([]);
  });
});

/**
 * Deletes and restores whose answer is lost, and restores that move a token, from the sandbox
 * over real HTTP into real extension storage (fakeBrowser). The sandbox commits the first
 * attempt and drops its connection; the client repeats it, and the provider refuses the repeat
 * as done already. The token must end where the provider has it: in the trash after a delete,
 * in the list after a restore, at the address the provider gives it back at.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createTokens } from "../../../lib/background/token-commands";
import { deleteTokens, restoreTokens } from "../../../lib/background/token-lifecycle";
import type { Engine } from "../../../lib/proxy/engine";
import type { ProviderKind } from "../../../lib/state/token-facts";
import { read } from "../../../lib/storage/read";
import { useSandbox } from "../api/sandbox-harness";

const { control, client, state, addFault } = useSandbox();
const NOW = 1_770_000_000_000;
/** No token is connected here: the engine is never asked (its calls would throw). */
const engine = {
  switchCount: () => 0,
  leaveForDelete: async () => ({ left: null, release: () => undefined }),
  disconnect: () => Promise.reject(new Error("not connected: no disconnect expected")),
  connect: () => Promise.reject(new Error("not connected: no connect expected")),
} as unknown as Engine;

beforeEach(() => {
  fakeBrowser.reset();
});

async function oneToken(kind: ProviderKind) {
  const { api } = client();
  const params = {
    number: 1,
    country_id: 1,
    network_type: "HTTP" as const,
    ...(kind === "dynamic-ip" ? { payway_id: 5 } : kind === "static-ip" ? { payway_id: 1 } : {}),
  };
  const { tokens } = await createTokens(api, { kind, params, countryCode: "US" }, NOW);
  const [token] = tokens;
  if (!token) throw new Error("no token created");
  return token;
}
const statusAtProvider = async (id: number) =>
  (await state()).tokens.find((t) => t.id === id)?.status;

describe("a delete whose answer is lost", () => {
  it("the repeat refused as done: the token is in the trash, and restores", async () => {
    const token = await oneToken("static-ip");
    await addFault({ drop_after_commit: true });
    const { api } = client();
    const outcome = await deleteTokens(api, engine, [token.id], NOW);
    expect(outcome).toEqual({ done: [token.id], failed: [] });
    expect(await statusAtProvider(token.id)).toBe("deleted");
    expect(await read("tokens")).toEqual([]);
    const [entry] = await read("trash");
    expect(entry?.token.id).toBe(token.id);
    // Restorable, its 30 days counted from here (the provider's own answer never came).
    expect(await restoreTokens(api, [token.id], NOW + 1000)).toEqual({
      done: [token.id],
      failed: [],
    });
    expect((await read("tokens")).map((t) => t.id)).toEqual([token.id]);
    expect(await statusAtProvider(token.id)).toBe("active");
  });

  it("a refusal with no lost answer before it still refuses: the token stays listed", async () => {
    const token = await oneToken("static-ip");
    // Deleted elsewhere (another browser): this browser's delete is refused, nothing was lost.
    await client().api.deleteToken(token.id);
    await expect(deleteTokens(client().api, engine, [token.id], NOW)).rejects.toMatchObject({
      kind: "http",
      status: 400,
      afterLostAnswer: false,
    });
    expect((await read("tokens")).map((t) => t.id)).toEqual([token.id]);
  });
});

describe("a batch whose answer is lost", () => {
  it("the repeat answers the ids as failed (done already): deleted, then restored, all of them", async () => {
    const a = await oneToken("static-ip");
    const b = await oneToken("static-traffic");
    const { api } = client();
    await addFault({ drop_after_commit: true });
    expect(await deleteTokens(api, engine, [a.id, b.id], NOW)).toEqual({
      done: [a.id, b.id],
      failed: [],
    });
    expect(await statusAtProvider(a.id)).toBe("deleted");
    expect(await read("tokens")).toEqual([]);
    expect((await read("trash")).map((e) => e.token.id).sort()).toEqual([a.id, b.id].sort());
    await addFault({ drop_after_commit: true });
    expect(await restoreTokens(api, [a.id, b.id], NOW + 1000)).toEqual({
      done: [a.id, b.id],
      failed: [],
    });
    expect(await statusAtProvider(b.id)).toBe("active");
    expect(await read("trash")).toEqual([]);
  });

  it("with no lost answer, the ids the provider refuses stay where they were", async () => {
    const a = await oneToken("static-ip");
    const b = await oneToken("static-traffic");
    await client().api.deleteToken(a.id);
    const outcome = await deleteTokens(client().api, engine, [a.id, b.id], NOW);
    expect(outcome.done).toEqual([b.id]);
    expect(outcome.failed.map((f) => f.id)).toEqual([a.id]);
    expect((await read("tokens")).map((t) => t.id)).toEqual([a.id]);
  });
});

describe("a restore whose answer is lost", () => {
  it("the repeat refused as done: the token is back in the list", async () => {
    const token = await oneToken("static-traffic");
    const { api } = client();
    await deleteTokens(api, engine, [token.id], NOW);
    await addFault({ drop_after_commit: true });
    expect(await restoreTokens(api, [token.id], NOW + 1000)).toEqual({
      done: [token.id],
      failed: [],
    });
    expect(await statusAtProvider(token.id)).toBe("active");
    expect((await read("tokens")).map((t) => t.id)).toEqual([token.id]);
    expect(await read("trash")).toEqual([]);
  });
});

describe("a restore repeat answered 'does not exist'", () => {
  it("is not taken as restored: the token stays in the trash", async () => {
    const token = await oneToken("static-ip");
    const { api } = client();
    await deleteTokens(api, engine, [token.id], NOW);
    // The first attempt fails with no answer (a 500), the repeat is told the token is gone.
    await addFault({ status: 500 });
    await addFault({ status: 404 });
    await expect(restoreTokens(api, [token.id], NOW + 1000)).rejects.toMatchObject({
      status: 404,
      afterLostAnswer: true,
    });
    expect(await read("tokens")).toEqual([]);
    expect((await read("trash")).map((e) => e.token.id)).toEqual([token.id]);
  });
});

describe("a restore that moves a dynamic token", () => {
  it("stores the address the provider gives it back at", async () => {
    const token = await oneToken("dynamic-ip");
    const { api } = client();
    await deleteTokens(api, engine, [token.id], NOW);
    await control("POST", "/__sandbox/quirks", { restore_moves: 1 });
    await restoreTokens(api, [token.id], NOW + 1000);
    const now = (await state()).tokens.find((t) => t.id === token.id);
    expect(now?.ip).not.toBe(token.ip);
    const [stored] = await read("tokens");
    expect(stored).toMatchObject({ id: token.id, ip: now?.ip, host: now?.ip });
  });
});

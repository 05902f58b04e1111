import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { splitList } from "../../../lib/state/codecs";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import { DEFAULT_STATUS } from "../../../lib/state/status";
import { storedTokenSchema } from "../../../lib/state/tokens";
import { read } from "../../../lib/storage/read";
import { updateState, writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

const rawLocal = async (key: string) => (await fakeBrowser.storage.local.get(key))[key];
const setRawLocal = (key: string, value: unknown) =>
  fakeBrowser.storage.local.set({ [key]: value });
const readSettings = () => read("settings");
const readTokens = () => read("tokens");
const saveSettings = (settings: Settings) => writeState({ settings });
const updateTokens = <R>(
  change: (tokens: ReturnType<typeof makeToken>[]) => {
    tokens: ReturnType<typeof makeToken>[];
    result: R;
  },
) =>
  updateState(["tokens"], ({ tokens }) => {
    const { tokens: next, result } = change(tokens);
    return { write: { tokens: next }, result };
  });

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe("readSettings", () => {
  it("returns the defaults when nothing is stored", async () => {
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    { name: "a number", value: 0 },
    { name: "a string", value: "settings" },
    { name: "an array", value: [1, 2] },
    { name: "wrong field type", value: { ...DEFAULT_SETTINGS, baseUrl: 42 } },
    { name: "unknown plan", value: { ...DEFAULT_SETTINGS, plan: "platinum" } },
    { name: "negative refresh", value: { ...DEFAULT_SETTINGS, autoRefreshMinutes: -3 } },
    {
      name: "basic auth without password",
      value: { ...DEFAULT_SETTINGS, auth: { kind: "basic", username: "a", password: "" } },
    },
  ])("returns the defaults for garbage: $name", async ({ value }) => {
    await setRawLocal("settings", value);
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
    // The unreadable value is not overwritten by reading it.
    expect(await rawLocal("settings")).toEqual(value);
  });

  it("returns stored valid settings, and saveSettings round-trips", async () => {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.net",
      auth: { kind: "basic", username: "me", password: "pw" },
      bypassList: ["<local>", "*.corp"],
      autoRefreshMinutes: 5,
      plan: "professional",
    };
    await saveSettings(settings);
    expect(await readSettings()).toEqual(settings);
  });

  it("reads field by field: one damaged field never resets the credentials", async () => {
    const auth = { kind: "bearer", accessToken: "keep-me" };
    await setRawLocal("settings", {
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.net",
      auth,
      bypassList: "not a list",
      plan: "platinum",
    });
    expect(await readSettings()).toEqual({
      ...DEFAULT_SETTINGS,
      baseUrl: "https://api.example.net",
      auth,
    });
  });

  it("a write of invalid settings is refused and keeps the stored ones", async () => {
    const good = { ...DEFAULT_SETTINGS, baseUrl: "https://a.example" };
    await saveSettings(good);
    await expect(saveSettings({ ...good, autoRefreshMinutes: -1 })).rejects.toThrow();
    expect(await readSettings()).toEqual(good);
  });
});

describe("connection and status", () => {
  it("fall back for garbage", async () => {
    await setRawLocal("connection", { activeTokenId: "7" });
    await setRawLocal("proxyStatus", { state: "flying" });
    expect(await read("connection")).toEqual({ activeTokenId: null, lastTokenId: null });
    expect(await read("status")).toEqual(DEFAULT_STATUS);
  });

  it("a status error in the old sentence form reads as no error", async () => {
    await setRawLocal("proxyStatus", {
      ...DEFAULT_STATUS,
      state: "error",
      tokenId: 4,
      error: { code: "proxy-unreachable", message: "The proxy server cannot be reached.", at: 1 },
    });
    expect(await read("status")).toMatchObject({ state: "checking", tokenId: 4, error: null });
  });

  it("connection round-trips", async () => {
    await writeState({ connection: { activeTokenId: 3, lastTokenId: 3 } });
    expect(await read("connection")).toEqual({ activeTokenId: 3, lastTokenId: 3 });
  });
});

describe("splitList", () => {
  const good = makeToken({ id: 1 });
  const alsoGood = makeToken({ id: 2, kind: "dynamic-ip" });
  const noPassword = { ...makeToken({ id: 3 }), password: "" };
  const badPort = { ...makeToken({ id: 4 }), port: 70000 };

  it.each([
    { name: "not an array", raw: { 0: good }, valid: [], invalid: [] },
    { name: "undefined", raw: undefined, valid: [], invalid: [] },
    { name: "empty", raw: [], valid: [], invalid: [] },
    { name: "all valid", raw: [good, alsoGood], valid: [good, alsoGood], invalid: [] },
    {
      name: "mixed, order kept per group",
      raw: [noPassword, good, "junk", alsoGood, badPort, null],
      valid: [good, alsoGood],
      invalid: [noPassword, "junk", badPort, null],
    },
  ])("$name", ({ raw, valid, invalid }) => {
    expect(splitList(storedTokenSchema, raw)).toEqual({ valid, invalid });
  });

  it("strips nothing a valid token needs", () => {
    const [parsed] = splitList(storedTokenSchema, [good]).valid;
    expect(parsed).toEqual(good);
  });
});

describe("updateState", () => {
  it("writes the changed list and returns the change's result", async () => {
    const result = await updateTokens((tokens) => ({
      tokens: [...tokens, makeToken({ id: 5 })],
      result: "done",
    }));
    expect(result).toBe("done");
    expect((await readTokens()).map((t) => t.id)).toEqual([5]);
  });

  it("keeps entries that fail validation untouched in storage (no paid token lost)", async () => {
    // A token from a future version, and one damaged on disk: neither may be dropped.
    const future = { ...makeToken({ id: 8 }), kind: "residential-ip", extra: { a: 1 } };
    const damaged = { id: 9, username: "u9", password: "p9" };
    const good = makeToken({ id: 1 });
    await setRawLocal("tokens", [future, good, damaged]);

    let seen: number[] = [];
    await updateTokens((tokens) => {
      seen = tokens.map((t) => t.id);
      return { tokens: [...tokens.filter((t) => t.id !== 1), makeToken({ id: 2 })], result: null };
    });

    expect(seen).toEqual([1]);
    const stored = (await rawLocal("tokens")) as unknown[];
    expect(stored).toHaveLength(3);
    expect(stored).toContainEqual(future);
    expect(stored).toContainEqual(damaged);
    expect(stored).toContainEqual(makeToken({ id: 2 }));
    expect((await readTokens()).map((t) => t.id)).toEqual([2]);
  });

  it("serialises concurrent updates: 20 concurrent appends all land", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        updateTokens((tokens) => ({ tokens: [...tokens, makeToken({ id: i + 1 })], result: i })),
      ),
    );
    const ids = (await readTokens()).map((t) => t.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("runs the changes in call order", async () => {
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map((id) =>
        updateTokens((tokens) => {
          order.push(id);
          return { tokens: [...tokens, makeToken({ id })], result: undefined };
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4]);
    expect((await readTokens()).map((t) => t.id)).toEqual([1, 2, 3, 4]);
  });

  it("a change that throws rejects, leaves storage as it was and does not block later writes", async () => {
    await updateTokens(() => ({ tokens: [makeToken({ id: 1 })], result: undefined }));
    const failing = updateTokens(() => {
      throw new Error("boom");
    });
    const after = updateTokens((tokens) => ({
      tokens: [...tokens, makeToken({ id: 2 })],
      result: "after",
    }));
    await expect(failing).rejects.toThrow("boom");
    await expect(after).resolves.toBe("after");
    expect((await readTokens()).map((t) => t.id)).toEqual([1, 2]);
  });
});

describe("updateState across items", () => {
  it("writes every item of a change in one storage.local.set", async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, "set");
    await updateState(["tokens", "trash"], () => ({
      write: {
        tokens: [makeToken({ id: 1 })],
        trash: [{ token: makeToken({ id: 2 }), deletedAt: 1, restoreDeadline: 2 }],
      },
      result: undefined,
    }));
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]?.[0] ?? {}).sort()).toEqual(["tokens", "trash"]);
  });

  it("a value that fails its schema is not written, and nothing else of the change is", async () => {
    await writeState({ tokens: [makeToken({ id: 1 })] });
    const broken = { ...makeToken({ id: 2 }), port: 0 };
    await expect(
      updateState(["tokens", "connection"], () => ({
        write: { tokens: [broken], connection: { activeTokenId: 2, lastTokenId: 2 } },
        result: undefined,
      })),
    ).rejects.toThrow();
    expect((await readTokens()).map((t) => t.id)).toEqual([1]);
    expect(await read("connection")).toEqual({ activeTokenId: null, lastTokenId: null });
  });

  it("items left out of `write` are not touched", async () => {
    await setRawLocal("trash", ["damaged"]);
    const set = vi.spyOn(fakeBrowser.storage.local, "set");
    await updateState(["tokens", "trash"], () => ({
      write: { tokens: [makeToken({ id: 1 })] },
      result: undefined,
    }));
    expect(Object.keys(set.mock.calls[0]?.[0] ?? {})).toEqual(["tokens"]);
    expect(await rawLocal("trash")).toEqual(["damaged"]);
  });
});

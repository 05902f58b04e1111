/**
 * Files and messages cannot steer secrets: the API credentials stay bound to the base URL they
 * were entered for, and a token's password to its host:port.
 */
import { describe, expect, it } from "vitest";
import { type Backup, buildBackup } from "../../../lib/backup/backup";
import { blockedEntries, planImport } from "../../../lib/backup/backup-merge";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import { applySettingsPatch } from "../../../lib/state/settings-patch";
import { makeToken } from "../stored-token";

const KEY = { kind: "bearer", accessToken: "the-users-api-key" } as const;
const HERE: Settings = { ...DEFAULT_SETTINGS, baseUrl: "https://api.provider.test", auth: KEY };

describe("applySettingsPatch", () => {
  it("a new address without new credentials drops the stored ones", () => {
    const { settings, rejected } = applySettingsPatch(HERE, { baseUrl: "https://elsewhere.test" });
    expect(rejected).toEqual([]);
    expect(settings).toMatchObject({ baseUrl: "https://elsewhere.test", auth: null });
  });

  it("a new address with credentials keeps those; the same address keeps the stored ones", () => {
    const other = { kind: "basic", username: "u", password: "p" } as const;
    expect(
      applySettingsPatch(HERE, { baseUrl: "https://elsewhere.test/", auth: other }).settings,
    ).toMatchObject({ baseUrl: "https://elsewhere.test", auth: other });
    expect(
      applySettingsPatch(HERE, { baseUrl: "https://api.provider.test/" }).settings.auth,
    ).toEqual(KEY);
  });

  it("the base URL rules are the background's too; credentials sent with a refused address go nowhere", () => {
    for (const baseUrl of ["http://elsewhere.test", "ftp://x.test", "https://u:p@x.test", 42]) {
      const { settings, rejected } = applySettingsPatch(HERE, {
        baseUrl,
        auth: { kind: "bearer", accessToken: "typed-with-it" },
      });
      expect(rejected).toEqual(["baseUrl", "auth"]);
      expect(settings).toEqual(HERE);
    }
    // Plain http to this machine, typed by the user, is allowed (a local provider).
    expect(applySettingsPatch(HERE, { baseUrl: "http://127.0.0.1:8787" }).rejected).toEqual([]);
  });
});

const token = makeToken({ id: 1, host: "gw.provider.test", port: 8000, password: "tok-secret" });
const backupWith = (change: (b: Backup) => Backup, secrets = false) =>
  change(buildBackup({ settings: HERE, tokens: [token], trash: [] }, secrets, new Date(0)));

describe("planImport", () => {
  it("a secret-less file with another address: the address is listed, the stored key dropped", () => {
    const plan = planImport(
      { settings: HERE, tokens: [token], trash: [] },
      backupWith((b) => ({ ...b, settings: { ...b.settings, baseUrl: "https://evil.test" } })),
    );
    expect(plan.next.settings).toMatchObject({ baseUrl: "https://evil.test", auth: null });
    expect(plan.credentials).toBe("removed");
    expect(plan.settingChanges).toContainEqual({
      key: "baseUrl",
      from: "https://api.provider.test",
      to: "https://evil.test",
    });
  });

  it("a file address that only typing may set (plain http, even to loopback) is refused with its key", () => {
    const plan = planImport(
      { settings: HERE, tokens: [token], trash: [] },
      backupWith(
        (b) => ({
          ...b,
          settings: {
            ...b.settings,
            baseUrl: "http://127.0.0.1:9999",
            auth: { kind: "bearer", accessToken: "file-key" },
          },
        }),
        true,
      ),
    );
    expect(plan.refusedBaseUrl).toBe("http://127.0.0.1:9999");
    expect(plan.next.settings).toMatchObject({ baseUrl: HERE.baseUrl, auth: KEY });
    expect(plan.credentials).toBe("kept");
  });

  it("a token moved to another host:port without its password cannot be imported", () => {
    const moved = backupWith((b) => ({
      ...b,
      tokens: b.tokens.map((t) => ({ ...t, host: "evil.test", port: 9 })),
    }));
    const plan = planImport({ settings: HERE, tokens: [token], trash: [] }, moved);
    expect(blockedEntries(plan).map((e) => e.id)).toEqual([1]);
    expect(plan.tokens.moved).toEqual([
      { label: expect.stringContaining("#1"), from: "gw.provider.test:8000", to: "evil.test:9" },
    ]);
    // The stored password went nowhere.
    expect(plan.next.tokens).toEqual([token]);
  });

  it("a moved token that brings its own password is imported, and the move is listed", () => {
    const moved = backupWith(
      (b) => ({ ...b, tokens: b.tokens.map((t) => ({ ...t, port: 8001, password: "new" })) }),
      true,
    );
    const plan = planImport({ settings: HERE, tokens: [token], trash: [] }, moved);
    expect(blockedEntries(plan)).toEqual([]);
    expect(plan.next.tokens[0]).toMatchObject({ port: 8001, password: "new" });
    expect(plan.tokens.moved[0]).toMatchObject({
      from: "gw.provider.test:8000",
      to: "gw.provider.test:8001",
    });
  });

  it("a restore deadline of 1e300 is not a backup", async () => {
    const { parseBackup } = await import("../../../lib/backup/backup");
    const text = JSON.stringify(
      buildBackup(
        {
          settings: HERE,
          tokens: [],
          trash: [{ token, deletedAt: 1, restoreDeadline: 2 }],
        },
        true,
        new Date(0),
      ),
    ).replace('"restoreDeadline":2', '"restoreDeadline":1e300');
    expect(parseBackup(text)).toMatchObject({ ok: false, problem: { kind: "damaged" } });
  });
});

describe("removing credentials", () => {
  it("a patch of auth: null removes them and keeps the address", () => {
    expect(applySettingsPatch(HERE, { auth: null })).toEqual({
      settings: { ...HERE, auth: null },
      rejected: [],
      reasons: {},
    });
  });
});

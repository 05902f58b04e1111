import { describe, expect, it } from "vitest";
import {
  BACKUP_FORMAT,
  type Backup,
  type BackupState,
  backupFileName,
  backupFileText,
  buildBackup,
  parseBackup,
} from "../../../lib/backup/backup";
import { blockedEntries, changesSomething, planImport } from "../../../lib/backup/backup-merge";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import type { TrashEntry } from "../../../lib/state/trash";
import { makeToken } from "../stored-token";

const NOW = new Date("2026-03-04T05:06:07Z");
const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://api.example.com",
  auth: { kind: "bearer", accessToken: "secret-access-token-1234" },
  bypassList: ["<local>", "*.corp.example"],
  autoRefreshMinutes: 5,
  plan: "professional",
  language: "zh_CN",
};
const trashed = (id: number): TrashEntry => ({
  token: makeToken({ id, name: `T${id}` }),
  deletedAt: 1_700_000_000_000 + id,
  restoreDeadline: 1_702_592_000_000 + id,
});
const STATE: BackupState = {
  settings: SETTINGS,
  tokens: [makeToken({ id: 1 }), makeToken({ id: 2, kind: "dynamic-ip", name: "DIP-US-2" })],
  trash: [trashed(3)],
};
const EMPTY: BackupState = { settings: DEFAULT_SETTINGS, tokens: [], trash: [] };

const roundTrip = (backup: Backup): Backup => {
  const parsed = parseBackup(backupFileText(backup));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
  return parsed.backup;
};

describe("export", () => {
  it("with secrets: everything, and it parses back to the same", () => {
    const backup = buildBackup(STATE, true, NOW);
    expect(backup).toMatchObject({ format: BACKUP_FORMAT, version: 1, includesSecrets: true });
    expect(backup.exportedAt).toBe("2026-03-04T05:06:07.000Z");
    expect(backup.settings.auth).toEqual(SETTINGS.auth);
    expect(backup.tokens).toEqual(STATE.tokens);
    expect(backup.trash).toEqual(STATE.trash);
    expect(roundTrip(backup)).toEqual(backup);
  });

  it("without secrets: no API credentials and no token password anywhere in the file", () => {
    const backup = buildBackup(STATE, false, NOW);
    const text = backupFileText(backup);
    expect(backup.includesSecrets).toBe(false);
    expect("auth" in backup.settings).toBe(false);
    for (const secret of ["secret-access-token-1234", "secret1", "secret2", "secret3"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('"password"');
    expect(text).toContain('"username": "user1"'); // usernames are not secrets
    expect(roundTrip(backup)).toEqual(backup);
  });

  it("names the file by date", () => {
    expect(backupFileName(new Date(2026, 0, 9))).toBe("proxy-deck-backup-2026-01-09.json");
  });
});

describe("parseBackup refuses a bad file with the reason", () => {
  const good = backupFileText(buildBackup(STATE, true, NOW));
  const edited = (change: (value: Record<string, unknown>) => void) => {
    const value = JSON.parse(good) as Record<string, unknown>;
    change(value);
    return JSON.stringify(value);
  };

  it.each([
    ["empty file", "", { kind: "not-json" }],
    ["cut off half-way", good.slice(0, good.length / 2), { kind: "not-json" }],
    ["binary junk", "\u0000\u0001PK\u0003\u0004", { kind: "not-json" }],
    ["a JSON array", "[1,2,3]", { kind: "not-backup" }],
    ["a JSON string", '"hello"', { kind: "not-backup" }],
    ["null", "null", { kind: "not-backup" }],
    ["a package.json", '{"name":"x","version":"1.0.0","dependencies":{}}', { kind: "not-backup" }],
    [
      "another extension's backup",
      '{"format":"switchy-backup","version":1,"tokens":[]}',
      { kind: "not-backup" },
    ],
    ["a newer format", edited((v) => (v.version = 2)), { kind: "newer-version", version: 2 }],
    [
      "an unknown older version",
      edited((v) => (v.version = 0)),
      { kind: "damaged", where: "version" },
    ],
    ["no token list", edited((v) => delete v.tokens), { kind: "damaged", where: "tokens" }],
    [
      "a token with an empty password",
      edited(
        (v) => (((v.tokens as { password: string }[])[0] as { password: string }).password = ""),
      ),
      { kind: "damaged", where: "tokens.0.password" },
    ],
    ["no settings", edited((v) => delete v.settings), { kind: "damaged", where: "settings" }],
    [
      "a token without a port",
      edited((v) => delete (v.tokens as Record<string, unknown>[])[1]?.port),
      { kind: "damaged", where: "tokens.1.port" },
    ],
    [
      "a port out of range",
      edited((v) => Object.assign((v.tokens as object[])[0] ?? {}, { port: 70000 })),
      { kind: "damaged", where: "tokens.0.port" },
    ],
    [
      "a trash entry without its deadline",
      edited((v) => delete (v.trash as Record<string, unknown>[])[0]?.restoreDeadline),
      { kind: "damaged", where: "trash.0.restoreDeadline" },
    ],
    [
      "an unknown plan",
      edited((v) => ((v.settings as Record<string, unknown>).plan = "platinum")),
      { kind: "damaged", where: "settings.plan" },
    ],
    [
      "the same token twice",
      edited((v) => (v.tokens as unknown[]).push((v.tokens as unknown[])[0])),
      { kind: "repeated-id", id: 1 },
    ],
    [
      "a token both active and deleted",
      edited((v) =>
        (v.trash as Record<string, unknown>[]).push({
          ...(v.trash as Record<string, unknown>[])[0],
          token: (v.tokens as unknown[])[1],
        }),
      ),
      { kind: "repeated-id", id: 2 },
    ],
  ])("%s", (_name, text, problem) => {
    expect(parseBackup(text)).toEqual({ ok: false, problem });
  });

  it("too large to be a backup", () => {
    expect(parseBackup(" ".repeat(21 * 1024 * 1024))).toEqual({
      ok: false,
      problem: { kind: "too-large" },
    });
  });

  it("accepts a byte-order mark and unknown extra fields", () => {
    const text = `\uFEFF${edited((v) => (v.note = "made on my laptop"))}`;
    expect(parseBackup(text).ok).toBe(true);
  });
});

describe("planImport", () => {
  it("into an empty browser: everything added, in order, settings replaced", () => {
    const backup = roundTrip(buildBackup(STATE, true, NOW));
    const plan = planImport(EMPTY, backup);
    expect(plan.next.tokens).toEqual(STATE.tokens);
    expect(plan.next.trash).toEqual(STATE.trash);
    expect(plan.next.settings).toEqual({ ...SETTINGS, webrtcProtection: false });
    expect(plan.tokens.added.map((e) => e.id)).toEqual([1, 2]);
    // Each named as the user knows it: its id and name; then country and address.
    expect(plan.tokens.added.map((e) => e.label)).toEqual([
      "#1 · United States · 203.0.113.1",
      "#2 · United States · 203.0.113.2",
    ]);
    expect(plan.trash.added.map((e) => e.id)).toEqual([3]);
    expect(plan.settings).toEqual([
      "baseUrl",
      "auth",
      "bypassList",
      "autoRefreshMinutes",
      "plan",
      "language",
    ]);
    expect(plan.credentials).toBe("imported");
    expect(blockedEntries(plan)).toEqual([]);
    expect(changesSomething(plan)).toBe(true);
  });

  it("into the same state: nothing changes", () => {
    const plan = planImport(STATE, roundTrip(buildBackup(STATE, true, NOW)));
    expect(changesSomething(plan)).toBe(false);
    expect(plan.tokens).toMatchObject({ added: [], updated: [], unchanged: 2 });
    expect(plan.trash).toMatchObject({ added: [], updated: [], unchanged: 1 });
    expect(plan.next).toEqual(STATE);
  });

  it("merges by id: no duplicates, changed tokens updated, stored-only tokens kept", () => {
    const current: BackupState = {
      ...STATE,
      tokens: [makeToken({ id: 2, kind: "dynamic-ip", name: "old name" }), makeToken({ id: 9 })],
    };
    const plan = planImport(current, roundTrip(buildBackup(STATE, true, NOW)));
    expect(plan.next.tokens.map((t) => t.id)).toEqual([2, 9, 1]);
    expect(plan.next.tokens[0]?.name).toBe("DIP-US-2");
    expect(plan.tokens.added.map((e) => e.id)).toEqual([1]);
    expect(plan.tokens.updated.map((e) => e.id)).toEqual([2]);
    expect(new Set(plan.next.tokens.map((t) => t.id)).size).toBe(plan.next.tokens.length);
  });

  it("a token deleted or restored since the backup stays where it is here", () => {
    const current: BackupState = {
      settings: SETTINGS,
      tokens: [makeToken({ id: 3 })], // restored after the backup
      trash: [trashed(1)], // deleted after the backup
    };
    const plan = planImport(current, roundTrip(buildBackup(STATE, true, NOW)));
    expect(plan.tokens.kept.map((e) => e.id)).toEqual([1]);
    expect(plan.trash.kept.map((e) => e.id)).toEqual([3]);
    expect(plan.next.tokens.map((t) => t.id)).toEqual([3, 2]);
    expect(plan.next.trash.map((e) => e.token.id)).toEqual([1]);
  });

  it("without secrets: stored passwords and credentials are kept", () => {
    const current: BackupState = {
      settings: { ...SETTINGS, auth: { kind: "basic", username: "me", password: "pw" } },
      tokens: STATE.tokens.map((t) => ({ ...t, name: "renamed" })),
      trash: STATE.trash,
    };
    const plan = planImport(current, roundTrip(buildBackup(STATE, false, NOW)));
    expect(blockedEntries(plan)).toEqual([]);
    expect(plan.credentials).toBe("kept");
    expect(plan.next.settings.auth).toEqual(current.settings.auth);
    expect(plan.next.tokens.map((t) => t.password)).toEqual(["secret1", "secret2"]);
    expect(plan.tokens.updated.map((e) => e.id)).toEqual([1, 2]);
    expect(plan.trash.unchanged).toBe(1);
  });

  it("with secrets: the backup's password replaces the one stored here", () => {
    const current: BackupState = {
      ...STATE,
      tokens: STATE.tokens.map((t) => ({ ...t, password: "stale" })),
    };
    const plan = planImport(current, roundTrip(buildBackup(STATE, true, NOW)));
    expect(plan.next.tokens.map((t) => t.password)).toEqual(["secret1", "secret2"]);
    expect(plan.tokens.updated.map((e) => e.id)).toEqual([1, 2]);
  });

  it("without secrets into a browser that lacks the tokens: blocked, listed", () => {
    const plan = planImport(EMPTY, roundTrip(buildBackup(STATE, false, NOW)));
    expect(blockedEntries(plan).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(plan.next.tokens).toEqual([]);
  });

  it("keeps this browser's WebRTC protection: turning it on needs a permission here", () => {
    const backup = roundTrip(
      buildBackup({ ...STATE, settings: { ...SETTINGS, webrtcProtection: true } }, true, NOW),
    );
    expect(planImport(EMPTY, backup).next.settings.webrtcProtection).toBe(false);
    const here = { ...EMPTY, settings: { ...DEFAULT_SETTINGS, webrtcProtection: true } };
    expect(planImport(here, roundTrip(buildBackup(STATE, true, NOW))).next.settings).toMatchObject({
      webrtcProtection: true,
    });
  });

  it("a backup made before the traffic unit existed imports, keeping this browser's unit", () => {
    const old = buildBackup(STATE, true, NOW);
    const { trafficUnit: _, ...settingsWithout } = old.settings;
    const parsed = parseBackup(backupFileText({ ...old, settings: settingsWithout as never }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
    const here = { ...EMPTY, settings: { ...DEFAULT_SETTINGS, trafficUnit: "GB" as const } };
    expect(planImport(here, parsed.backup).next.settings.trafficUnit).toBe("GB");
    // A backup that has one brings it.
    const withUnit = roundTrip(
      buildBackup({ ...STATE, settings: { ...SETTINGS, trafficUnit: "bytes" } }, true, NOW),
    );
    expect(planImport(here, withUnit).next.settings.trafficUnit).toBe("bytes");
  });
});

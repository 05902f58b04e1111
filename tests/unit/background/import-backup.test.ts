import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createCommandHandler } from "../../../lib/background/commands";
import { importBackup } from "../../../lib/background/import-backup";
import { backupFileText, buildBackup, parseBackup } from "../../../lib/backup/backup";
import { planImport } from "../../../lib/backup/backup-merge";
import { parseCommand } from "../../../lib/protocol/parse-command";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import type { StoredToken } from "../../../lib/state/tokens";
import type { TrashEntry } from "../../../lib/state/trash";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { makeToken } from "../stored-token";

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://api.example.com",
  auth: { kind: "bearer", accessToken: "secret" },
  language: "en",
};
const TOKENS = [makeToken({ id: 1 }), makeToken({ id: 2 })];
const TRASH = [{ token: makeToken({ id: 3 }), deletedAt: 10, restoreDeadline: 20 }];

const readTokens = () => read("tokens");
const readTrash = () => read("trash");
const readSettings = () => read("settings");

const RULES: SiteRule[] = [
  {
    id: "r1",
    enabled: true,
    source: { type: "pattern", text: "*.example.com" },
    route: { kind: "token", tokenId: TOKENS[0]?.id ?? 1 },
  },
];

async function seed() {
  await writeState({ settings: SETTINGS, tokens: TOKENS, trash: TRASH, siteRules: RULES });
}
const snapshot = async () => JSON.stringify(await fakeBrowser.storage.local.get(null));
const backupOf = (includeSecrets: boolean) =>
  buildBackup(
    { settings: SETTINGS, tokens: TOKENS, trash: TRASH, siteRules: RULES },
    includeSecrets,
    new Date(0),
  );

beforeEach(() => fakeBrowser.reset());

describe("importBackup (background)", () => {
  it("export → wipe → import restores tokens, trash, settings and site rules", async () => {
    await seed();
    const backup = backupOf(true);
    await fakeBrowser.storage.local.clear();
    const reply = await importBackup(backup);
    expect(reply).toEqual({
      ok: true,
      summary: {
        tokensAdded: 2,
        tokensUpdated: 0,
        trashAdded: 1,
        trashUpdated: 0,
        settingsChanged: ["baseUrl", "auth", "language"],
        siteRules: 1,
      },
    });
    expect(await read("siteRules")).toEqual(RULES);
    expect(await readTokens()).toEqual(TOKENS);
    expect(await readTrash()).toEqual(TRASH);
    expect(await readSettings()).toEqual(SETTINGS);
  });

  it("a policy that forbids proxies of one's own refuses a file that adds one, storage unchanged", async () => {
    const own = makeToken({ id: -5 });
    const backup = buildBackup(
      { settings: SETTINGS, tokens: [...TOKENS, own], trash: [], siteRules: [] },
      true,
      new Date(0),
    );
    await writeState({ managedPolicy: { addProxies: false }, tokens: TOKENS });
    const before = await snapshot();
    expect(await importBackup(backup)).toEqual({
      ok: false,
      failure: { code: "policy-forbids-adding" },
    });
    expect(await snapshot()).toBe(before);
    // Without the policy, the same file adds it.
    await writeState({ managedPolicy: {} });
    expect(await importBackup(backup)).toMatchObject({ ok: true });
    expect((await readTokens()).map((t) => t.id)).toContain(-5);
  });

  it("under that policy, a hand-added proxy with a provider id, one in the trash, or a token moved elsewhere is refused too; a renamed one is not", async () => {
    await writeState({ managedPolicy: { addProxies: false }, tokens: TOKENS, trash: [] });
    const before = await snapshot();
    const fileWith = (tokens: StoredToken[], trash: StoredToken[] = []) =>
      buildBackup(
        {
          settings: SETTINGS,
          tokens,
          trash: trash.map((token) => ({ token, deletedAt: 10, restoreDeadline: 20 })),
          siteRules: [],
        },
        true,
        new Date(0),
      );
    const refused = { ok: false, failure: { code: "policy-forbids-adding" } };
    const manual = makeToken({ id: 777, kind: "manual", host: "my.proxy.example" });
    expect(await importBackup(fileWith([...TOKENS, manual]))).toEqual(refused);
    expect(await importBackup(fileWith(TOKENS, [makeToken({ id: -9 })]))).toEqual(refused);
    const moved = { ...(TOKENS[0] as StoredToken), host: "my.proxy.example" };
    expect(await importBackup(fileWith([moved, TOKENS[1] as StoredToken]))).toEqual(refused);
    expect(await snapshot()).toBe(before);
    const renamed = { ...(TOKENS[0] as StoredToken), name: "work" };
    expect(await importBackup(fileWith([renamed, TOKENS[1] as StoredToken]))).toMatchObject({
      ok: true,
    });
    expect((await readTokens())[0]?.name).toBe("work");
  });

  it("a file's token at an address no proxy config can carry is refused as damaged", () => {
    const text = JSON.stringify({
      ...backupOf(true),
      tokens: [makeToken({ id: 1, host: 'bad host;"x' })],
    });
    expect(parseBackup(text)).toEqual({
      ok: false,
      problem: { kind: "damaged", where: "tokens.0.host" },
    });
    // An address still to come (a dynamic token's) is as stored.
    const pending = makeToken({ id: 1, kind: "dynamic-ip", host: "" });
    expect(parseBackup(JSON.stringify({ ...backupOf(true), tokens: [pending] })).ok).toBe(true);
  });

  it("a delete the provider called final stays final through a backup, whichever side says so", async () => {
    const final = { ...(TRASH[0] as TrashEntry), restorable: false };
    const text = backupFileText(
      buildBackup({ settings: SETTINGS, tokens: [], trash: [final] }, true, new Date(0)),
    );
    const parsed = parseBackup(text);
    if (!parsed.ok) throw new Error("own export refused");
    await importBackup(parsed.backup);
    expect((await readTrash())[0]?.restorable).toBe(false);
    // Stored as final, a file that says nothing of it does not undo that.
    expect(await importBackup(backupOf(true))).toMatchObject({ ok: true });
    expect((await readTrash())[0]?.restorable).toBe(false);
  });

  it("a file with a wrong site rule is refused whole, storage unchanged", async () => {
    await seed();
    const before = await snapshot();
    const bad: SiteRule = {
      ...(RULES[0] as SiteRule),
      id: "bad",
      source: { type: "pattern", text: "a b" },
    };
    const reply = await importBackup({ ...backupOf(true), siteRules: [...RULES, bad] });
    expect(reply).toEqual({
      ok: false,
      failure: { code: "site-rule-invalid", position: 2, pattern: "a b" },
    });
    expect(await snapshot()).toBe(before);
  });

  it("the user's own backup of a list they typed on this machine over plain http comes back whole", async () => {
    await seed();
    const local: SiteRule = {
      id: "local-list",
      enabled: true,
      source: {
        type: "list",
        name: "local",
        lines: ["example.com"],
        subscription: {
          url: "http://127.0.0.1:8080/list.txt",
          via: { kind: "direct" },
          everyHours: 24,
        },
      },
      route: { kind: "direct" },
    };
    const reply = await importBackup({ ...backupOf(true), siteRules: [...RULES, local] });
    expect(reply).toMatchObject({ ok: true });
    expect((await read("siteRules")).map((r) => r.id)).toContain("local-list");
  });

  it("a file's bypass entry the browser would reject is refused with its reason; the rest lands", async () => {
    await seed();
    const file = backupOf(true);
    const settings = { ...file.settings, bypassList: ["<local>", "bad entry"], warnDays: 9 };
    const backup = { ...file, settings };
    expect(await importBackup(backup)).toMatchObject({ ok: true });
    expect(await readSettings()).toEqual({ ...SETTINGS, warnDays: 9 });
    // The preview names it, and why.
    const plan = planImport(
      { settings: SETTINGS, tokens: TOKENS, trash: TRASH, siteRules: RULES },
      backup,
    );
    expect(plan.refusedSettings).toEqual([
      { key: "bypassList", refusal: { code: "bypass-entry", detail: "bad entry" } },
    ]);
  });

  it("a backup that changes nothing writes nothing", async () => {
    await seed();
    const before = await snapshot();
    const reply = await importBackup(backupOf(true));
    expect(reply.ok).toBe(true);
    expect(await snapshot()).toBe(before);
  });

  it("missing passwords: refused, storage byte-for-byte unchanged", async () => {
    await writeState({ settings: DEFAULT_SETTINGS, tokens: [makeToken({ id: 7 })] });
    const before = await snapshot();
    const reply = await importBackup(backupOf(false));
    expect(reply).toEqual({ ok: false, failure: { code: "backup-missing-secrets" } });
    expect(await snapshot()).toBe(before);
  });

  it("keeps entries this version cannot read, and never duplicates an id", async () => {
    await seed();
    await fakeBrowser.storage.local.set({
      tokens: [...TOKENS, { id: 99, note: "from a future version" }],
    });
    const backup = buildBackup(
      {
        settings: SETTINGS,
        tokens: [makeToken({ id: 2, name: "new" }), makeToken({ id: 5 })],
        trash: [],
      },
      true,
      new Date(0),
    );
    await importBackup(backup);
    const { tokens } = (await fakeBrowser.storage.local.get("tokens")) as {
      tokens: { id: number }[];
    };
    expect(tokens.map((t) => t.id)).toEqual([1, 2, 5, 99]);
    expect((await readTokens()).find((t) => t.id === 2)?.name).toBe("new");
  });
});

describe("the importBackup command", () => {
  const rulesChanged = vi.fn(async () => undefined);
  const handle = createCommandHandler({
    // A file's site rules are re-applied by the engine; nothing else of it is used here.
    engine: { rulesChanged } as never,
    api: () => {
      throw new Error("no API call expected");
    },
  });

  it("is parsed with the backup schema: a damaged backup is a malformed command", () => {
    const good = { type: "importBackup", backup: backupOf(true) };
    expect(parseCommand(good)).not.toBeNull();
    const damaged = JSON.parse(JSON.stringify(good));
    delete damaged.backup.tokens[0].host;
    expect(parseCommand(damaged)).toBeNull();
    const repeated = JSON.parse(JSON.stringify(good));
    repeated.backup.tokens.push(repeated.backup.tokens[0]);
    expect(parseCommand(repeated)).toBeNull();
  });

  it("writes tokens, trash, settings and site rules in one storage.local.set", async () => {
    await seed();
    await fakeBrowser.storage.local.clear();
    const set = vi.spyOn(fakeBrowser.storage.local, "set");
    await importBackup(backupOf(true));
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]?.[0] ?? {}).sort()).toEqual([
      "settings",
      "siteRules",
      "tokens",
      "trash",
    ]);
    set.mockRestore();
  });

  it("merges through the handler", async () => {
    const parsed = parseBackup(JSON.stringify(backupOf(true)));
    if (!parsed.ok) throw new Error("backup did not parse");
    const command = parseCommand({ type: "importBackup", backup: parsed.backup });
    if (!command) throw new Error("command did not parse");
    const reply = await handle(command);
    expect(reply.ok).toBe(true);
    expect((await readTokens()).map((t) => t.id)).toEqual([1, 2]);
    // The file's rules took the place of none: the engine applies them.
    expect(rulesChanged).toHaveBeenCalledTimes(1);
  });
});

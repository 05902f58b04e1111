/**
 * A look through each door: the page (editToken, addProxy), a backup file and another browser
 * by sync all pass the same gate; a refused look changes nothing and says why.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { storeProxies } from "../../../lib/background/add-proxies";
import { editToken } from "../../../lib/background/token-edits";
import { backupFileText, buildBackup, parseBackup } from "../../../lib/backup/backup";
import { planImport } from "../../../lib/backup/backup-merge";
import { judgeFields, type ProxyFields } from "../../../lib/state/proxy-lines";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import type { SyncDoc } from "../../../lib/sync/doc";
import { DEFAULT_SYNC_META } from "../../../lib/sync/meta";
import { reconcile } from "../../../lib/sync/reconcile";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-27T10:00:00Z");
const fieldsOf = (over: Partial<ProxyFields>): ProxyFields => ({
  networkType: "HTTP",
  host: "p.example.org",
  port: "8080",
  username: "u",
  password: "pw",
  ...over,
});
const BLUE = "#3b82f6";

describe("the page door (editToken)", () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({
      tokens: [
        makeToken({ id: 3, host: "gw.example.net", port: 8000, username: "a" }),
        makeToken({ id: -1, kind: "manual", host: "10.0.0.1", port: 3128, username: "m" }),
      ],
    });
  });

  it("stores a checked look, trimmed", async () => {
    expect(await editToken({ tokenId: 3, look: { name: " Work ", colour: BLUE } })).toEqual({});
    const [token] = await read("tokens");
    expect(token?.look).toEqual({ name: "Work", colour: BLUE });
  });

  it("refuses a bad look and stores nothing", async () => {
    const outcome = await editToken({ tokenId: 3, look: { name: "a\nb", colour: "" } });
    expect(outcome.refusal?.code).toBe("token-name");
    expect((await read("tokens"))[0]?.look).toBeUndefined();
  });

  it("moves a hand-added proxy through the paste box's checks; keeps its password", async () => {
    const proxy = fieldsOf({
      networkType: "SOCKS5",
      host: "Proxy.Example.org",
      port: "1080",
      username: "n",
      password: "",
    });
    expect(await editToken({ tokenId: -1, look: { name: "", colour: "" }, proxy })).toEqual({});
    const moved = (await read("tokens"))[1];
    expect(moved).toMatchObject({ host: "proxy.example.org", port: 1080, username: "n" });
    expect(moved?.password).toBe(makeToken({ id: -1 }).password);
    const bad = await editToken({
      tokenId: -1,
      look: { name: "", colour: "" },
      proxy: { ...proxy, port: "70000" },
    });
    expect(bad).toEqual({ problem: "port" });
    // A provider token's address is the provider's.
    expect(await editToken({ tokenId: 3, look: { name: "", colour: "" }, proxy })).toEqual({
      problem: "not-editable",
    });
  });

  it("adds one proxy by its fields with its look", async () => {
    const fields = fieldsOf({});
    const outcome = await storeProxies((held) => judgeFields(fields, held), NOW, {
      name: "Office",
      colour: BLUE,
    });
    expect(outcome).toEqual({ added: [-2], duplicate: 0, rejected: [] });
    expect((await read("tokens"))[0]).toMatchObject({
      id: -2,
      kind: "manual",
      look: { name: "Office", colour: BLUE },
    });
    const again = await storeProxies((held) => judgeFields(fields, held), NOW);
    expect(again.duplicate).toBe(1);
    expect(judgeFields({ ...fields, host: "bad host" }, [])[0]).toMatchObject({
      outcome: "rejected",
      problem: "host",
    });
  });
});

describe("the backup door", () => {
  const named = makeToken({ id: 8, look: { name: "Shop", colour: BLUE } });
  const state = { settings: DEFAULT_SETTINGS, tokens: [named], trash: [] };

  it("keeps looks across export and import", () => {
    const parsed = parseBackup(backupFileText(buildBackup(state, true, new Date(NOW))));
    if (!parsed.ok) throw new Error("unreadable");
    const empty = { settings: DEFAULT_SETTINGS, tokens: [], trash: [] };
    const plan = planImport(empty, parsed.backup);
    expect(plan.next.tokens[0]?.look).toEqual({ name: "Shop", colour: BLUE });
    // A token the same but for its look is an update, not "unchanged".
    const here = { ...state, tokens: [{ ...named, look: { name: "Old", colour: "" } }] };
    expect(planImport(here, parsed.backup).tokens.updated.map((e) => e.id)).toEqual([8]);
  });

  it("refuses a file's bad look: the stored look stays, and the preview says why", () => {
    const file = buildBackup(state, true, new Date(NOW));
    const bad = { ...file, tokens: [{ ...file.tokens[0], look: { name: "x", colour: "red" } }] };
    const parsed = parseBackup(JSON.stringify(bad));
    if (!parsed.ok) throw new Error("unreadable");
    const plan = planImport(state, parsed.backup);
    expect(plan.tokens.refusedLooks).toEqual([
      { id: 8, refusal: { code: "token-colour", detail: "red" } },
    ]);
    expect(plan.next.tokens[0]?.look).toEqual({ name: "Shop", colour: BLUE });
  });
});

describe("the sync door", () => {
  const meta = { ...DEFAULT_SYNC_META, enabled: true, browserId: "bbbbbb", joined: true };
  const entry = (v: unknown) => ({ v, t: NOW - 1000, b: "aaaaaa", n: 1 });

  it("sends provider tokens' looks, never a hand-added proxy's", () => {
    const out = reconcile({
      settings: DEFAULT_SETTINGS,
      rules: [],
      tokens: [
        makeToken({ id: 8, look: { name: "Shop", colour: BLUE } }),
        makeToken({ id: -1, kind: "manual", look: { name: "Mine", colour: "" } }),
      ],
      meta,
      remote: null,
      now: NOW,
    });
    expect(out.fitted.doc["l.8"]?.v).toEqual({ n: "Shop", c: BLUE });
    expect(out.fitted.doc["l.-1"]).toBeUndefined();
    expect(JSON.stringify(out.fitted.doc)).not.toContain(makeToken().password);
  });

  it("takes a checked look for a token held here; refuses a bad one with its reason", () => {
    const remote: SyncDoc = {
      "l.8": entry({ n: " Shop ", c: BLUE }),
      "l.9": entry({ n: "x".repeat(50), c: "" }),
      "l.77": entry({ n: "Not here", c: "" }),
    };
    const tokens = [makeToken({ id: 8 }), makeToken({ id: 9 })];
    const out = reconcile({
      settings: DEFAULT_SETTINGS,
      rules: [],
      tokens,
      meta,
      remote,
      now: NOW,
    });
    expect(out.tokensChanged).toBe(true);
    expect(out.rulesChanged).toBe(false);
    expect(out.tokens.map((t) => t.look)).toEqual([{ name: "Shop", colour: BLUE }, undefined]);
    expect(out.meta.refused).toEqual([expect.objectContaining({ key: "l.9", code: "token-name" })]);
  });
});

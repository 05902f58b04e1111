/**
 * The policy in the background, over real extension storage (fakeBrowser): copied from the
 * managed area, laid over every settings read, never written over by a patch, its rules first
 * and kept through every edit, and adding proxies refused when it says so.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createCommandHandler } from "../../../lib/background/commands";
import {
  type ManagedArea,
  startManagedPolicy,
  syncManagedPolicy,
} from "../../../lib/background/managed-policy";
import { patchSiteRules, saveSiteRules, setSiteRoute } from "../../../lib/background/site-rules";
import { EMPTY_AFTER_FAILURE } from "../../../lib/policy/managed-read";
import type { Engine } from "../../../lib/proxy/engine";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import { updateState, writeState } from "../../../lib/storage/store";
import { eventually } from "../wait";

const POLICY = {
  baseUrl: "https://corp.example.test",
  failClosed: true,
  bypassList: ["corp.test"],
  addProxies: false,
  rules: [
    { pattern: "intranet.test", route: "direct" },
    { subscription: "https://lists.example.test/block.txt", route: "block" },
  ],
};

function area(get: () => Promise<Record<string, unknown>>): ManagedArea {
  return { managed: { get }, onChanged: { addListener: () => undefined } };
}
const policyArea = (policy: Record<string, unknown>) => area(async () => policy);

const userRule: SiteRule = {
  id: "u1",
  enabled: true,
  source: { type: "pattern", text: "mine.test" },
  route: { kind: "block" },
};

function handler() {
  const engine = { rulesChanged: async () => undefined } as unknown as Engine;
  return createCommandHandler({ engine, api: () => ({}) as never, now: () => 0 });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("syncManagedPolicy", () => {
  it("lays the policy over settings reads while the user's values stay stored", async () => {
    await writeState({ settings: { ...DEFAULT_SETTINGS, fallbackDirect: true, warnDays: 7 } });
    await syncManagedPolicy(policyArea(POLICY));
    const settings = await read("settings");
    expect(settings).toMatchObject({
      baseUrl: "https://corp.example.test",
      fallbackDirect: false,
      bypassList: ["corp.test"],
      warnDays: 7,
    });
    const stored = await fakeBrowser.storage.local.get("settings");
    expect(stored.settings).toMatchObject({ fallbackDirect: true, bypassList: ["<local>"] });
    // The policy goes: the user's own values are in force again.
    await syncManagedPolicy(policyArea({}));
    expect((await read("settings")).fallbackDirect).toBe(true);
  });

  it("puts the policy's rules first; a list by URL starts empty and keeps its fetched copy", async () => {
    await writeState({ siteRules: [userRule] });
    expect(await syncManagedPolicy(policyArea(POLICY))).toMatchObject({ rulesChanged: true });
    const rules = await read("siteRules");
    expect(rules.map((r) => r.id)).toEqual(["managed-1", "managed-2", "u1"]);
    expect(rules[1]?.source).toEqual({
      type: "list",
      name: "https://lists.example.test/block.txt",
      lines: [],
      subscription: {
        url: "https://lists.example.test/block.txt",
        via: { kind: "direct" },
        everyHours: 24,
      },
    });
    // The fetcher stores the list's lines; a later sync keeps them.
    await updateState(["siteRules"], ({ siteRules }) => ({
      write: {
        siteRules: siteRules.map((r) =>
          r.id === "managed-2" && r.source.type === "list"
            ? { ...r, source: { ...r.source, lines: ["||ads.test"] } }
            : r,
        ),
      },
      result: null,
    }));
    expect(await syncManagedPolicy(policyArea(POLICY))).toMatchObject({ rulesChanged: false });
    const kept = (await read("siteRules"))[1]?.source;
    expect(kept?.type === "list" && kept.lines).toEqual(["||ads.test"]);
    // Gone from the policy: gone from the list, the user's rule stays.
    await syncManagedPolicy(policyArea({}));
    expect((await read("siteRules")).map((r) => r.id)).toEqual(["u1"]);
  });

  it("reads no policy when the browser has none to give (the call rejects)", async () => {
    await writeState({ siteRules: [userRule] });
    await syncManagedPolicy(
      area(() => Promise.reject(new Error("Managed storage manifest not found"))),
    );
    expect(await read("managedPolicy")).toEqual({});
    expect(await read("siteRules")).toEqual([userRule]);
  });
});

describe("a policy read that fails", () => {
  const failing = area(() => Promise.reject(new Error("IO error: …/LOCK: Not a directory.")));

  it("keeps the last policy read in force, its rules and values, and records why", async () => {
    await writeState({ siteRules: [userRule] });
    await syncManagedPolicy(policyArea(POLICY));
    const rules = await read("siteRules");
    expect(await syncManagedPolicy(failing, { now: () => 1_000 })).toEqual({
      rulesChanged: false,
      unread: true,
    });
    expect(await read("managedPolicy")).toEqual(POLICY);
    expect(await read("siteRules")).toEqual(rules);
    expect((await read("settings")).fallbackDirect).toBe(false);
    expect(await read("managedPolicyRead")).toEqual({
      at: 1_000,
      error: "IO error: …/LOCK: Not a directory.",
    });
    // The next read that works is taken, and the failure is forgotten.
    expect(await syncManagedPolicy(policyArea(POLICY))).toEqual({
      rulesChanged: false,
      unread: false,
    });
    expect(await read("managedPolicyRead")).toBeNull();
  });

  it("takes no empty answer after a failed read (Chromium's store comes back empty), but one that came with the change event", async () => {
    await writeState({ siteRules: [userRule] });
    await syncManagedPolicy(policyArea(POLICY));
    await syncManagedPolicy(failing);
    expect(await syncManagedPolicy(policyArea({}))).toEqual({
      rulesChanged: false,
      unread: false,
    });
    expect(await read("managedPolicy")).toEqual(POLICY);
    expect((await read("siteRules")).map((r) => r.id)).toEqual(["managed-1", "managed-2", "u1"]);
    expect((await read("managedPolicyRead"))?.error).toBe(EMPTY_AFTER_FAILURE);
    // The administrator removed the policy: Chrome says so with its change event.
    await syncManagedPolicy(policyArea({}), { changeEvent: true });
    expect(await read("managedPolicy")).toEqual({});
    expect((await read("siteRules")).map((r) => r.id)).toEqual(["u1"]);
    expect(await read("managedPolicyRead")).toBeNull();
  });

  it("is tried again later, and its rules are not re-applied meanwhile", async () => {
    let retries = 0;
    let applied = 0;
    const sync = startManagedPolicy(
      failing,
      async () => {
        applied++;
      },
      () => {
        retries++;
      },
    );
    sync();
    await eventually(() => expect(retries).toBe(1));
    expect(applied).toBe(0);
  });
});

describe("edits under a policy", () => {
  beforeEach(async () => {
    await writeState({ siteRules: [userRule] });
    await syncManagedPolicy(policyArea(POLICY));
  });

  it("keeps the policy's rules through every kind of rule edit", async () => {
    const ids = async () => (await read("siteRules")).map((r) => r.id);
    await saveSiteRules([userRule]);
    expect(await ids()).toEqual(["managed-1", "managed-2", "u1"]);
    const changed = { ...(await read("siteRules"))[0], enabled: false } as SiteRule;
    await patchSiteRules([changed], ["u1", "managed-1", "managed-2"]);
    expect((await read("siteRules"))[0]).toMatchObject({ id: "managed-1", enabled: true });
    await setSiteRoute("new.test", { kind: "direct" }, () => "n1");
    expect(await ids()).toEqual(["managed-1", "managed-2", "n1", "u1"]);
  });

  it("refuses a patch that would write over a managed setting, naming it", async () => {
    const reply = await handler()({
      type: "patchSettings",
      patch: { fallbackDirect: true, bypassList: ["corp.test"], warnDays: 9 },
    });
    expect(reply).toEqual({ ok: true, data: { rejected: [], managed: ["fallbackDirect"] } });
    const settings = await read("settings");
    expect(settings.warnDays).toBe(9);
    expect(settings.fallbackDirect).toBe(false);
  });

  it("refuses adding proxies when the policy forbids it", async () => {
    const reply = await handler()({ type: "addProxies", text: "1.2.3.4:8080" });
    expect(reply).toEqual({ ok: false, failure: { code: "policy-forbids-adding" } });
    expect(await read("tokens")).toEqual([]);
  });
});

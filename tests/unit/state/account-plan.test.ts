/**
 * The plan from the account: read from the sandbox's real account records by the background's
 * command, stored for the credentials it was read with, in force over the manual choice, and
 * refused from every other door (page, sync, backup).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { apiForSettings } from "../../../lib/background/api-for-settings";
import { createCommandHandler } from "../../../lib/background/commands";
import { buildBackup } from "../../../lib/backup/backup";
import { importSettings } from "../../../lib/backup/backup-settings";
import { parseCommand } from "../../../lib/protocol/parse-command";
import type { Engine } from "../../../lib/proxy/engine";
import {
  effectivePlan,
  keepAccountPlanBound,
  planFromAccount,
} from "../../../lib/state/account-plan";
import { checkSetting } from "../../../lib/state/setting-check";
import { DEFAULT_SETTINGS, type Settings } from "../../../lib/state/settings";
import { applySettingsPatch } from "../../../lib/state/settings-patch";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { control } from "../../sandbox/test-helpers";
import { useSandbox } from "../../sandbox/use-sandbox";

const sb = useSandbox();
const BOUND: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: "https://api.example.test",
  auth: { kind: "bearer", accessToken: "secret" },
  plan: "free",
  accountPlan: "professional",
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe("planFromAccount", () => {
  it.each([
    [{ code: 0, data: { plan: "basic" } }, "basic"],
    [{ plan: " Enterprise " }, "enterprise"],
    [{ plan: "gold" }, null],
    [{ plan: 3 }, null],
    [{ username: "x" }, null],
    [null, null],
    ["basic", null],
  ])("%j → %j", (record, plan) => expect(planFromAccount(record)).toBe(plan));
});

describe("the plan in force", () => {
  it("is the account's when stated, else the manual choice", () => {
    expect(effectivePlan(BOUND)).toBe("professional");
    expect(effectivePlan({ ...BOUND, accountPlan: null })).toBe("free");
  });

  it("is forgotten with a new address or new credentials, kept otherwise", () => {
    expect(keepAccountPlanBound(BOUND, { ...BOUND, warnDays: 5 }).accountPlan).toBe("professional");
    const other = { ...BOUND, auth: { kind: "bearer" as const, accessToken: "other" } };
    expect(keepAccountPlanBound(BOUND, other).accountPlan).toBeNull();
    const patched = applySettingsPatch(BOUND, { baseUrl: "https://other.example.test" });
    expect(patched.settings.accountPlan).toBeNull();
    expect(applySettingsPatch(BOUND, { plan: "basic" }).settings.accountPlan).toBe("professional");
  });

  it("only the account may state it: the page, sync and a backup are refused", () => {
    for (const door of ["page", "sync", "backup", "policy"] as const) {
      expect(checkSetting("accountPlan", "enterprise", door).ok).toBe(false);
    }
    expect(checkSetting("accountPlan", "enterprise", "account")).toEqual({
      ok: true,
      value: "enterprise",
    });
    expect(checkSetting("accountPlan", "gold", "account").ok).toBe(false);
    expect(checkSetting("accountPlan", null, "page")).toEqual({ ok: true, value: null });
    const patched = applySettingsPatch(BOUND, { accountPlan: "enterprise" });
    expect(patched.rejected).toEqual(["accountPlan"]);
    expect(patched.settings.accountPlan).toBe("professional");
  });

  it("a backup neither carries it nor brings one in", () => {
    const backup = buildBackup({ settings: BOUND, tokens: [], trash: [] }, true, new Date(0));
    expect(backup.settings).not.toHaveProperty("accountPlan");
    const file = { ...backup.settings, accountPlan: "enterprise" } as typeof backup.settings;
    const imported = importSettings(BOUND, file);
    expect(imported.settings.accountPlan).toBe("professional");
    expect(imported.changes.map((c) => c.key)).not.toContain("accountPlan");
  });
});

describe("the account command notes the plan (sandbox)", () => {
  const engine = {} as Engine;
  const handle = createCommandHandler({ engine, api: apiForSettings });
  const command = (type: "accountQuota" | "accountInfo") => {
    const parsed = parseCommand({ type });
    if (!parsed) throw new Error("does not parse");
    return parsed;
  };
  const settings = (): Settings => ({
    ...DEFAULT_SETTINGS,
    baseUrl: sb.baseUrl,
    auth: { kind: "bearer", accessToken: sb.accessToken },
    plan: "free",
  });

  it("stores the plan the quota states; the manual choice stays underneath", async () => {
    await control(sb, "POST", "plan", { plan: "professional" });
    await writeState({ settings: settings() });
    expect((await read("settings")).accountPlan).toBeNull();
    const reply = await handle(command("accountQuota"));
    expect(reply.ok).toBe(true);
    const stored = await read("settings");
    expect(stored.accountPlan).toBe("professional");
    expect(stored.plan).toBe("free");
    expect(effectivePlan(stored)).toBe("professional");
  });

  it("the info record states it too, and a change of plan is followed", async () => {
    await writeState({ settings: { ...settings(), accountPlan: "professional" } });
    await control(sb, "POST", "plan", { plan: "enterprise" });
    expect((await handle(command("accountInfo"))).ok).toBe(true);
    expect((await read("settings")).accountPlan).toBe("enterprise");
  });

  it("Verify notes it for the stored credentials (the welcome's Save and verify), not for others", async () => {
    await control(sb, "POST", "plan", { plan: "basic" });
    const stored = settings();
    await writeState({ settings: stored });
    const verify = (auth: Settings["auth"]) => {
      const parsed = parseCommand({ type: "verifyCredentials", baseUrl: sb.baseUrl, auth });
      if (!parsed) throw new Error("does not parse");
      return handle(parsed);
    };
    // Verified before saving: another login than the stored one, whose plan this is not.
    await writeState({ settings: { ...stored, auth: { kind: "bearer", accessToken: "old" } } });
    expect((await verify(stored.auth)).ok).toBe(true);
    expect((await read("settings")).accountPlan).toBeNull();
    await writeState({ settings: stored });
    expect((await verify(stored.auth)).ok).toBe(true);
    expect((await read("settings")).accountPlan).toBe("basic");
  });

  it("a failed read leaves what is known", async () => {
    await writeState({
      settings: {
        ...settings(),
        auth: { kind: "bearer", accessToken: "wrong" },
        accountPlan: null,
      },
    });
    expect((await handle(command("accountQuota"))).ok).toBe(false);
    expect((await read("settings")).accountPlan).toBeNull();
  });
});

/**
 * Applying a FoxyProxy or Omega file over real extension storage (fakeBrowser): through the
 * command, the proxies land as "Add proxies" lands them, the rules after the stored ones in
 * the file's order routed to those tokens, the bypass entries merged; a second import adds
 * nothing; a file with a bad rule or a policy against own proxies writes nothing.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing";
import { createCommandHandler } from "../../../lib/background/commands";
import { parseCommand } from "../../../lib/protocol/parse-command";
import type { SiteRule } from "../../../lib/routing/rules";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";
import { read } from "../../../lib/storage/read";
import { writeState } from "../../../lib/storage/store";
import { foxyExport, omegaBackup } from "../import/fixtures";
import { makeToken } from "../stored-token";

const OWN: SiteRule = {
  id: "own",
  enabled: true,
  source: { type: "pattern", text: "mine.test" },
  route: { kind: "direct" },
};

const rulesChanged = vi.fn(async () => undefined);
const handle = createCommandHandler({
  engine: { rulesChanged } as never,
  api: () => {
    throw new Error("no API call expected");
  },
  now: () => 1_800_000_000_000,
});

async function importText(text: string, rest?: boolean) {
  const command = parseCommand({
    type: "importForeign",
    text,
    ...(rest === undefined ? {} : { rest }),
  });
  if (!command) throw new Error("not a command");
  return handle(command);
}

beforeEach(async () => {
  fakeBrowser.reset();
  rulesChanged.mockClear();
  await writeState({
    settings: DEFAULT_SETTINGS,
    tokens: [makeToken({ id: 9, host: "gw2.example.net", port: 1080, username: "lon" })],
    siteRules: [OWN],
  });
});

describe("importForeign", () => {
  it("a FoxyProxy export: its proxies added (one held already), its rules after mine, its passthrough in the bypass list", async () => {
    const reply = await importText(JSON.stringify(foxyExport()));
    expect(reply).toEqual({
      ok: true,
      data: {
        proxiesAdded: 2,
        proxiesHeld: 2,
        proxiesRefused: 0,
        rulesAdded: 4,
        rulesHeld: 0,
        bypassAdded: 3,
      },
    });
    const tokens = await read("tokens");
    expect(tokens.map((t) => [t.id, t.kind, t.name, t.host, t.username, t.password])).toEqual([
      [-1, "manual", "Iceland", "gw1.example.net", "ice", 'p:w@1"x'],
      [-2, "manual", "Old", "gw3.example.net", "old", "old"],
      [9, "static-ip", "", "gw2.example.net", "lon", "secret9"],
    ]);
    const rules = await read("siteRules");
    expect(
      rules.map((r) => [r.source.type === "list" ? r.source.name : r.id, r.route, r.enabled]),
    ).toEqual([
      ["own", { kind: "direct" }, true],
      ["Iceland", { kind: "token", tokenId: -1 }, true],
      ["Bank direct", { kind: "direct" }, true],
      // London was held already as token 9: its rule routes there.
      ["London", { kind: "token", tokenId: 9 }, true],
      ["Old", { kind: "token", tokenId: -2 }, false],
    ]);
    expect((await read("settings")).bypassList).toEqual([
      "<local>",
      "intranet.test",
      "*.corp.test",
      "10.0.0.0/8",
    ]);
    expect(rulesChanged).toHaveBeenCalledTimes(1);

    // The same file again: nothing new.
    expect(await importText(JSON.stringify(foxyExport()))).toMatchObject({
      ok: true,
      data: { proxiesAdded: 0, rulesAdded: 0, rulesHeld: 4, bypassAdded: 0 },
    });
    expect(await read("siteRules")).toHaveLength(5);
    expect(await read("tokens")).toHaveLength(3);
  });

  it("an Omega backup: fixed profiles as tokens, the switch rules and the rule list in order", async () => {
    const reply = await importText(JSON.stringify(omegaBackup()));
    expect(reply).toMatchObject({
      ok: true,
      data: { proxiesAdded: 1, proxiesHeld: 1, rulesAdded: 12 },
    });
    const rules = await read("siteRules");
    expect(rules[0]?.id).toBe("own");
    expect(rules[2]).toMatchObject({
      source: { text: "*.bank.test" },
      route: { kind: "token", tokenId: -1 },
    });
    expect(rules[3]).toMatchObject({
      source: { text: "**.cdn.test" },
      route: { kind: "token", tokenId: 9 },
    });
    expect(rules.at(-1)).toMatchObject({
      source: { type: "list", subscription: { url: "https://lists.example.org/gfwlist.txt" } },
    });
    expect((await read("settings")).bypassList).toEqual(["<local>", "*.internal.test"]);
  });

  it("asked, a last rule sends everything else where the source did (`*`: every host)", async () => {
    await importText(JSON.stringify(omegaBackup()), true);
    const rules = await read("siteRules");
    expect(rules).toHaveLength(14);
    expect(rules.at(-1)).toMatchObject({
      source: { type: "pattern", text: "*" },
      route: { kind: "direct" },
    });
    // And where the source sent the rest through a proxy, through that proxy's token.
    const bak = omegaBackup();
    bak["+__ruleListOf_auto switch"].defaultProfileName = "home";
    await importText(JSON.stringify(bak), true);
    expect((await read("siteRules")).at(-1)).toMatchObject({
      source: { text: "*" },
      route: { kind: "token", tokenId: 9 },
    });
  });

  it("writes nothing when a rule would be refused, or the policy forbids own proxies", async () => {
    const before = JSON.stringify(await fakeBrowser.storage.local.get(null));
    // Past the editor's limit: the rules cannot all be stored.
    const big = omegaBackup();
    big["+auto switch"].rules = Array.from({ length: 9_999 }, (_, i) => ({
      condition: { conditionType: "HostWildcardCondition", pattern: `h${i}.test` },
      profileName: "direct",
    }));
    expect(await importText(JSON.stringify(big))).toEqual({
      ok: false,
      failure: { code: "site-rules-full", max: 10_000 },
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).toBe(before);

    await fakeBrowser.storage.local.set({ managedPolicy: { addProxies: false } });
    const forbidden = await importText(JSON.stringify(foxyExport()));
    expect(forbidden).toMatchObject({ ok: false, failure: { code: "policy-forbids-adding" } });
    expect(await read("tokens")).toHaveLength(1);
    expect(await read("siteRules")).toHaveLength(1);
  });

  it("a file that is no setup is a malformed command; nothing is written", async () => {
    expect(await importText("{}")).toEqual({ ok: false, failure: { code: "malformed-command" } });
    expect(parseCommand({ type: "importForeign", text: "x".repeat(6 * 1024 * 1024) })).toBeNull();
  });
});

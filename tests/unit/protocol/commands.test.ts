import { describe, expect, it } from "vitest";
import { requestSchemas } from "../../../lib/protocol/commands";
import { parseCommand } from "../../../lib/protocol/parse-command";
import { isOwnPage } from "../../../lib/protocol/sender";
import { DEFAULT_SETTINGS } from "../../../lib/state/settings";

const params = { number: 2, country_id: 1 };

describe("parseCommand", () => {
  it.each([
    { type: "patchSettings", patch: DEFAULT_SETTINGS },
    { type: "patchSettings", patch: { baseUrl: "https://api.example.net" } },
    {
      type: "verifyCredentials",
      baseUrl: "https://api.example.net",
      auth: { kind: "bearer", accessToken: "t" },
    },
    { type: "regions", level: "countries", query: { page: 1 } },
    { type: "regions", level: "states", parentId: 7, query: {} },
    { type: "plans", filters: { is_static: true } },
    { type: "deleteTokens", tokenIds: [1, 2] },
    { type: "createTokens", kind: "static-ip", params, countryCode: "US" },
    {
      type: "createTokens",
      kind: "dynamic-traffic",
      params: { ...params, network_type: "SOCKS5" },
    },
    { type: "createTokens", kind: "dynamic-ip", params: { ...params, payway_id: 3, number: 10 } },
    { type: "connect", tokenId: 1 },
    { type: "disconnect" },
    { type: "toggle" },
    { type: "refreshIp", tokenId: 987654 },
    { type: "checkExitIp" },
  ])("accepts $type", (command) => {
    expect(parseCommand(command)?.type).toBe(command.type);
  });

  it("takes a hand-added proxy's local (negative) id, never a provider one the page made up: 0", () => {
    expect(parseCommand({ type: "connect", tokenId: -1 })).toEqual({
      type: "connect",
      tokenId: -1,
    });
    expect(parseCommand({ type: "connect", tokenId: 0 })).toBeNull();
    expect(parseCommand({ type: "createTokens", kind: "manual", params })).toBeNull();
  });

  it('fills defaults: countryCode "" and network_type HTTP', () => {
    const parsed = parseCommand({ type: "createTokens", kind: "static-ip", params });
    expect(parsed).toMatchObject({ countryCode: "", params: { network_type: "HTTP" } });
  });

  it.each([
    { name: "unknown type", command: { type: "deleteEverything" } },
    { name: "no type", command: { tokenId: 1 } },
    { name: "not an object", command: "connect" },
    { name: "null", command: null },
    { name: "tokenId 0", command: { type: "connect", tokenId: 0 } },
    { name: 'tokenId "1"', command: { type: "connect", tokenId: "1" } },
    { name: "tokenId 1.5", command: { type: "refreshIp", tokenId: 1.5 } },
    { name: "tokenId missing", command: { type: "refreshIp" } },
    {
      name: "createTokens with number 11",
      command: { type: "createTokens", kind: "static-ip", params: { ...params, number: 11 } },
    },
    {
      name: "createTokens with number 0",
      command: { type: "createTokens", kind: "static-ip", params: { ...params, number: 0 } },
    },
    {
      name: "createTokens with an unknown kind",
      command: { type: "createTokens", kind: "rotating", params },
    },
    {
      name: "createTokens with an unknown param (strict)",
      command: { type: "createTokens", kind: "static-ip", params: { ...params, evil: true } },
    },
    {
      name: "createTokens with a bad network type",
      command: {
        type: "createTokens",
        kind: "static-ip",
        params: { ...params, network_type: "SOCKS4" },
      },
    },
    { name: "a prototype key as type", command: { type: "toString" } },
    { name: "the old saveSettings", command: { type: "saveSettings", settings: DEFAULT_SETTINGS } },
    { name: "patchSettings without a patch", command: { type: "patchSettings" } },
    { name: "a patch that is not an object", command: { type: "patchSettings", patch: [1] } },
    { name: "empty tokenIds", command: { type: "deleteTokens", tokenIds: [] } },
    {
      name: "regions at an unknown level",
      command: { type: "regions", level: "planet", query: {} },
    },
    {
      name: "verifyCredentials with an empty token",
      command: {
        type: "verifyCredentials",
        baseUrl: "https://x.test",
        auth: { kind: "bearer", accessToken: "" },
      },
    },
  ])("rejects $name", ({ command }) => {
    expect(parseCommand(command)).toBeNull();
  });

  it("has a schema for every command, each checking its own type", () => {
    for (const [type, schema] of Object.entries(requestSchemas)) {
      expect(schema.safeParse({ type: "nope" }).success).toBe(false);
      expect(Object.keys(schema.def.shape)).toContain("type");
      expect(type).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });
});

describe("isOwnPage", () => {
  const id = "abcdefghijklmnop";
  const origin = `chrome-extension://${id}/`;

  it.each([
    { name: "own popup", sender: { id, url: `${origin}popup.html` }, expected: true },
    { name: "own options page", sender: { id, url: `${origin}options.html#x` }, expected: true },
    {
      name: "another extension's page",
      sender: { id: "zzzzzzzzzzzzzzzz", url: "chrome-extension://zzzzzzzzzzzzzzzz/popup.html" },
      expected: false,
    },
    {
      name: "another extension claiming our url",
      sender: { id: "zzzzzzzzzzzzzzzz", url: `${origin}popup.html` },
      expected: false,
    },
    {
      name: "content-script-like sender (our id, a web URL)",
      sender: { id, url: "https://example.com/page" },
      expected: false,
    },
    {
      name: "web URL that contains our origin later on",
      sender: { id, url: `https://evil.example/?${origin}popup.html` },
      expected: false,
    },
    { name: "missing url", sender: { id }, expected: false },
    { name: "missing id", sender: { url: `${origin}popup.html` }, expected: false },
    { name: "empty sender", sender: {}, expected: false },
  ])("$name → $expected", ({ sender, expected }) => {
    expect(isOwnPage(sender, id, origin)).toBe(expected);
  });
});

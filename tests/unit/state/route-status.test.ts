/**
 * The one status vocabulary: which state applies (from evidence only) and its words, the same
 * in the popup's, Options' and the toolbar's tables.
 */
import { describe, expect, it } from "vitest";
import { badgeStrings } from "../../../lib/i18n/badge-strings";
import { optionsStrings } from "../../../lib/i18n/options-strings";
import { popupStrings } from "../../../lib/i18n/popup-strings";
import { sayStatus, statusWords } from "../../../lib/i18n/status-words";
import { ROUTE_STATUS_KINDS, routeStatus } from "../../../lib/state/route-status";
import { DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import { catalogOf } from "../catalogs";

const status = (over: Partial<ProxyStatus>): ProxyStatus => ({ ...DEFAULT_STATUS, ...over });
const chosen = (activeTokenId: number | null, off = false) => ({ activeTokenId, off });

describe("routeStatus: what the browser has shown decides the words", () => {
  it.each([
    ["Off is the user's own", status({}), chosen(null, true), "off", null],
    ["no token chosen, not Off", status({}), chosen(null), "none", null],
    [
      "applied, nothing proved yet",
      status({ state: "checking", tokenId: 1 }),
      chosen(1),
      "checking",
      1,
    ],
    [
      "a request through it worked",
      status({ state: "connected", tokenId: 1 }),
      chosen(1),
      "through",
      1,
    ],
    ["requests through it failed", status({ state: "error", tokenId: 1 }), chosen(1), "failing", 1],
    ["fail closed", status({ state: "blocked", tokenId: 1 }), chosen(1), "blocked", 1],
    [
      "a block outranks Off",
      status({ state: "blocked", tokenId: 2 }),
      chosen(null, true),
      "blocked",
      2,
    ],
    // The engine's last word was about the token before a switch: nothing is proved yet.
    [
      "evidence about another token",
      status({ state: "connected", tokenId: 2 }),
      chosen(1),
      "checking",
      1,
    ],
    [
      "an error about another token",
      status({ state: "error", tokenId: 2 }),
      chosen(1),
      "checking",
      1,
    ],
    ["a stale 'direct' while a token is chosen", status({}), chosen(3), "checking", 3],
    [
      "another extension in control claims nothing of ours",
      status({ state: "connected", tokenId: 1, controlledByOther: true }),
      chosen(1),
      "foreign",
      null,
    ],
  ] as const)("%s", (_name, given, connection, kind, tokenId) => {
    expect(routeStatus(given, connection)).toEqual({ kind, tokenId });
  });

  it("never says 'through' without a request that worked", () => {
    for (const state of ["direct", "checking", "error", "blocked"] as const) {
      expect(routeStatus(status({ state, tokenId: 1 }), chosen(1)).kind).not.toBe("through");
    }
  });
});

describe("the words: one table, every page", () => {
  it.each([
    ["off", null, "Off", "已关闭"],
    ["none", null, "No token", "未选令牌"],
    ["checking", 4, "Checking #4", "正在验证 #4"],
    ["through", 4, "Through #4", "经由 #4"],
    ["failing", 4, "#4 not working", "#4 无法使用"],
    ["blocked", 4, "Blocked", "已阻止"],
    ["foreign", null, "Another extension in control", "被其他扩展接管"],
  ] as const)("%s reads the same in the popup, Options and the toolbar", (kind, id, en, zh) => {
    const route = { kind, tokenId: id };
    for (const [language, words] of [
      ["en", en],
      ["zh_CN", zh],
    ] as const) {
      expect(sayStatus(popupStrings(language), route)).toBe(words);
      expect(sayStatus(optionsStrings(language), route)).toBe(words);
      expect(sayStatus(badgeStrings(language), route)).toBe(words);
    }
  });

  it("every state has its words in both languages", () => {
    for (const kind of ROUTE_STATUS_KINDS) {
      expect(statusWords.en[`status.${kind}`]).toBeTruthy();
      expect(catalogOf("zh_CN").status?.[`status.${kind}`]).toBeTruthy();
    }
  });
});

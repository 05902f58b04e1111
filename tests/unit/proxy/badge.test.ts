import { describe, expect, it } from "vitest";
import { badgeFor } from "../../../lib/proxy/badge";
import { DEFAULT_STATUS, type ProxyStatus } from "../../../lib/state/status";
import { makeToken } from "../stored-token";

const status = (overrides: Partial<ProxyStatus>): ProxyStatus => ({
  ...DEFAULT_STATUS,
  ...overrides,
});
const exitIp = (countryCode: string) => ({
  ip: "198.51.100.4",
  country: "Germany",
  countryCode,
  city: "Berlin",
  checkedAt: 1,
  viaTokenId: 1,
});
const error = { failure: { code: "credentials-refused" }, at: 1 };

const token = makeToken({
  id: 1,
  countryCode: "us",
  city: "Los Angeles",
  country: "United States",
  ip: "203.0.113.1",
});

describe("badgeFor", () => {
  it.each([
    {
      name: "direct: empty text",
      status: status({}),
      token: undefined,
      text: "",
      title: "Proxy Deck: No token · every site goes direct",
    },
    {
      name: "connected: exit country code wins over the token's",
      status: status({ state: "connected", tokenId: 1, exitIp: exitIp("de") }),
      token,
      text: "DE",
      title: "Proxy Deck: Through #1 · Los Angeles, United States (203.0.113.1)",
    },
    {
      name: "checking, the exit checked direct (the provider's host bypassed): the token's country, not the user's",
      status: status({
        state: "checking",
        tokenId: 1,
        exitIp: { ...exitIp("de"), viaTokenId: null },
      }),
      token,
      text: "US",
      title:
        "Proxy Deck: Checking #1 · Los Angeles, United States (203.0.113.1) applied, no request has proved it yet",
    },
    {
      name: "connected, no exit check yet: token's country code, upper-cased",
      status: status({ state: "connected", tokenId: 1 }),
      token,
      text: "US",
      title: "Proxy Deck: Through #1 · Los Angeles, United States (203.0.113.1)",
    },
    {
      name: "connected, no codes at all: ON",
      status: status({ state: "connected", tokenId: 1 }),
      token: makeToken({ id: 1, countryCode: "", ip: "" }),
      text: "ON",
      title: "Proxy Deck: Through #1 · Los Angeles, United States",
    },
    {
      name: "connected, empty exit code falls back to the token's",
      status: status({ state: "connected", tokenId: 1, exitIp: exitIp("") }),
      token,
      text: "US",
      title: "Proxy Deck: Through #1 · Los Angeles, United States (203.0.113.1)",
    },
    {
      name: "connected, no place: named by token id",
      status: status({ state: "connected", tokenId: 9 }),
      token: makeToken({ id: 9, city: "", country: "", ip: "" }),
      text: "US",
      title: "Proxy Deck: Through #9 · gw.example.net:8000",
    },
    {
      name: "connected, long code clipped to 4 characters",
      status: status({ state: "connected", tokenId: 1, exitIp: exitIp("abcdefg") }),
      token,
      text: "ABCD",
      title: "Proxy Deck: Through #1 · Los Angeles, United States (203.0.113.1)",
    },
    {
      name: "connected but the token is gone: shown as direct",
      status: status({ state: "connected", tokenId: 1 }),
      token: undefined,
      text: "",
      title: "Proxy Deck: No token · every site goes direct",
    },
    {
      name: "error: ! and the error's message",
      status: status({ state: "error", tokenId: 1, error }),
      token,
      text: "!",
      title:
        "Proxy Deck: #1 not working. The proxy refused this token's username or password. Check the token or choose another one.",
    },
    {
      name: "error without details",
      status: status({ state: "error", tokenId: 1 }),
      token,
      text: "!",
      title: "Proxy Deck: #1 not working. Something went wrong in Proxy Deck. Try again.",
    },
    {
      name: "controlled by another extension beats connected",
      status: status({ state: "connected", tokenId: 1, controlledByOther: true }),
      token,
      text: "!",
      title:
        "Proxy Deck: Another extension in control · its proxy setting wins until it is disabled",
    },
    {
      name: "controlled by another extension beats error",
      status: status({ state: "error", tokenId: 1, error, controlledByOther: true }),
      token,
      text: "!",
      title:
        "Proxy Deck: Another extension in control · its proxy setting wins until it is disabled",
    },
  ])("$name", ({ status, token, text, title }) => {
    const badge = badgeFor(status, token);
    expect(badge.text).toBe(text);
    expect(badge.title).toBe(title);
    expect(badge.color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it("speaks the user's language", () => {
    const zh = badgeFor(status({ state: "error", tokenId: 1, error }), token, "zh_CN");
    expect(zh.title).toBe(
      "Proxy Deck：#1 无法使用。代理拒绝了此令牌的用户名或密码。请检查令牌或选择其他令牌。",
    );
    expect(badgeFor(status({}), undefined, "zh_CN").title).toBe(
      "Proxy Deck：未选令牌 · 所有网站直连",
    );
  });

  it("a connected token that expires within the warning days turns amber and says when", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    const soon = { ...token, expiresAt: now + 86_400_000 };
    const connected = status({ state: "connected", tokenId: 1 });
    const warned = badgeFor(connected, soon, "en", null, { now, days: 2 });
    expect(warned.color).toBe("#b45309");
    expect(warned.text).toBe("US");
    expect(warned.title).toContain("token 1 expires tomorrow");
    // Off (0 days), or further away than the days: the usual green.
    expect(badgeFor(connected, soon, "en", null, { now, days: 0 }).color).toBe("#15803d");
    expect(
      badgeFor(connected, soon, "en", null, { now: now - 5 * 86_400_000, days: 2 }).color,
    ).toBe("#15803d");
  });

  it("warnings and connections use different colours", () => {
    const ok = badgeFor(status({ state: "connected", tokenId: 1 }), token);
    const bad = badgeFor(status({ state: "error", tokenId: 1, error }), token);
    const other = badgeFor(status({ controlledByOther: true }), undefined);
    expect(ok.color).not.toBe(bad.color);
    expect(bad.color).toBe(other.color);
  });
});

describe("badgeFor with no token chosen", () => {
  it("Off says every site goes direct, rules included; rules-only says the rules still route", () => {
    const off = badgeFor(status({}), undefined, "en", null, { now: 0, days: 0 }, "off");
    expect(off).toMatchObject({ text: "OFF" });
    expect(off.title).toBe("Proxy Deck: Off · every site goes direct, site rules included");
    const rules = badgeFor(status({}), undefined, "en", null, { now: 0, days: 0 }, "rules");
    expect(rules.title).toMatch(/^Proxy Deck: No token · /);
    expect(rules.title).toContain("site rules still route");
    // A block still outranks both.
    const blocked = status({ state: "blocked", tokenId: null, error });
    expect(badgeFor(blocked, undefined, "en", null, { now: 0, days: 0 }, "rules").text).toBe(
      "STOP",
    );
  });
});

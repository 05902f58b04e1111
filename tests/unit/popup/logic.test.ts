import { describe, expect, it } from "vitest";
import { fixedInOptions } from "../../../lib/base/failure";
import { describeFailure } from "../../../lib/i18n/failure-strings";
import { popupStrings } from "../../../lib/i18n/popup-strings";
import { credentialLine, proxyUrl } from "../../../lib/popup/copy";
import {
  type CreateForm,
  createCommand,
  hasMorePages,
  parseNumber,
  planLookup,
  REGION_PAGE_SIZE,
  regionLookup,
  validateCreate,
} from "../../../lib/popup/create";
import {
  countryOptions,
  NO_FILTER,
  type TokenFilter,
  TokenSearch,
} from "../../../lib/popup/filter";
import {
  expiryOf,
  formatBytes,
  formatDateTime,
  formatTraffic,
  placeOf,
  relativeTime,
  trafficOf,
} from "../../../lib/popup/format";
import { deleteNotice, errorNotice, outcomeWords, restoreNotice } from "../../../lib/popup/outcome";
import { isTimeBilled, kindFilters, planName } from "../../../lib/popup/plans";
import type { StoredToken } from "../../../lib/state/tokens";
import { makeToken } from "../stored-token";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const DAY = 86_400_000;

describe("relativeTime", () => {
  it.each([
    [NOW + 3 * DAY, "en", "in 3 days"],
    [NOW + 45 * DAY, "en", "in 45 days"],
    [NOW + 90 * DAY, "en", "in 3 months"],
    [NOW - 2 * 3600_000, "en", "2 hours ago"],
    [NOW + DAY, "en", "tomorrow"],
    [NOW + 400 * DAY, "en", "next year"],
    [NOW, "en", "now"],
    [NOW + 3 * DAY, "zh_CN", "3天后"],
    [NOW - 5 * 60_000, "zh_CN", "5分钟前"],
    // Rounded to the nearest: 2 days 20 hours is "in 3 days", 1 hour 40 minutes ago "2 hours
    // ago", and a 7-day plan a minute after purchase "in 7 days".
    [NOW + 2 * DAY + 20 * 3600_000, "en", "in 3 days"],
    [NOW - 100 * 60_000, "en", "2 hours ago"],
    [NOW + 7 * DAY - 60_000, "en", "in 7 days"],
    [NOW + 2 * DAY + 11 * 3600_000, "en", "in 2 days"],
  ] as const)("%d in %s → %s", (at, language, text) =>
    expect(relativeTime(at, NOW, language)).toBe(text),
  );
});

describe("formatTraffic", () => {
  it.each([
    [1_073_741_824, "unstated", "en", "1,073,741,824"],
    [1_073_741_824, "bytes", "en", "1.00 GiB"],
    [2.5, "GB", "en", "2.5 GB"],
    [1234.567, "unstated", "zh_CN", "1,234.57"],
    [-5, "bytes", "en", "0 B"],
  ] as const)("%d as %s in %s → %s", (value, unit, language, text) =>
    expect(formatTraffic(value, unit, language)).toBe(text),
  );
});

describe("formatDateTime", () => {
  // Mid-day, so the date is the same in any time zone the tests run in.
  const at = Date.UTC(2026, 6, 15, 12, 5);
  it("gives a calendar date with the month's name and a time, in the UI language", () => {
    expect(formatDateTime(at, "en")).toMatch(/^Jul 1[456], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(at, "zh_CN")).toMatch(/^2026年7月1[456]日 \d{2}:\d{2}$/);
  });
});

describe("expiry, traffic, place", () => {
  it("tells expired, active and no expiry apart", () => {
    expect(expiryOf({ expiresAt: null }, NOW)).toEqual({ state: "none" });
    expect(expiryOf({ expiresAt: NOW - 1 }, NOW).state).toBe("expired");
    expect(expiryOf({ expiresAt: NOW }, NOW).state).toBe("expired");
    expect(expiryOf({ expiresAt: NOW + 1 }, NOW).state).toBe("active");
  });

  it("has a traffic bar only for dynamic traffic tokens with a quota", () => {
    const base = { trafficQuota: 1000, trafficUsed: 250 };
    expect(trafficOf({ kind: "dynamic-traffic", ...base })).toEqual({
      used: 250,
      quota: 1000,
      share: 0.25,
      exhausted: false,
    });
    expect(trafficOf({ kind: "static-traffic", ...base })).toBeNull();
    expect(trafficOf({ kind: "dynamic-traffic", trafficQuota: null, trafficUsed: 5 })).toBeNull();
    expect(
      trafficOf({ kind: "dynamic-traffic", trafficQuota: 100, trafficUsed: 150 }),
    ).toMatchObject({ share: 1, exhausted: true });
    expect(
      trafficOf({ kind: "dynamic-traffic", trafficQuota: 0, trafficUsed: null }),
    ).toMatchObject({ used: 0, exhausted: true });
    // Exactly used up is exhausted; a negative count from the server reads as nothing used.
    expect(
      trafficOf({ kind: "dynamic-traffic", trafficQuota: 100, trafficUsed: 100 }),
    ).toMatchObject({ share: 1, exhausted: true });
    expect(trafficOf({ kind: "dynamic-traffic", trafficQuota: 100, trafficUsed: -20 })).toEqual({
      used: 0,
      quota: 100,
      share: 0,
      exhausted: false,
    });
  });

  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1536, "1.50 KiB"],
    [1_073_741_824, "1.00 GiB"],
    [52_428_800, "50.0 MiB"],
    [-5, "0 B"],
  ])("formatBytes(%d) = %s", (n, text) => expect(formatBytes(n)).toBe(text));

  it("writes an amount of bytes the language's way", () => {
    expect(formatBytes(1536, "de")).toBe("1,50 KiB");
    expect(formatBytes(52_428_800, "fr")).toBe("50,0 MiB");
    expect(formatBytes(1536, "ja")).toBe("1.50 KiB");
  });

  it("joins the known parts of the place", () => {
    expect(placeOf({ country: "United States", state: "", city: "Austin" })).toBe(
      "United States · Austin",
    );
    expect(placeOf({ country: "", state: " ", city: "" })).toBe("");
  });
});

describe("copy formats", () => {
  const token = makeToken({ host: "gw.example.net", port: 8000, username: "u1", password: "p1" });

  it("host:port:user:pass as stored", () => {
    expect(credentialLine(token)).toBe("gw.example.net:8000:u1:p1");
  });

  it("a curl proxy URL with user and password percent-encoded", () => {
    expect(proxyUrl(token)).toBe("http://u1:p1@gw.example.net:8000");
    expect(proxyUrl({ ...token, username: "a@b", password: "p:w/d?#%" })).toBe(
      "http://a%40b:p%3Aw%2Fd%3F%23%25@gw.example.net:8000",
    );
  });

  it("socks5h for SOCKS5 (names resolve through the proxy) and brackets for IPv6", () => {
    expect(proxyUrl({ ...token, networkType: "SOCKS5" })).toBe(
      "socks5h://u1:p1@gw.example.net:8000",
    );
    expect(proxyUrl({ ...token, host: "2001:db8::1" })).toBe("http://u1:p1@[2001:db8::1]:8000");
  });
});

describe("TokenSearch: one search over a list", () => {
  const filterTokens = (list: StoredToken[], filter: TokenFilter) =>
    new TokenSearch(list).find(filter, Date.now());
  const tokens = [
    makeToken({ id: 1, kind: "static-ip", country: "Germany", city: "Berlin", ip: "10.0.0.1" }),
    makeToken({ id: 2, kind: "dynamic-ip", country: "Germany", city: "Munich", ip: "10.0.0.2" }),
    makeToken({ id: 3, kind: "dynamic-ip", country: "Japan", city: "Tokyo", name: "DIP-JP-3" }),
    makeToken({ id: 4, kind: "static-traffic", country: "", city: "" }),
  ];
  const ids = (list: { id: number }[]) => list.map((t) => t.id);

  it("keeps everything without a filter, in order", () => {
    expect(ids(filterTokens(tokens, NO_FILTER))).toEqual([1, 2, 3, 4]);
  });

  it("by kind, by country, and both", () => {
    expect(ids(filterTokens(tokens, { ...NO_FILTER, kind: "dynamic-ip" }))).toEqual([2, 3]);
    expect(ids(filterTokens(tokens, { ...NO_FILTER, country: "Germany" }))).toEqual([1, 2]);
    expect(ids(filterTokens(tokens, { kind: "dynamic-ip", country: "Germany", text: "" }))).toEqual(
      [2],
    );
    expect(ids(filterTokens(tokens, { ...NO_FILTER, country: "" }))).toEqual([4]);
  });

  it("searches every word, case-insensitive, in id, name, address and place", () => {
    const search = (text: string) => ids(filterTokens(tokens, { ...NO_FILTER, text }));
    expect(search("munich")).toEqual([2]);
    expect(search("dip-jp")).toEqual([3]);
    expect(search("GERMANY 10.0.0.1")).toEqual([1]);
    expect(search("  ")).toEqual([1, 2, 3, 4]);
    expect(search("nowhere")).toEqual([]);
  });

  it("finds a token by each thing its row shows: id, address, state, code, user, protocol", () => {
    const list = [
      makeToken({
        id: 17,
        host: "gw-a.example.net",
        port: 8001,
        ip: "198.51.100.7",
        state: "Bavaria",
        countryCode: "DE",
        username: "alice",
        networkType: "SOCKS5",
      }),
      makeToken({
        id: 28,
        host: "gw-b.example.net",
        port: 9002,
        ip: "198.51.100.8",
        state: "Texas",
        countryCode: "US",
        username: "bob",
        networkType: "HTTP",
      }),
    ];
    const search = (text: string) => ids(filterTokens(list, { ...NO_FILTER, text }));
    expect(search("17")).toEqual([17]);
    expect(search("gw-b")).toEqual([28]);
    expect(search("gw-a.example.net:8001")).toEqual([17]);
    expect(search("198.51.100.8")).toEqual([28]);
    expect(search("bavaria")).toEqual([17]);
    expect(search("de")).toEqual([17]);
    expect(search("BOB")).toEqual([28]);
    expect(search("socks5")).toEqual([17]);
    expect(search("http")).toEqual([28]);
  });

  // Its speed is measured in `npm run bench`, never asserted here.
  it("1,000 tokens: every word must match, across the whole list", () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      makeToken({ id: i + 1, city: i % 2 ? "Berlin" : "Tokyo" }),
    );
    expect(filterTokens(many, { ...NO_FILTER, text: "berlin" })).toHaveLength(500);
    const berlin = filterTokens(many, { ...NO_FILTER, text: "BERLIN" });
    expect(berlin.every((t) => t.city === "Berlin")).toBe(true);
    expect(filterTokens(many, { ...NO_FILTER, text: "berlin tokyo" })).toEqual([]);
  });

  it("lists the countries held, with counts, by name", () => {
    expect(countryOptions(tokens)).toEqual([
      { name: "", code: "US", count: 1 },
      { name: "Germany", code: "US", count: 2 },
      { name: "Japan", code: "US", count: 1 },
    ]);
  });
});

describe("plans and kinds", () => {
  it("names a plan in the UI language, falling back to the other", () => {
    const plan = { note: "静态IP 7天", note_en: "Static IP, 7 days" };
    expect(planName(plan, "en")).toBe("Static IP, 7 days");
    expect(planName(plan, "zh_CN")).toBe("静态IP 7天");
    expect(planName({ note: "静态IP 90天", note_en: "" }, "en")).toBe("静态IP 90天");
    expect(planName({ note: " ", note_en: "Only English" }, "zh_CN")).toBe("Only English");
    expect(planName({ note: "", note_en: "" }, "en")).toBe("");
  });

  it.each([
    ["static-ip", true, false, true],
    ["dynamic-ip", false, false, true],
    ["static-traffic", true, true, false],
    ["dynamic-traffic", false, true, false],
  ] as const)("%s: is_static %s, is_traffic %s, time-billed %s", (kind, s, t, billed) => {
    expect(kindFilters(kind)).toEqual({ is_static: s, is_traffic: t });
    expect(isTimeBilled(kind)).toBe(billed);
  });
});

describe("create form", () => {
  const us = { id: 1, name: "United States", code: "US" };
  const ny = { id: 103, name: "New York", code: "US-NY" };
  const nyc = { id: 10005, name: "New York City", code: "NYC" };
  const plan = {
    id: 2,
    note: "静态IP 30天",
    note_en: "Static IP, 30 days",
    days: 30,
    price: "12.00",
    value: "-12.00",
  };
  const form: CreateForm = {
    kind: "static-ip",
    number: "3",
    networkType: "HTTP",
    country: us,
    state: ny,
    city: nyc,
    plan,
  };

  it("sends region ids, the plan of a time-billed kind, and the country code", () => {
    expect(createCommand(form)).toEqual({
      type: "createTokens",
      kind: "static-ip",
      params: {
        number: 3,
        network_type: "HTTP",
        country_id: 1,
        state_id: 103,
        city_id: 10005,
        payway_id: 2,
      },
      countryCode: "US",
    });
  });

  it("never sends a plan for a traffic kind, nor a city without its state", () => {
    const command = createCommand({ ...form, kind: "dynamic-traffic", state: null });
    expect(command).toMatchObject({
      params: { number: 3, network_type: "HTTP", country_id: 1 },
    });
    expect(command && "params" in command ? Object.keys(command.params) : []).toEqual([
      "number",
      "network_type",
      "country_id",
    ]);
    expect(createCommand({ ...form, plan: null })).not.toHaveProperty("params.payway_id");
  });

  it("refuses an incomplete form", () => {
    expect(validateCreate(form)).toEqual([]);
    expect(validateCreate({ ...form, number: "0", country: null })).toEqual(["number", "country"]);
    expect(createCommand({ ...form, country: null })).toBeNull();
  });

  it.each([
    ["1", 1],
    ["10", 10],
    [" 4 ", 4],
    ["0", null],
    ["11", null],
    ["2.5", null],
    ["", null],
    ["1e1", null],
  ])("parseNumber(%j) = %j", (text, n) => expect(parseNumber(text)).toBe(n));

  it("pages region lists with the kind's filters and the search text", () => {
    expect(regionLookup("countries", "static-traffic", { search: " uni ", page: 2 })).toEqual({
      type: "regions",
      level: "countries",
      query: {
        page: 2,
        page_size: REGION_PAGE_SIZE,
        is_static: true,
        is_traffic: true,
        search_text: "uni",
      },
    });
    expect(regionLookup("cities", "dynamic-ip", { parentId: 103, search: "", page: 1 })).toEqual({
      type: "regions",
      level: "cities",
      parentId: 103,
      query: { page: 1, page_size: REGION_PAGE_SIZE, is_static: false, is_traffic: false },
    });
    // Data-centre only adds the spec's is_datacenter filter, to regions and plans alike.
    expect(
      regionLookup("countries", "static-ip", { search: "", page: 1, datacenter: true }),
    ).toEqual({
      type: "regions",
      level: "countries",
      query: {
        page: 1,
        page_size: REGION_PAGE_SIZE,
        is_static: true,
        is_traffic: false,
        is_datacenter: true,
      },
    });
    expect(planLookup("dynamic-ip", true)).toEqual({
      type: "plans",
      filters: { is_static: false, is_traffic: false, is_datacenter: true },
    });
    expect(hasMorePages(REGION_PAGE_SIZE)).toBe(true);
    expect(hasMorePages(REGION_PAGE_SIZE - 1)).toBe(false);
  });
});

describe("outcomes", () => {
  const t = outcomeWords("en");
  const en = (failure: { code: string }) => describeFailure(failure, "en");
  const zh = (failure: { code: string }) => describeFailure(failure, "zh_CN");

  it("says what was deleted, what failed and why, and offers undo", () => {
    const gone = { code: "api-not-found" } as const;
    expect(deleteNotice({ done: [1, 3], failed: [{ id: 2, failure: gone }] }, t, en)).toEqual({
      tone: "error",
      lines: ["Moved to the Trash: 2.", "Not deleted, still in the list (1):"],
      items: ["#2: The provider could not find that item; it may already have been deleted."],
      undoIds: [1, 3],
    });
    expect(
      deleteNotice({ done: [], failed: [{ id: 2, failure: gone }] }, t, en).undoIds,
    ).toBeUndefined();
    // What the provider deleted for good is said, and not offered for undo.
    expect(deleteNotice({ done: [1, 3], failed: [], unrestorable: [3] }, t, en)).toEqual({
      tone: "ok",
      lines: ["Moved to the Trash: 2.", "The provider says 1 of them cannot be restored."],
      items: [],
      undoIds: [1],
    });
    expect(restoreNotice({ done: [4], failed: [] }, t, en)).toEqual({
      tone: "ok",
      lines: ["Restored from the Trash: 1."],
      items: [],
    });
  });

  it("an error notice words the failure in the popup's language and links Options when it helps", () => {
    expect(errorNotice({ code: "api-unauthorized" }, en)).toEqual({
      tone: "error",
      lines: ["The provider refused your API credentials. Check them in Options."],
      items: [],
      optionsLink: true,
    });
    const inChinese = errorNotice({ code: "api-timeout", seconds: 15 }, zh);
    expect(inChinese.lines[0]).toContain("15 秒");
    expect(inChinese.optionsLink).toBe(false);
    // A cause that is fixed in Options links there too.
    expect(fixedInOptions({ code: "exit-check-failed", cause: "api-network" })).toBe(true);
    expect(fixedInOptions({ code: "exit-check-failed", cause: "api-timeout" })).toBe(false);
  });

  it("speaks Chinese (the table's type makes it cover every English key)", () => {
    const zh = popupStrings("zh_CN");
    expect(zh("viewCreate")).toBe("新建令牌");
    expect(zh("viewTokens", { count: 3 })).toBe("令牌（3）");
  });
});

/** Options' traffic log, the pure part (lib/options/traffic-view.ts): merge, filter, words. */
import { describe, expect, it } from "vitest";
import { trafficTranslate } from "../../../lib/i18n/traffic-strings";
import {
  logTime,
  matches,
  mergeEntries,
  NO_FILTER,
  outcomeWords,
  reasonWords,
  routeWords,
  tabName,
  tabsSeen,
} from "../../../lib/options/traffic-view";
import type { TrafficEntry } from "../../../lib/traffic/entry";
import { LOG_CAP } from "../../../lib/traffic/log";

const entry = (id: string, over: Partial<TrafficEntry> = {}): TrafficEntry => ({
  seq: 0,
  requestId: id,
  at: 0,
  tabId: 3,
  host: "a.example",
  url: null,
  method: "GET",
  type: "image",
  route: { kind: "proxy", tokenId: 2 },
  reason: { kind: "default" },
  outcome: { kind: "ok", status: 200 },
  ms: 12,
  ...over,
});
const t = trafficTranslate("en");
const explain = (failure: { code: string }) => `because ${failure.code}`;

describe("the traffic view", () => {
  it("a row's time reads hours, minutes, seconds and milliseconds, in English and Chinese", () => {
    const at = new Date(2026, 10, 27, 14, 3, 7, 494).getTime();
    expect(logTime(at, "en")).toBe("14:03:07.494");
    expect(logTime(at, "zh-CN")).toBe("14:03:07.494");
    // Midnight is 00, not 24.
    expect(logTime(new Date(2026, 10, 27, 0, 0, 5, 1).getTime(), "en")).toBe("00:00:05.001");
  });

  it("names a tab by its title while it is open, else by its page's host", () => {
    const titles = new Map([[3, "Shop – Sale"]]);
    expect(tabName({ id: 3, host: "shop.test" }, titles)).toBe("Shop – Sale");
    expect(tabName({ id: 4, host: "news.test" }, titles)).toBe("news.test");
  });

  it("merges a request's later change in its place, and drops the oldest past the cap", () => {
    const list = new Map<string, TrafficEntry>();
    mergeEntries(list, [entry("1"), entry("2")]);
    mergeEntries(list, [entry("1", { outcome: { kind: "blocked" } })]);
    expect([...list.keys()]).toEqual(["1", "2"]);
    expect(list.get("1")?.outcome).toEqual({ kind: "blocked" });
    mergeEntries(
      list,
      Array.from({ length: LOG_CAP }, (_, i) => entry(`n${i}`)),
    );
    expect(list.size).toBe(LOG_CAP);
    expect(list.has("1")).toBe(false);
  });

  it("filters by tab, site, route and outcome", () => {
    const failed = entry("f", {
      host: "cdn.example",
      route: { kind: "block" },
      outcome: { kind: "blocked" },
    });
    const worked = entry("w", { tabId: 4 });
    expect(matches(failed, { ...NO_FILTER, outcome: "failed" })).toBe(true);
    expect(matches(worked, { ...NO_FILTER, outcome: "failed" })).toBe(false);
    expect(matches(worked, { ...NO_FILTER, outcome: "ok" })).toBe(true);
    expect(matches(failed, { ...NO_FILTER, site: "CDN" })).toBe(true);
    expect(matches(worked, { ...NO_FILTER, site: "cdn" })).toBe(false);
    expect(matches(failed, { ...NO_FILTER, route: "block" })).toBe(true);
    expect(matches(worked, { ...NO_FILTER, route: "block" })).toBe(false);
    expect(matches(worked, { ...NO_FILTER, tab: "4" })).toBe(true);
    expect(matches(failed, { ...NO_FILTER, tab: "4" })).toBe(false);
  });

  it("names tabs by their page, and puts route, why and outcome in words", () => {
    expect(
      tabsSeen([
        entry("1", { host: "img.example" }),
        entry("2", { type: "main_frame", host: "shop.example" }),
      ]),
    ).toEqual([{ id: 3, host: "shop.example" }]);
    expect(routeWords(entry("1"), t)).toBe("Token #2");
    expect(routeWords(entry("1", { route: null }), t)).toBe("…");
    expect(
      reasonWords(entry("1", { reason: { kind: "rule", position: 4, text: "*.cdn" } }), t, explain),
    ).toBe("rule 4 (*.cdn)");
    expect(
      reasonWords(
        entry("1", { reason: { kind: "fail-closed", code: "token-expired" } }),
        t,
        explain,
      ),
    ).toBe("fail closed: because token-expired");
    expect(outcomeWords(entry("1", { outcome: { kind: "login-refused" } }), t)).toBe(
      "login refused by the proxy",
    );
    expect(
      outcomeWords(
        entry("1", { outcome: { kind: "failed", error: "net::ERR_NAME_NOT_RESOLVED" } }),
        t,
      ),
    ).toBe("failed: net::ERR_NAME_NOT_RESOLVED");
  });
});

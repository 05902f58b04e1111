/** Each tab's failed requests since its page loaded (lib/traffic/page-traffic.ts). */
import { describe, expect, it } from "vitest";
import {
  MAX_HOSTS,
  MAX_RECENT,
  type PageTraffic,
  pageLoaded,
  requestCounted,
  requestFailed,
  requestRouted,
  tabClosed,
  trafficOf,
} from "../../../lib/traffic/page-traffic";

describe("page failures", () => {
  it("a reload of a page with nothing counted changes nothing (nothing to store), one with counts starts again", () => {
    const loaded = pageLoaded({}, 7, "shop.example");
    expect(pageLoaded(loaded, 7, "shop.example")).toBe(loaded);
    expect(pageLoaded(loaded, 7, "next.example")).not.toBe(loaded);
    const failed = requestFailed(loaded, 7, "1", "cdn.example");
    expect(trafficOf(pageLoaded(failed, 7, "shop.example"), 7)?.count).toBe(0);
    const routed = requestRouted(loaded, 7, { kind: "direct" });
    expect(trafficOf(pageLoaded(routed, 7, "shop.example"), 7)?.routes.direct).toBe(0);
  });

  it("counts by host since the page loaded, most failures first; a new page starts again", () => {
    let all: PageTraffic = pageLoaded({}, 7, "shop.example");
    all = requestFailed(all, 7, "1", "cdn.example");
    all = requestFailed(all, 7, "2", "api.example");
    all = requestFailed(all, 7, "3", "api.example");
    expect(trafficOf(all, 7)).toEqual({
      page: "shop.example",
      routes: { proxy: [], direct: 0, block: 0 },
      count: 3,
      hosts: [
        { host: "api.example", count: 2 },
        { host: "cdn.example", count: 1 },
      ],
      recent: [],
    });
    all = pageLoaded(all, 7, "next.example");
    expect(trafficOf(all, 7)).toEqual({
      page: "next.example",
      routes: { proxy: [], direct: 0, block: 0 },
      count: 0,
      hosts: [],
      recent: [],
    });
  });

  it("keeps the page's last requests, newest first, each failure counted once", () => {
    let all: PageTraffic = pageLoaded({}, 3, "shop.example");
    const proxy = { kind: "proxy", tokenId: 4 } as const;
    all = requestCounted(all, 3, {
      requestId: "1",
      host: "cdn.example",
      route: { kind: "block" },
      outcome: { kind: "blocked" },
      at: 1,
    });
    const ok = { requestId: "2", host: "img.example", route: proxy, at: 2 } as const;
    all = requestCounted(all, 3, { ...ok, outcome: { kind: "ok", status: 200 } });
    // The blocked one's end heard again: nothing changes.
    const again = requestCounted(all, 3, {
      requestId: "1",
      host: "cdn.example",
      route: { kind: "block" },
      outcome: { kind: "blocked" },
      at: 3,
    });
    expect(again).toBe(all);
    const summary = trafficOf(all, 3);
    expect(summary?.recent).toEqual([
      { host: "img.example", route: "proxy:4", outcome: "200", at: 2 },
      { host: "cdn.example", route: "block", outcome: "blocked", at: 1 },
    ]);
    expect(summary?.count).toBe(1);
    for (let i = 0; i < MAX_RECENT + 5; i++) {
      all = requestCounted(all, 3, {
        ...ok,
        requestId: `r${i}`,
        outcome: { kind: "ok", status: 204 },
      });
    }
    expect(trafficOf(all, 3)?.recent).toHaveLength(MAX_RECENT);
  });

  it("counts the page's requests by route: each token, direct, blocked", () => {
    let all = pageLoaded({}, 2, "shop.example");
    for (const tokenId of [4, 4, 9]) all = requestRouted(all, 2, { kind: "proxy", tokenId });
    all = requestRouted(all, 2, { kind: "direct" });
    all = requestRouted(all, 2, { kind: "block" });
    all = requestRouted(all, 2, { kind: "block" });
    expect(trafficOf(all, 2)?.routes).toEqual({
      proxy: [
        { tokenId: 4, count: 2 },
        { tokenId: 9, count: 1 },
      ],
      direct: 1,
      block: 2,
    });
  });

  it("a request reported twice (a woken worker hears its end again) counts once", () => {
    let all = pageLoaded({}, 1, "a.example");
    all = requestFailed(all, 1, "9", "b.example");
    const again = requestFailed(all, 1, "9", "b.example");
    expect(again).toBe(all);
    expect(trafficOf(again, 1)?.count).toBe(1);
  });

  it("tabs are apart; a closed tab is forgotten; an unknown tab has nothing", () => {
    let all = requestFailed(pageLoaded({}, 1, "a.example"), 1, "1", "x.example");
    all = pageLoaded(all, 2, "b.example");
    expect(trafficOf(all, 2)?.count).toBe(0);
    all = tabClosed(all, 1);
    expect(trafficOf(all, 1)).toBeNull();
    expect(trafficOf(all, 99)).toBeNull();
  });

  it("a page naming thousands of hosts keeps the first MAX_HOSTS, and counts every failure", () => {
    let all = pageLoaded({}, 1, "a.example");
    for (let i = 0; i < MAX_HOSTS + 20; i++) all = requestFailed(all, 1, `${i}`, `h${i}.example`);
    const summary = trafficOf(all, 1);
    expect(summary?.count).toBe(MAX_HOSTS + 20);
    expect(summary?.hosts).toHaveLength(MAX_HOSTS);
  });
});

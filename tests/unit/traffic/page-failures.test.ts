/** Each tab's failed requests since its page loaded (lib/traffic/page-failures.ts). */
import { describe, expect, it } from "vitest";
import {
  failuresOf,
  MAX_HOSTS,
  type PageFailures,
  pageLoaded,
  requestFailed,
  tabClosed,
} from "../../../lib/traffic/page-failures";

describe("page failures", () => {
  it("counts by host since the page loaded, most failures first; a new page starts again", () => {
    let all: PageFailures = pageLoaded({}, 7, "shop.example");
    all = requestFailed(all, 7, "1", "cdn.example");
    all = requestFailed(all, 7, "2", "api.example");
    all = requestFailed(all, 7, "3", "api.example");
    expect(failuresOf(all, 7)).toEqual({
      page: "shop.example",
      count: 3,
      hosts: [
        { host: "api.example", count: 2 },
        { host: "cdn.example", count: 1 },
      ],
    });
    all = pageLoaded(all, 7, "next.example");
    expect(failuresOf(all, 7)).toEqual({ page: "next.example", count: 0, hosts: [] });
  });

  it("a request reported twice (a woken worker hears its end again) counts once", () => {
    let all = pageLoaded({}, 1, "a.example");
    all = requestFailed(all, 1, "9", "b.example");
    const again = requestFailed(all, 1, "9", "b.example");
    expect(again).toBe(all);
    expect(failuresOf(again, 1)?.count).toBe(1);
  });

  it("tabs are apart; a closed tab is forgotten; an unknown tab has nothing", () => {
    let all = requestFailed(pageLoaded({}, 1, "a.example"), 1, "1", "x.example");
    all = pageLoaded(all, 2, "b.example");
    expect(failuresOf(all, 2)?.count).toBe(0);
    all = tabClosed(all, 1);
    expect(failuresOf(all, 1)).toBeNull();
    expect(failuresOf(all, 99)).toBeNull();
  });

  it("a page naming thousands of hosts keeps the first MAX_HOSTS, and counts every failure", () => {
    let all = pageLoaded({}, 1, "a.example");
    for (let i = 0; i < MAX_HOSTS + 20; i++) all = requestFailed(all, 1, `${i}`, `h${i}.example`);
    const summary = failuresOf(all, 1);
    expect(summary?.count).toBe(MAX_HOSTS + 20);
    expect(summary?.hosts).toHaveLength(MAX_HOSTS);
  });
});

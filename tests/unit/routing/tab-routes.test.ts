/** Firefox's "This tab only" (pure): stored per tab, bounded, fail closed. */
import { describe, expect, it } from "vitest";
import {
  MAX_TAB_ROUTES,
  tabRoutesSchema,
  tabTarget,
  withTabRoute,
} from "../../../lib/routing/tab-routes";
import { unusableReason } from "../../../lib/state/usable";
import { makeToken } from "../stored-token";

const NOW = 1_800_000_000_000;
const unusable = (token: Parameters<typeof unusableReason>[0]) => unusableReason(token, true, NOW);

describe("withTabRoute", () => {
  it("sets, replaces and removes one tab's route, leaving the others", () => {
    const one = withTabRoute({}, 5, 1);
    expect(one).toEqual({ 5: 1 });
    expect(withTabRoute(one, 5, 2)).toEqual({ 5: 2 });
    expect(withTabRoute({ ...one, 6: 3 }, 5, null)).toEqual({ 6: 3 });
    expect(withTabRoute(one, 9, null)).toEqual({ 5: 1 });
  });

  it("keeps at most MAX_TAB_ROUTES, the lowest (oldest) tab id giving way", () => {
    let routes = {};
    for (let tab = 1; tab <= MAX_TAB_ROUTES + 2; tab++) routes = withTabRoute(routes, tab, 1);
    expect(Object.keys(routes)).toHaveLength(MAX_TAB_ROUTES);
    expect(routes).not.toHaveProperty("1");
    expect(routes).not.toHaveProperty("2");
    expect(routes).toHaveProperty(String(MAX_TAB_ROUTES + 2), 1);
  });
});

describe("tabTarget", () => {
  const a = makeToken({ id: 1 });
  const expired = makeToken({ id: 2, expiresAt: NOW - 1 });
  const routes = { 5: 1, 6: 2, 7: 3 };

  it("a tab without a route of its own (or no tab at all) is left to the rules", () => {
    expect(tabTarget(routes, 8, [a], unusable)).toBeNull();
    expect(tabTarget(routes, -1, [a], unusable)).toBeNull();
    expect(tabTarget(routes, undefined, [a], unusable)).toBeNull();
  });

  it("a routed tab goes through its token", () => {
    expect(tabTarget(routes, 5, [a, expired], unusable)).toEqual({ kind: "proxy", token: a });
  });

  it("fails closed: an expired or missing token blocks the tab, never sends it direct", () => {
    expect(tabTarget(routes, 6, [a, expired], unusable)).toEqual({
      kind: "block",
      failure: { code: "token-expired" },
    });
    expect(tabTarget(routes, 7, [a, expired], unusable)).toEqual({
      kind: "block",
      failure: { code: "token-missing" },
    });
  });
});

describe("tabRoutesSchema", () => {
  it("takes tab ids to token ids and refuses anything else", () => {
    expect(tabRoutesSchema.safeParse({ 5: 1, 6: -2 }).success).toBe(true);
    expect(tabRoutesSchema.safeParse({ 5: 0 }).success).toBe(false);
    expect(tabRoutesSchema.safeParse({ "-1": 1 }).success).toBe(false);
    expect(tabRoutesSchema.safeParse({ five: 1 }).success).toBe(false);
    expect(tabRoutesSchema.safeParse({ 5: 1.5 }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { expiredLast } from "../../../lib/state/token-facts";
import { unnotifiedWarnings, warningsOf } from "../../../lib/state/token-warnings";
import { makeToken } from "../stored-token";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const DAY = 86_400_000;

describe("warningsOf", () => {
  it.each([
    ["expires within the days", { expiresAt: NOW + DAY }, 2, ["expiring"]],
    ["expires at the edge", { expiresAt: NOW + 2 * DAY }, 2, ["expiring"]],
    ["expires later", { expiresAt: NOW + 2 * DAY + 1 }, 2, []],
    ["already expired (fail closed says that)", { expiresAt: NOW - 1 }, 2, []],
    ["no expiry", { expiresAt: null }, 2, []],
    ["warnings off", { expiresAt: NOW + DAY }, 0, []],
  ] as const)("%s", (_, over, days, expected) =>
    expect(warningsOf(makeToken(over), NOW, days)).toEqual(expected),
  );

  it("marks a traffic token from 90% of its quota, used up included", () => {
    const traffic = (used: number) =>
      makeToken({
        kind: "dynamic-traffic",
        expiresAt: null,
        trafficQuota: 1000,
        trafficUsed: used,
      });
    expect(warningsOf(traffic(899), NOW, 2)).toEqual([]);
    expect(warningsOf(traffic(900), NOW, 2)).toEqual(["traffic"]);
    expect(warningsOf(traffic(1000), NOW, 2)).toEqual(["traffic"]);
    // Only traffic-billed tokens count traffic.
    expect(
      warningsOf(makeToken({ expiresAt: null, trafficQuota: 10, trafficUsed: 10 }), NOW, 2),
    ).toEqual([]);
  });
});

describe("unnotifiedWarnings", () => {
  it("each token and threshold once", () => {
    const soon = makeToken({ id: 1, expiresAt: NOW + DAY });
    const later = makeToken({ id: 2, expiresAt: NOW + 30 * DAY });
    expect(unnotifiedWarnings([soon, later], NOW, 2, []).map((w) => w.token.id)).toEqual([1]);
    expect(unnotifiedWarnings([soon, later], NOW, 2, ["1:expiring"])).toEqual([]);
  });
});

describe("expiredLast", () => {
  it("moves expired tokens after the others, keeping each group's order", () => {
    const list = [
      makeToken({ id: 1, expiresAt: NOW - 1 }),
      makeToken({ id: 2, expiresAt: null }),
      makeToken({ id: 3, expiresAt: NOW }),
      makeToken({ id: 4, expiresAt: NOW + DAY }),
    ];
    expect(expiredLast(list, NOW).map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });
});

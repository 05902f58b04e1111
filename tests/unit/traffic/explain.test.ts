/** A request's route and why (lib/traffic/explain.ts), from the popup's own route answer. */
import { describe, expect, it } from "vitest";
import { explainRoute } from "../../../lib/traffic/explain";
import type { SiteRouteReport } from "../../../lib/traffic/site-route";

const report = (over: Partial<SiteRouteReport>): SiteRouteReport => ({
  host: "a.example",
  rule: null,
  target: { kind: "proxy", tokenId: 4 },
  ownRule: false,
  choices: [],
  ...over,
});

describe("route and reason", () => {
  it("the default route, a rule, the bypass list", () => {
    expect(explainRoute(report({}), false, null)).toEqual({
      route: { kind: "proxy", tokenId: 4 },
      reason: { kind: "default" },
    });
    const rule = { id: "r", position: 2, text: "*.example", route: { kind: "direct" as const } };
    expect(explainRoute(report({ rule, target: { kind: "direct" } }), false, null)).toEqual({
      route: { kind: "direct" },
      reason: { kind: "rule", position: 2, text: "*.example" },
    });
    expect(explainRoute(report({}), true, null)).toEqual({
      route: { kind: "direct" },
      reason: { kind: "bypass" },
    });
  });

  it("fail closed: everything blocked, or the default's token unusable, says why", () => {
    const blocked = report({ target: { kind: "block", failure: { code: "token-expired" } } });
    expect(explainRoute(blocked, false, { code: "token-expired" })).toEqual({
      route: { kind: "block" },
      reason: { kind: "fail-closed", code: "token-expired" },
    });
    expect(explainRoute(blocked, false, null).reason).toEqual({
      kind: "fail-closed",
      code: "token-expired",
    });
  });
});

/**
 * A request's route and its reason in the log's words (pure), from the same answer the popup's
 * "this site" gives (the plan the browser carries, with the engine's fail-closed decision).
 */

import type { TrafficReason, TrafficRoute } from "./entry";
import type { SiteRouteReport } from "./site-route";

export function explainRoute(
  report: SiteRouteReport,
  bypassed: boolean,
  blockedBy: { code: string } | null,
): { route: TrafficRoute; reason: TrafficReason } {
  if (bypassed) return { route: { kind: "direct" }, reason: { kind: "bypass" } };
  const { target, rule } = report;
  const route: TrafficRoute =
    target.kind === "proxy" ? { kind: "proxy", tokenId: target.tokenId } : { kind: target.kind };
  if (blockedBy && target.kind === "block" && !rule) {
    return { route, reason: { kind: "fail-closed", code: blockedBy.code } };
  }
  if (rule) return { route, reason: { kind: "rule", position: rule.position, text: rule.text } };
  // The default route blocked because its token cannot be used (gone, expired…) fails closed.
  if (target.kind === "block" && target.failure) {
    return { route, reason: { kind: "fail-closed", code: target.failure.code } };
  }
  return { route, reason: { kind: "default" } };
}

/**
 * The commands that change or ask about the site rules: a whole list saved, a patch, one
 * site's route, "which route?" for a page, and rule lists kept by URL. Every change is applied
 * to the browser (engine.rulesChanged) before the reply.
 */
import type { Failure } from "../base/failure";
import type { Engine } from "../proxy/engine";
import { CommandFailure, type Handlers } from "./command-kit";
import { siteRouteWithChoices, tabRouteNow } from "./site-route-now";
import { patchSiteRules, saveSiteRules, setSiteRoute } from "./site-rules";
import type { Subscriptions } from "./subscriptions";
import type { Traffic } from "./traffic";

type RuleCommands =
  | "setSiteRules"
  | "patchSiteRules"
  | "setSiteRoute"
  | "routeOf"
  | "subscribeRuleList"
  | "updateRuleList";

export function ruleCommands(deps: {
  engine: Engine;
  traffic?: Pick<Traffic, "trafficOf">;
  subscriptions?: Pick<Subscriptions, "subscribe" | "update">;
}): Pick<Handlers, RuleCommands> {
  const { engine } = deps;
  /** A save's outcome: refused with its reason, or applied before the reply. */
  const applied = async (saved: { ok: true } | { ok: false; failure: Failure }) => {
    if (!saved.ok) throw new CommandFailure(saved.failure);
    await engine.rulesChanged();
    return null;
  };
  return {
    setSiteRules: async ({ rules }) => applied(await saveSiteRules(rules)),
    patchSiteRules: async ({ upsert, order, removed }) =>
      applied(await patchSiteRules(upsert, order, removed)),
    setSiteRoute: async ({ host, route }) =>
      applied(await setSiteRoute(host, route, () => crypto.randomUUID())),
    routeOf: async ({ url, container, tabId }) => {
      const [report, thisPage, byTab] = await Promise.all([
        siteRouteWithChoices(url, container, engine.planOptions),
        tabId === undefined ? null : (deps.traffic?.trafficOf(tabId) ?? null),
        tabRouteNow(tabId, engine.planOptions),
      ]);
      // The bypass list comes before a tab's own route (firefox.ts).
      const routed = byTab && !report.bypassed ? { ...report, target: byTab, byTab: true } : report;
      return thisPage ? { ...routed, thisPage } : routed;
    },
    subscribeRuleList: async ({ type: _type, ...input }) => {
      if (!deps.subscriptions) throw new CommandFailure({ code: "internal" });
      return deps.subscriptions.subscribe(input);
    },
    updateRuleList: async ({ ruleId }) => {
      if (!deps.subscriptions) throw new CommandFailure({ code: "internal" });
      return deps.subscriptions.update(ruleId);
    },
  };
}

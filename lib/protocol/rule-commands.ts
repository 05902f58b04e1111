/**
 * The commands of site rules and lists: the editor's saves, the popup's "this site" question
 * and its two clicks, and rule lists kept by URL. Part of the one map (commands.ts).
 */
import * as z from "zod/mini";
import { routeSchema, siteRulesSchema, subscriptionSchema } from "../routing/rules";
import type { SubscribeOutcome, UpdateOutcome } from "../subscriptions/outcomes";
import type { SiteRouteReport } from "../traffic/site-route";
import { command, ruleIds } from "./command-parts";

export const ruleRequestSchemas = {
  /** Replaces the site rules (the editor sends the whole ordered list). */
  setSiteRules: command("setSiteRules", { rules: siteRulesSchema }),
  /**
   * The editor's change as a patch: the rules it added or changed, and the ids of the whole
   * list in its order (a rule left out is removed). 10,000 rules with one changed: one rule.
   */
  patchSiteRules: command("patchSiteRules", {
    upsert: siteRulesSchema,
    order: ruleIds,
    /**
     * The rules the user removed. Given, a stored rule neither in `order` nor here (one that
     * arrived meanwhile: by sync, a list's update) is kept, after the others.
     */
    removed: z.optional(ruleIds),
  }),
  /** The popup's "this site": which route the tab's address takes now, and why. */
  routeOf: command("routeOf", {
    url: z.string().check(z.maxLength(10_000)),
    /** Firefox: the tab's container (cookieStoreId), which a rule may be limited to. */
    container: z.optional(z.string().check(z.maxLength(200))),
    /** The tab: its requests that failed since its page loaded come with the answer. */
    tabId: z.optional(z.number().check(z.int())),
  }),
  /** The popup's two clicks: this site through a token, direct, or back to the default (null). */
  setSiteRoute: command("setSiteRoute", {
    host: z.string().check(z.minLength(1), z.maxLength(253)),
    route: z.nullable(routeSchema),
  }),
  /** A rule list kept by URL: fetched now, added only when it can be used. */
  subscribeRuleList: command("subscribeRuleList", {
    name: z.string().check(z.maxLength(200)),
    ...subscriptionSchema.def.shape,
    route: routeSchema,
  }),
  /** "Update now" for one subscribed list. */
  updateRuleList: command("updateRuleList", {
    ruleId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
};

export interface RuleReplies {
  setSiteRules: null;
  patchSiteRules: null;
  routeOf: SiteRouteReport;
  setSiteRoute: null;
  subscribeRuleList: SubscribeOutcome;
  updateRuleList: UpdateOutcome;
}

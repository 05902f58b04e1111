/**
 * Site rules as stored: an ordered list, first match wins. A rule holds the user's own text
 * (one pattern, or an imported rule list) and is compiled on load, so what the user typed is
 * what they see again and a better matcher never needs a storage migration.
 */
import * as z from "zod/mini";
import { MAX_SUBSCRIPTION_URL } from "../base/list-url";

/** Provider tokens have positive ids; proxies added by hand negative (local) ones. */
const tokenIdSchema = z.int().check(
  z.gte(-Number.MAX_SAFE_INTEGER),
  z.lte(Number.MAX_SAFE_INTEGER),
  z.refine((id) => id !== 0),
);

export const routeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("token"), tokenId: tokenIdSchema }),
  z.object({ kind: z.literal("direct") }),
  z.object({ kind: z.literal("block") }),
]);
/** Where matching traffic goes. */
export type Route = z.infer<typeof routeSchema>;

/** The user's own rules at most, whatever door they come through (managed-rules.ts counts). */
export const MAX_RULES = 10_000;
/** The administrator's rules at most (a policy's): they come on top of the user's own. */
export const MAX_MANAGED_RULES = 1_000;
/** A list as stored, or sent whole: the user's own and the administrator's. */
export const MAX_STORED_RULES = MAX_RULES + MAX_MANAGED_RULES;
export const MAX_PATTERN_LENGTH = 2_000;
export const MAX_LIST_LINES = 50_000;

const patternText = z.string().check(z.minLength(1), z.maxLength(MAX_PATTERN_LENGTH));

export const DEFAULT_UPDATE_HOURS = 24;

/**
 * A rule list kept by URL: the user's choice only (where, how, how often). Its fetched lines
 * are the list's `lines` (the last good copy, in force until a better one comes); how each
 * fetch went is this browser's own (`subscriptionStatus`), so a synced rule carries no state.
 */
export const subscriptionSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(MAX_SUBSCRIPTION_URL)),
  /** How the list is fetched: direct, or through one of the user's tokens. */
  via: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("token"), tokenId: tokenIdSchema }),
    z.object({ kind: z.literal("direct") }),
  ]),
  everyHours: z.int().check(z.gte(1), z.lte(24 * 30)),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const ruleSourceSchema = z.discriminatedUnion("type", [
  /** One pattern: a domain, a wildcard, a URL wildcard, a CIDR range or /regex/. */
  z.object({ type: z.literal("pattern"), text: patternText }),
  /**
   * An imported AutoProxy/SwitchyOmega rule list, kept as its accepted lines. Its `@@`
   * exceptions beat every other line of the list wherever they stand.
   */
  z.object({
    type: z.literal("list"),
    name: z.string().check(z.maxLength(200)),
    lines: z.array(patternText).check(z.maxLength(MAX_LIST_LINES)),
    /** Set for a list kept by URL: `lines` is then its last good copy (empty before the first). */
    subscription: z.optional(subscriptionSchema),
  }),
]);
export type RuleSource = z.infer<typeof ruleSourceSchema>;

export const siteRuleSchema = z.object({
  /** Stable across edits and reorders (for keys and focus), unique in the list. */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  enabled: z.boolean(),
  source: ruleSourceSchema,
  route: routeSchema,
  /** Firefox only: the container (contextualIdentities cookieStoreId) this rule is limited to. */
  container: z.optional(z.string().check(z.maxLength(200))),
});
export type SiteRule = z.infer<typeof siteRuleSchema>;

export const siteRulesSchema = z.array(siteRuleSchema).check(z.maxLength(MAX_STORED_RULES));

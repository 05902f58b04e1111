/**
 * How each subscribed list's fetches went, in this browser only (never synced, never in a
 * backup): when it was last checked, the last good copy's validators, the last failure and the
 * last change. Keyed by rule id; an entry whose URL is not the rule's any more is stale.
 */
import * as z from "zod/mini";
import { hashText } from "../base/hash";

export const SUBSCRIPTION_PROBLEMS = [
  "status",
  "timeout",
  "network",
  "too-large",
  "html",
  "unusable",
  "insecure-redirect",
  // Redirected, but the browser never told this fetch's hops: not used, since none was checked.
  "redirect-unchecked",
  "via-unusable",
] as const;
export type SubscriptionProblem = (typeof SUBSCRIPTION_PROBLEMS)[number];

const problemSchema = z.object({
  at: z.number(),
  reason: z.enum(SUBSCRIPTION_PROBLEMS),
  /** The HTTP status, the network error's words, the address redirected to. */
  detail: z.optional(z.string().check(z.maxLength(300))),
});
export type ListProblemRecord = z.infer<typeof problemSchema>;

const entrySchema = z.object({
  url: z.string().check(z.maxLength(2_000)),
  /** The last try, good or bad. */
  checkedAt: z.optional(z.number()),
  /** When the copy in force arrived (or was last confirmed unchanged by a 304). */
  fetchedAt: z.optional(z.number()),
  etag: z.optional(z.string().check(z.maxLength(500))),
  /**
   * The hash of the lines the validators stand for: lines that came back otherwise (a policy
   * rule put back empty, a backup's older copy) are fetched whole, never confirmed by a 304.
   */
  linesHash: z.optional(z.string().check(z.maxLength(20))),
  lastModified: z.optional(z.string().check(z.maxLength(100))),
  /** The last try failed: the copy from `fetchedAt` stays in force. Cleared by a good one. */
  problem: z.optional(problemSchema),
  /** The last time the list's lines changed, and how. */
  change: z.optional(z.object({ at: z.number(), added: z.number(), removed: z.number() })),
  /** Lines of the copy in force that were not understood (left out). */
  rejected: z.optional(z.number()),
  /** An update began and has not ended (a worker stopped during it says so next time). */
  startedAt: z.optional(z.number()),
});
export type SubscriptionState = z.infer<typeof entrySchema>;

export const subscriptionStatusSchema = z.record(z.string(), entrySchema);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** What the validators of a list's state stand for (see `linesHash`). */
export const linesHashOf = (lines: readonly string[]) => hashText(lines.join("\n"));

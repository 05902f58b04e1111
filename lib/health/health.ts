/**
 * A token's health, as "Check all" found it (pure types and their stored form): whether its
 * gateway answers, whether its login is accepted, how long a request through it takes, and
 * where it exits, when that could be learned without moving the user's own traffic.
 */
import * as z from "zod/mini";

/** Why a token was not checked. */
export const NOT_CHECKED = [
  /** Chrome cannot sign in to SOCKS5 proxies at all. */
  "socks-in-chrome",
  /**
   * Chrome keeps one login per gateway address as written, and every address of this
   * token's gateway carries the user's traffic with another token's login.
   */
  "gateway-in-use",
] as const;
export type NotCheckedReason = (typeof NOT_CHECKED)[number];

const errorText = z.string().check(z.maxLength(200));

export const healthOutcomeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ok"),
    /** A request through the signed-in gateway, answered (ms). */
    latencyMs: z.number().check(z.gte(0)),
    /** Where the token exits; null: not learned here (see `exitIpUnknown`). */
    exitIp: z.nullable(z.string().check(z.maxLength(100))),
  }),
  /** The gateway answered, and refused the token's login (a 407 to our own answer). */
  z.object({ kind: z.literal("login-refused") }),
  /** The gateway could not be reached (refused, reset, unknown host): the browser's words. */
  z.object({ kind: z.literal("unreachable"), error: errorText }),
  /** Nothing came back in time. */
  z.object({ kind: z.literal("timeout"), afterMs: z.number() }),
  /** Anything else the browser reported. */
  z.object({ kind: z.literal("failed"), error: errorText }),
  z.object({ kind: z.literal("not-checked"), why: z.enum(NOT_CHECKED) }),
]);
export type HealthOutcome = z.infer<typeof healthOutcomeSchema>;

export const tokenHealthSchema = z.object({ at: z.number(), outcome: healthOutcomeSchema });
export type TokenHealth = z.infer<typeof tokenHealthSchema>;

/** Each checked token's last result, by token id. */
export const healthResultsSchema = z.record(z.string(), tokenHealthSchema);
export type HealthResults = z.infer<typeof healthResultsSchema>;

export const HEALTH_RUN_STATES = ["running", "done", "cancelled", "stopped"] as const;

/** The check in progress (or the last one), for the progress bar. */
export const healthRunSchema = z.object({
  /** Which worker runs it: a run whose worker is gone stopped. */
  worker: z.string().check(z.maxLength(40)),
  startedAt: z.number(),
  total: z.int(),
  done: z.int(),
  state: z.enum(HEALTH_RUN_STATES),
  /** Waiting for the provider's rate limit until then (ms since the epoch). */
  waitingUntil: z.nullable(z.number()),
});
export type HealthRun = z.infer<typeof healthRunSchema>;

export const isHealthy = (outcome: HealthOutcome) => outcome.kind === "ok";
/** A result that says the token does not work (not "not checked"). */
export const isUnhealthy = (outcome: HealthOutcome) =>
  outcome.kind !== "ok" && outcome.kind !== "not-checked";

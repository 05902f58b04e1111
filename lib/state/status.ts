/**
 * The connection intent (which token the user chose) and the engine's visible status (what
 * the browser has shown us about it). Both written only by the background.
 */
import * as z from "zod/mini";
import { failureSchema } from "../base/failure-schema";
import { isRecord } from "../base/is-record";

export const connectionSchema = z.object({
  /** The token the user wants traffic to go through; null = no token (site rules only, or Off). */
  activeTokenId: z.nullable(z.int()),
  /** The last token used, for the keyboard toggle. */
  lastTokenId: z.nullable(z.int()),
  /**
   * The user's Off: everything direct, site rules and lists included. Only this (or a rule
   * saying "direct") sends traffic direct; absent in what older versions stored.
   */
  off: z.optional(z.boolean()),
  /** Tokens connected most recently first, for the keyboard's next/previous (at most 10). */
  recentTokenIds: z.optional(z.array(z.int()).check(z.maxLength(10))),
});
export type Connection = z.infer<typeof connectionSchema>;
export const NO_CONNECTION: Connection = { activeTokenId: null, lastTokenId: null };

/** How many recent tokens the connection keeps. */
export const RECENT_TOKENS = 10;

/** The recent list with this token first (each token once, at most RECENT_TOKENS). */
export const withRecent = (recent: readonly number[] | undefined, tokenId: number): number[] =>
  [tokenId, ...(recent ?? []).filter((id) => id !== tokenId)].slice(0, RECENT_TOKENS);

export const exitIpSchema = z.object({
  ip: z.string(),
  country: z.string(),
  countryCode: z.string(),
  city: z.string(),
  checkedAt: z.number(),
  /** The token the check went through; null = direct. */
  viaTokenId: z.nullable(z.int()),
});
export type ExitIp = z.infer<typeof exitIpSchema>;

export const statusErrorSchema = z.object({ failure: failureSchema, at: z.number() });
export type StatusError = z.infer<typeof statusErrorSchema>;

/**
 * What the browser has shown about the chosen route. direct: no token chosen. checking: the
 * token's proxy is applied, no request has proved it yet. connected: a request through it
 * worked. error: requests through it fail (why is in `error`). blocked: the token cannot be
 * used, so traffic goes nowhere until the user chooses (why is in `error`).
 */
export const PROXY_STATES = ["direct", "checking", "connected", "error", "blocked"] as const;

export const proxyStatusSchema = z.object({
  state: z.enum(PROXY_STATES),
  tokenId: z.nullable(z.int()),
  error: z.nullable(statusErrorSchema),
  exitIp: z.nullable(exitIpSchema),
  /** Another extension controls the browser's proxy setting: ours cannot take effect. */
  controlledByOther: z.boolean(),
});
export type ProxyStatus = z.infer<typeof proxyStatusSchema>;

export const DEFAULT_STATUS: ProxyStatus = {
  state: "direct",
  tokenId: null,
  error: null,
  exitIp: null,
  controlledByOther: false,
};

/**
 * A stored status, field by field. An error written by an older version (a sentence, not a
 * failure code) reads as no error: the background's reconcile on wake finds it again if it
 * still holds.
 */
export function decodeStatus(raw: unknown): ProxyStatus {
  if (!isRecord(raw)) return DEFAULT_STATUS;
  const field = <T>(schema: z.ZodMiniType<T>, value: unknown, fallback: T): T => {
    const result = schema.safeParse(value);
    return result.success ? result.data : fallback;
  };
  const shape = proxyStatusSchema.def.shape;
  const status: ProxyStatus = {
    state: field(shape.state, raw.state, "direct"),
    tokenId: field(shape.tokenId, raw.tokenId, null),
    error: field(shape.error, raw.error, null),
    exitIp: field(shape.exitIp, raw.exitIp, null),
    controlledByOther: field(shape.controlledByOther, raw.controlledByOther, false),
  };
  // An error or a block whose reason cannot be read proves nothing either way.
  return (status.state === "error" || status.state === "blocked") && status.error === null
    ? { ...status, state: status.tokenId === null ? "direct" : "checking" }
    : status;
}

export function decodeConnection(raw: unknown): Connection {
  const result = connectionSchema.safeParse(raw);
  return result.success ? result.data : NO_CONNECTION;
}

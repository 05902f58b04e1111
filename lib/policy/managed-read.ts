/**
 * What a read of `storage.managed` means (pure): a policy, no policy, or a read that failed. A
 * failed read is not "no policy": the last policy read stays in force (fail closed: its blocks
 * hold, its values stay locked) and the failure is kept here for the pages to say so, until a
 * read works again.
 */
import * as z from "zod/mini";
import { isRecord } from "../base/is-record";
import { instantSchema } from "../state/tokens";

export const policyUnreadSchema = z.object({
  at: instantSchema,
  /** The browser's words for it, for the administrator. */
  error: z.string().check(z.maxLength(300)),
});
export type PolicyUnread = z.infer<typeof policyUnreadSchema>;

export type ManagedRead = { ok: true; raw: Record<string, unknown> } | { ok: false; error: string };

/**
 * Firefox's answer when it found no managed-storage manifest for the add-on: no policy. (It says
 * the same of a manifest it cannot parse, so a damaged file there reads as none: measured on
 * Firefox ESR 153, whose ext-storage.js keeps the lookup for the add-on's whole session.)
 */
const NO_MANIFEST = "Managed storage manifest not found";

export function managedReadOf(outcome: { value: unknown } | { error: unknown }): ManagedRead {
  if ("value" in outcome) return { ok: true, raw: isRecord(outcome.value) ? outcome.value : {} };
  // An Error, or an error-like object from another realm (the polyfill passes either on).
  const { error: thrown } = outcome;
  const error =
    isRecord(thrown) && typeof thrown.message === "string" ? thrown.message : String(thrown ?? "");
  if (error.includes(NO_MANIFEST)) return { ok: true, raw: {} };
  return { ok: false, error: error.slice(0, 300) || "unknown error" };
}

/** What the pages are told of an empty answer not taken (in the browser's words' language). */
export const EMPTY_AFTER_FAILURE =
  "the browser's policy store answered empty after it failed; it is read again when the policy changes or the browser restarts";

/**
 * Whether a read that worked is taken over the policy in force. Chromium keeps the policy in a
 * store of the profile: after that store failed, it comes back empty, and the policy it could
 * not write is written again only when the policy changes (Chrome's change event) or the
 * browser restarts (measured on Chromium 156). So an empty answer after a failed read in this
 * session is not taken over a policy in force, unless it came with the change event. (The
 * failure is kept in session storage: a restart trusts the first read again.)
 */
export function readTaken(
  raw: Record<string, unknown>,
  inForce: Record<string, unknown>,
  unread: PolicyUnread | null,
  changeEvent: boolean,
): boolean {
  const emptyAfterFailure =
    unread !== null && Object.keys(raw).length === 0 && Object.keys(inForce).length > 0;
  return changeEvent || !emptyAfterFailure;
}

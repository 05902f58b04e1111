/**
 * What the background's commands answer with (lib/protocol/commands.ts maps each command to
 * its reply), and the token-edit requests' parts, bounded here and checked in full by the
 * background's gates (look-check.ts, proxy-line.ts).
 */
import * as z from "zod/mini";
import type { JsonObject } from "../api/lookup-schemas";
import type { Failure } from "../base/failure";
import type { Refusal } from "../base/refusal";
import type { LineProblem } from "../state/proxy-lines";
import type { StoredToken } from "../state/tokens";

const field = z.string().check(z.maxLength(2048));
export const lookSchema = z.object({ name: field, colour: field });
export const proxyFieldsSchema = z.object({
  networkType: z.enum(["HTTP", "SOCKS5"]),
  host: field,
  port: field,
  username: field,
  password: field,
});

export interface BatchOutcome {
  done: number[];
  failed: { id: number; failure: Failure }[];
  /** Deleted, and the provider said they cannot be restored (can_restore: false). */
  unrestorable?: number[];
}

/** The groups of the provider's API that Verify asks about (see lib/background/verify.ts). */
export type AccessGroup = "tokens" | "lookups" | "quality" | "account";
export const ACCESS_GROUPS: readonly AccessGroup[] = ["tokens", "lookups", "quality", "account"];

export interface VerifyReport {
  /** Per group, in ACCESS_GROUPS order: null when the credentials were taken. */
  groups: { group: AccessGroup; failure: Failure | null }[];
  /** The account's own answer, when the account group worked. */
  account: JsonObject | null;
}

export interface AddProxiesOutcome {
  /** Local ids of the proxies stored. */
  added: number[];
  duplicate: number;
  rejected: { line: number; problem: LineProblem }[];
}

/**
 * An edit stored (`{}`), or why not: the gate refused the look, a field is wrong (the paste
 * box's problems), or the token is gone, not one whose fields can change, or a duplicate.
 */
export type EditOutcome = {
  refusal?: Refusal;
  problem?: LineProblem | "missing" | "not-editable" | "duplicate";
};

export interface CreateOutcome {
  tokens: StoredToken[];
  requested: number;
  created: number;
  /** Answered by the provider but not usable here (kept in support, with the answer). */
  unusable: number;
}

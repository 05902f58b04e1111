/**
 * A create answer's tokens, each checked on its own. They are paid for: one the client cannot
 * read (a field of an odd type, a date it cannot place) is handed back raw with what was wrong,
 * for the background to keep for support, and never costs the user the others.
 */
import * as z from "zod/mini";
import { describeIssue } from "./validate";

export interface UnreadableToken {
  /** The entry as the provider sent it. */
  raw: unknown;
  /** What was wrong with it, in English (for support). */
  issue: string;
}

export interface CreatedTokens<T> {
  tokens: T[];
  unreadable: UnreadableToken[];
}

export function readEachToken<T>(
  schema: z.ZodMiniType<T>,
  entries: readonly unknown[],
): CreatedTokens<T> {
  const tokens: T[] = [];
  const unreadable: UnreadableToken[] = [];
  for (const raw of entries) {
    const result = z.safeParse(schema, raw);
    if (result.success) tokens.push(result.data);
    else {
      const issue = result.error.issues[0];
      unreadable.push({ raw, issue: issue ? describeIssue(issue, raw) : "unreadable" });
    }
  }
  return { tokens, unreadable };
}

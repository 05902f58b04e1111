/**
 * Whose login answers a challenge when nothing else says: the active token, the one proxy
 * both browsers use without site rules (with rules, the background asks route-plan.ts or
 * Firefox's record of the request first).
 */
import type { StoredToken } from "../state/tokens";
import { readState } from "../storage/read";

export async function activeLogin(): Promise<StoredToken | null> {
  const { connection, tokens } = await readState(["connection", "tokens"]);
  return tokens.find((t) => t.id === connection.activeTokenId) ?? null;
}

/**
 * The proxy-challenge answer both browsers give: read the active token and the answered request
 * ids from storage (a woken background has no module state), decide, remember the answer.
 */
import { items, readConnection, readTokens } from "../state/storage";
import { type AuthChallenge, decideAuth, recordAnswer } from "./auth";

export type AuthResponse = {
  authCredentials?: { username: string; password: string };
  cancel?: boolean;
};

export async function answerChallenge(
  challenge: AuthChallenge,
  onRefused: (message: string) => Promise<void>,
): Promise<AuthResponse> {
  const [{ activeTokenId }, tokens, attempts] = await Promise.all([
    readConnection(),
    readTokens(),
    items.authAttempts.getValue(),
  ]);
  const active = tokens.find((t) => t.id === activeTokenId) ?? null;
  const decision = decideAuth(challenge, active, attempts[challenge.requestId] ? 1 : 0);
  if (decision.action === "ignore") return {};
  if (decision.action === "cancel") {
    // Stored before the request fails, so whoever sees the failure also finds the reason.
    await onRefused(
      "The proxy refused this token's username or password. Check the token or choose another one.",
    );
    return { cancel: true };
  }
  await items.authAttempts.setValue(recordAnswer(attempts, challenge.requestId, Date.now()));
  return { authCredentials: { username: decision.username, password: decision.password } };
}
